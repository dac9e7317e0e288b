// What the share page says before "Download all" (docs/path-shares.md, "Before the zip"): the files and
// bytes the zip will hold, and a warning when that is a long download.
import { formatBytes } from "@shared/format-bytes";
import type { DownloadAllSize } from "@shared/schemas/shares/path-shares";
import type { TFunction } from "i18next";

/** From this many files, or this many bytes, or when the server stopped counting, the page warns first. */
export const LARGE_DOWNLOAD_FILES = 1000;
export const LARGE_DOWNLOAD_BYTES = 1024 ** 3;

export function isLargeDownload(size: DownloadAllSize): boolean {
  return !size.is_exact || size.files >= LARGE_DOWNLOAD_FILES || size.bytes >= LARGE_DOWNLOAD_BYTES;
}

/** "1,234 files · 5.6 MB", or "At least 10,000 files · 9.8 GB" when the count stopped at its cap. */
export function downloadAllText(t: TFunction, size: DownloadAllSize, locale: string): string {
  const values = { count: size.files, files: size.files.toLocaleString(locale), size: formatBytes(size.bytes, locale) };
  return size.is_exact ? t("shareLink.zipSize", values) : t("shareLink.zipSizeAtLeast", values);
}
