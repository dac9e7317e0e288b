// What the rich editor (Milkdown) writes, and how it goes back into the text: only the blocks that
// were edited are rewritten; every other byte stays as the user wrote it (docs/decisions/0008-source-editor.md).
import { type LineSeparator, lineSeparatorOf, withLineSeparator } from "./line-breaks";

/**
 * Milkdown keeps an empty paragraph at the end of the document for the cursor, which it writes as
 * `<br />`; at the end of a share it is only noise (an empty line under the text).
 */
export function trimEditorTail(markdown: string): string {
  return markdown.replace(/(?:\n*[ \t]*<br\s*\/?>[ \t]*)+\s*$/u, "\n");
}

/** Where one top-level block of the loaded text sits in it: offsets [start, end). */
export type BlockSpan = { start: number; end: number };

/** An edit of the rich editor's top-level blocks: loaded blocks [from, to) became `written` (Markdown each). */
export type BlockEdit = { from: number; to: number; written: string[] };

/** An empty paragraph, which Milkdown writes as `<br />`: nothing a reader sees, so nothing is written. */
const EMPTY_BLOCK = /^\s*(?:<br\s*\/?>\s*)*$/u;

/**
 * The text after an edit in the rich editor. `spans` are the loaded text's top-level blocks; the
 * editor may hold more blocks than the text (its closing empty paragraph), which sit at its end.
 * The same number of blocks in and out: each is replaced in place, so what lies between blocks
 * (reference definitions, blank lines) is kept. Otherwise the run of changed blocks is replaced
 * as a whole. New text uses the loaded text's line separator.
 */
export function spliceEditedBlocks(original: string, spans: BlockSpan[], edit: BlockEdit): string {
  const separator: LineSeparator = lineSeparatorOf(original);
  const blocks = edit.written
    .map((markdown) => markdown.replace(/\s+$/u, ""))
    .filter((markdown) => !EMPTY_BLOCK.test(markdown))
    .map((markdown) => withLineSeparator(markdown, separator));
  const gap = separator + separator;
  const count = spans.length;
  const from = Math.min(edit.from, count);
  const to = Math.min(edit.to, count);
  if (count === 0) return blocks.length === 0 ? original : blocks.join(gap) + separator;

  if (to - from === blocks.length && blocks.length > 0) {
    let text = original;
    for (let index = blocks.length - 1; index >= 0; index--) {
      const span = spans[from + index] as BlockSpan;
      text = text.slice(0, span.start) + blocks[index] + text.slice(span.end);
    }
    return text;
  }
  const joined = blocks.join(gap);
  if (to === from) {
    if (blocks.length === 0) return original;
    // New blocks before a loaded one, or after the last.
    if (from < count) return splice(original, (spans[from] as BlockSpan).start, 0, joined + gap);
    return splice(original, (spans[count - 1] as BlockSpan).end, 0, gap + joined);
  }
  const first = spans[from] as BlockSpan;
  const last = spans[to - 1] as BlockSpan;
  if (blocks.length > 0) return splice(original, first.start, last.end - first.start, joined);
  // Blocks deleted: their blank lines go with them.
  if (to < count) return splice(original, first.start, (spans[to] as BlockSpan).start - first.start, "");
  if (from > 0) {
    const before = (spans[from - 1] as BlockSpan).end;
    return splice(original, before, last.end - before, "");
  }
  return splice(original, first.start, last.end - first.start, "");
}

function splice(text: string, at: number, length: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + length);
}
