import { describe, expect, test } from "bun:test";
import { expectShareProblems } from "../../../test/client-errors";
import { classifyPasteError, isTerminalProblem } from "./paste-errors";
import { pasteLinkFrom, rawPathFor, withPassword } from "./paste-links";

describe("paste problems", () => {
  test("tell the screens apart", () => {
    expectShareProblems(classifyPasteError, "pasteExpired");
  });

  test("missing, expired and used-up end the visit; a wrong password does not", () => {
    expect(["notFound", "expired", "limitReached", "gone"].every((p) => isTerminalProblem(p as never))).toBe(true);
    expect(isTerminalProblem("wrongPassword")).toBe(false);
    expect(isTerminalProblem("network")).toBe(false);
  });
});

describe("paste links", () => {
  test("the raw link carries the password, encoded", () => {
    expect(rawPathFor("abc")).toBe("/api/raw/abc");
    expect(rawPathFor("a b", "p&w d")).toBe("/api/raw/a%20b?password=p%26w+d");
    expect(withPassword("https://x.test/api/raw/abc", "s e")).toBe("https://x.test/api/raw/abc?password=s+e");
    expect(withPassword("https://x.test/api/raw/abc", "")).toBe("https://x.test/api/raw/abc");
  });

  test("copy link drops query and fragment, except an encrypted paste's key", () => {
    const location = { origin: "https://x.test", pathname: "/paste/abc", hash: "#key" };
    expect(pasteLinkFrom(location)).toBe("https://x.test/paste/abc");
    expect(pasteLinkFrom(location, { withFragment: true })).toBe("https://x.test/paste/abc#key");
  });
});
