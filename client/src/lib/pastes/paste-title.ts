// The name a paste's page goes by in the browser's tab and history: its first line of words (a
// Markdown heading without its marks, front matter's title or skipped), cut to a tab's length.

/** Longer first lines are cut here, with an ellipsis: a tab shows less than this anyway. */
export const PASTE_TITLE_MAX_CHARS = 80;

const FRONT_MATTER_FENCE = /^(---|\+\+\+)\s*$/;
/** Leading Markdown marks of a line: headings, quotes, list items and task boxes. */
const MARKDOWN_LINE_MARKS = /^(?:#{1,6}(?:\s+|$)|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)+/;

function cut(line: string): string {
  const characters = [...line];
  if (characters.length <= PASTE_TITLE_MAX_CHARS) return line;
  return `${characters
    .slice(0, PASTE_TITLE_MAX_CHARS - 1)
    .join("")
    .trimEnd()}…`;
}

/** The paste's title, or null when it has no line of words (the page then keeps its generic name). */
export function pasteTitleOf(content: string, format: "markdown" | "text"): string | null {
  const lines = content.split(/\r\n|\r|\n/);
  let start = 0;
  if (format === "markdown" && FRONT_MATTER_FENCE.test(lines[0] ?? "")) {
    const end = lines.findIndex((line, index) => index > 0 && FRONT_MATTER_FENCE.test(line));
    if (end > 0) {
      const title = lines.slice(1, end).find((line) => /^title\s*[:=]/i.test(line));
      const value = title
        ?.replace(/^title\s*[:=]\s*/i, "")
        .replace(/^["']|["']$/g, "")
        .trim();
      if (value) return cut(value);
      start = end + 1;
    }
  }
  for (const line of lines.slice(start)) {
    const words = (format === "markdown" ? line.trim().replace(MARKDOWN_LINE_MARKS, "") : line).trim();
    if (words && !(format === "markdown" && /^(```|~~~|<!--|\|?\s*:?-+)/.test(words))) return cut(words);
  }
  return null;
}
