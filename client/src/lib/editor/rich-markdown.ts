// What the rich editor (Milkdown) writes needs one repair before it is reported as the text.

/**
 * Milkdown keeps an empty paragraph at the end of the document for the cursor, which it writes as
 * `<br />`; at the end of a share it is only noise (an empty line under the text).
 */
export function trimEditorTail(markdown: string): string {
  return markdown.replace(/(?:\n*[ \t]*<br\s*\/?>[ \t]*)+\s*$/u, "\n");
}
