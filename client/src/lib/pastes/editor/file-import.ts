// Importing a local .md or text file into the editor: size-checked against the editor's limit
// before it is read, refused when it is not text, and the mode follows the file's extension.
import { MAX_TEXT_BYTES } from "@shared/constants";
import type { EditorMode } from "./draft-store";

export const IMPORT_ACCEPT = ".md,.markdown,.mdown,.mkd,.txt,.text,.log,.csv,.json,.yaml,.yml,text/plain,text/markdown";

const MARKDOWN_EXTENSIONS = /\.(md|markdown|mdown|mkd|mkdn)$/i;

export type ImportResult =
  | { ok: true; content: string; mode: EditorMode; name: string }
  | { ok: false; reason: "tooLarge" | "notText" | "unreadable"; name: string };

export function modeForFileName(name: string): EditorMode {
  return MARKDOWN_EXTENSIONS.test(name) ? "markdown" : "text";
}

/** A NUL byte or many replacement characters: a binary file read as text. */
export function looksBinary(content: string): boolean {
  if (content.includes("\u0000")) return true;
  const sample = content.slice(0, 8192);
  let replacements = 0;
  for (const character of sample) if (character === "\uFFFD") replacements++;
  return sample.length > 0 && replacements / sample.length > 0.05;
}

export async function readImportFile(file: Pick<File, "name" | "size" | "text">): Promise<ImportResult> {
  const { name } = file;
  if (file.size > MAX_TEXT_BYTES) return { ok: false, reason: "tooLarge", name };
  let content: string;
  try {
    content = await file.text();
  } catch {
    return { ok: false, reason: "unreadable", name };
  }
  if (looksBinary(content)) return { ok: false, reason: "notText", name };
  // A byte-order mark is not part of the text.
  if (content.startsWith("\uFEFF")) content = content.slice(1);
  return { ok: true, content, mode: modeForFileName(name), name };
}
