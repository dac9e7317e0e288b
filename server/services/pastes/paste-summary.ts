// What the management lists show of a paste instead of its content (docs/admin-lists.md "Rows
// without their content"): its first characters and its length, stored beside the content by every
// write of it (creation, an edit, the CloudPaste import, a restore), so that a list page of 200 pastes
// of 10 MiB reads 200 short rows, not 2 GiB. The migration 20261130020000_paste_list_summary computes
// the same values in SQL for the rows that were there before.

/** Characters of the content a list shows. */
export const PREVIEW_LENGTH = 200;

/**
 * The stored columns for `content`. The preview keeps whole code points (a pair of surrogates is never
 * cut, which the database could not store); `previewOf` cuts it to what the list has always shown.
 */
export function pasteSummaryColumns(content: string, encrypted: boolean): { preview: string; contentLength: number } {
  // An encrypted paste's content is ciphertext: nothing of it is worth showing in a list.
  if (encrypted) return { preview: "", contentLength: content.length };
  let end = 0;
  for (let points = 0; points < PREVIEW_LENGTH && end < content.length; points++) {
    const unit = content.charCodeAt(end);
    const pair = unit >= 0xd800 && unit <= 0xdbff && end + 1 < content.length;
    end += pair && isLowSurrogate(content.charCodeAt(end + 1)) ? 2 : 1;
  }
  return { preview: content.slice(0, end), contentLength: content.length };
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** The list's preview from the stored one: the first 200 UTF-16 units of the content, "" when encrypted. */
export function previewOf(row: { preview: string; encrypted: boolean }): string {
  return row.encrypted ? "" : row.preview.slice(0, PREVIEW_LENGTH);
}
