// Markdown whose HTML would be far larger than its text, found by one pass over the text before any
// parser sees it (docs/decisions/0012-server-rendered-markdown.md, Cost). Two shapes multiply: a
// reference link repeats its definition's URL at every use (64 KiB of `[x][r]` pointing at one 20 KB
// URL makes 150 MB of HTML), and a table row is padded to its header's width (a 3,000-column header
// over thousands of one-cell rows). Deep block quotes (`>>>>...`) overflow the parser's stack after
// seconds of work. Such a text is shown as text, never rendered.

/** HTML a text may expand to before it is refused, in characters. */
export const MAX_EXPANDED_CHARS = 4 * 1024 * 1024;
/** Block quotes nested deeper than this on one line. */
export const MAX_QUOTE_DEPTH = 64;

const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*<?(\S+?)>?(?:[ \t]|$)/gm;
const QUOTE_PREFIX = /^ {0,3}(?:> ?){65}/m;
const TABLE_DELIMITER_ROW = /^ {0,3}\|?(?: *:?-+:? *\|)+ *:?-*:? *\|? *$/gm;

function count(text: string, char: string): number {
  let found = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) found++;
  return found;
}

/** Why `markdown` must not be rendered, or null when it may be. */
export function markdownTooComplex(markdown: string): "references" | "table" | "nesting" | null {
  if (QUOTE_PREFIX.test(markdown)) return "nesting";
  let longestDestination = 0;
  for (const match of markdown.matchAll(REFERENCE_DEFINITION)) {
    longestDestination = Math.max(longestDestination, match[1]?.length ?? 0);
  }
  // Each `]` may close a reference use; each use repeats at most the longest destination.
  if (longestDestination > 0 && count(markdown, "]") * longestDestination > MAX_EXPANDED_CHARS) return "references";
  let widestTable = 0;
  for (const match of markdown.matchAll(TABLE_DELIMITER_ROW)) {
    widestTable = Math.max(widestTable, count(match[0], "|") + 1);
  }
  // A row becomes a full row of empty cells (`<td></td>`, 9 characters) whatever it holds.
  if (widestTable > 0 && count(markdown, "\n") * widestTable * 9 > MAX_EXPANDED_CHARS) return "table";
  return null;
}
