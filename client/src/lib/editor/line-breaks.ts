// Line breaks in the source editor. CodeMirror splits a document on \r\n, \r and \n and writes it
// back with one separator, which would turn a Windows file or a pasted CRLF text into LF. What a
// user pastes must be stored byte for byte (docs/decisions/0008-source-editor.md), so the editor is told which separator the
// text uses: "\r\n" when every break is CRLF (Enter then inserts CRLF too), otherwise "\n" with any
// stray \r kept as an ordinary character of its line, so mixed endings survive untouched as well.

export type LineSeparator = "\n" | "\r\n";

export function lineSeparatorOf(text: string): LineSeparator {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  if (crlf === 0) return "\n";
  const allBreaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return allBreaks === crlf ? "\r\n" : "\n";
}

/** Text pasted or inserted into a document, with its line breaks in the document's separator. */
export function withLineSeparator(text: string, separator: LineSeparator): string {
  return separator === "\r\n" ? text.replace(/\r\n|\r|\n/g, "\r\n") : text;
}
