// What the share page says before "Download all": the count and size in each language, and when it warns.
import { beforeAll, describe, expect, test } from "bun:test";
import i18n, { loadTexts } from "../../i18n";
import { downloadAllText, isLargeDownload, LARGE_DOWNLOAD_BYTES, LARGE_DOWNLOAD_FILES } from "./download-all";

describe("download all", () => {
  beforeAll(() => loadTexts(["shareLink"], ["en", "zh"]));

  test("the count and size read naturally in English and Chinese, and say “at least” past the cap", () => {
    const en = i18n.getFixedT("en");
    const zh = i18n.getFixedT("zh");
    expect(downloadAllText(en, { files: 1, bytes: 11, is_exact: true }, "en")).toBe("1 file · 11 B");
    expect(downloadAllText(en, { files: 1234, bytes: 5 * 1024 ** 2, is_exact: true }, "en")).toBe("1,234 files · 5 MB");
    expect(downloadAllText(en, { files: 10_000, bytes: 1536 * 1024 ** 2, is_exact: false }, "en")).toBe(
      "At least 10,000 files · 1.5 GB",
    );
    expect(downloadAllText(zh, { files: 10_000, bytes: 1536 * 1024 ** 2, is_exact: false }, "zh")).toBe(
      "至少 10,000 个文件 · 1.5 GB",
    );
  });

  test("the page warns from a thousand files, a gigabyte, or a count that stopped at its cap", () => {
    expect(isLargeDownload({ files: LARGE_DOWNLOAD_FILES - 1, bytes: LARGE_DOWNLOAD_BYTES - 1, is_exact: true })).toBe(
      false,
    );
    expect(isLargeDownload({ files: LARGE_DOWNLOAD_FILES, bytes: 0, is_exact: true })).toBe(true);
    expect(isLargeDownload({ files: 1, bytes: LARGE_DOWNLOAD_BYTES, is_exact: true })).toBe(true);
    expect(isLargeDownload({ files: 10, bytes: 10, is_exact: false })).toBe(true);
  });
});
