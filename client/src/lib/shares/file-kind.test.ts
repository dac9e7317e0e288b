import { describe, expect, test } from "bun:test";
import { expectShareProblems } from "../../../test/client-errors";
import { classifyFileError, filePagePath, linksExpired } from "./file-errors";
import { codeLanguageOf, fileKindOf, isPrivateHost, officeViewerUrl, previewKindOf } from "./file-kind";

describe("file kinds and previews", () => {
  test("by type and name", () => {
    expect(previewKindOf("image/png", "a.png")).toBe("image");
    expect(previewKindOf("video/mp4", "a.mp4")).toBe("video");
    expect(previewKindOf("audio/mpeg", "a.mp3")).toBe("audio");
    expect(previewKindOf("application/pdf", "a.pdf")).toBe("pdf");
    expect(previewKindOf("text/markdown", "notes.md")).toBe("markdown");
    expect(previewKindOf("application/octet-stream", "README.markdown")).toBe("markdown");
    expect(previewKindOf("text/typescript", "index.ts")).toBe("code");
    expect(previewKindOf("text/plain", "log.txt")).toBe("text");
    expect(previewKindOf("application/json", "data.json")).toBe("code");
    expect(
      previewKindOf("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "letter.docx"),
    ).toBe("office");
    expect(previewKindOf("application/vnd.ms-excel", "sheet.xls")).toBe("office");
    expect(previewKindOf("application/zip", "a.zip")).toBe("none");
    expect(previewKindOf("application/octet-stream", "blob")).toBe("none");
  });

  test("SVG and HTML are shown as source, never rendered", () => {
    expect(previewKindOf("image/svg+xml", "logo.svg")).toBe("code");
    expect(codeLanguageOf("logo.svg")).toBe("xml");
    expect(previewKindOf("text/html", "page.html")).toBe("code");
  });

  test("icons group the rest", () => {
    expect(fileKindOf("application/zip", "a.zip")).toBe("archive");
    expect(fileKindOf("", "deck.pptx")).toBe("presentation");
    expect(fileKindOf("", "Makefile")).toBe("code");
    expect(fileKindOf("", "unknown")).toBe("other");
  });

  test("Office Online gets the document's own link; private hosts are recognised", () => {
    expect(officeViewerUrl("https://share.example/api/storage/local/c?op=get&x=1")).toBe(
      "https://view.officeapps.live.com/op/embed.aspx?src=https%3A%2F%2Fshare.example%2Fapi%2Fstorage%2Flocal%2Fc%3Fop%3Dget%26x%3D1",
    );
    expect(isPrivateHost("127.0.0.1")).toBe(true);
    expect(isPrivateHost("192.168.1.10")).toBe(true);
    expect(isPrivateHost("localhost")).toBe(true);
    expect(isPrivateHost("[::1]")).toBe(true);
    expect(isPrivateHost("share.example")).toBe(false);
    expect(isPrivateHost("fdroid.org")).toBe(false);
    expect(isPrivateHost("8.8.8.8")).toBe(false);
  });
});

describe("file page problems", () => {
  test("missing, expired, used up, wrong password, too many attempts", () => {
    expectShareProblems(classifyFileError, "fileExpired");
  });

  test("links are renewed a little before they expire", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(linksExpired(null, now)).toBe(false);
    expect(linksExpired(new Date("2026-01-01T12:10:00Z"), now)).toBe(false);
    expect(linksExpired(new Date("2026-01-01T12:00:10Z"), now)).toBe(true);
  });

  test("the page path carries the password when given", () => {
    expect(filePagePath("ab c")).toBe("/file/ab%20c");
    expect(filePagePath("abc", "p&w")).toBe("/file/abc?password=p%26w");
  });
});
