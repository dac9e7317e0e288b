import type { RefObject } from "react";
import type { MarkdownAction } from "../../lib/editor/markdown-commands";

// What a screen can ask of a running editor (the source editor or the rich Milkdown one).
export type EditorHandle = {
  /**
   * The text as it is now, reported through onChange too. Editors report typing after a short
   * pause; a click on "create" or "save" or a mode switch right after typing must not lose the end.
   * Always the editor's text (null only before the editor runs): a report already sent may not have
   * reached the screen's state yet when the click comes (a busy machine renders late), so a screen
   * never falls back to its own copy while the editor runs.
   */
  flush: () => string | null;
  focus?: () => void;
};

/** Where the source editor starts when it takes over from Home's plain text area (plain-editor.tsx). */
export type EditorStart = {
  selection: { anchor: number; head: number };
  isFocused: boolean;
  /** A paste or a toolbar action made while the source editor loaded: it runs there, as if made there. */
  input?: { paste: string } | { action: MarkdownAction };
};

/** What the text editor (text-editor.tsx) hands to the field that edits the source, whichever runs. */
export type SourceFieldProps = {
  onChange: (text: string) => void;
  language: "markdown" | "text";
  label: string;
  placeholder?: string;
  describedBy?: string;
  isInvalid?: boolean;
  id?: string;
  handleRef: RefObject<EditorHandle | null>;
  /** Filled by the plain text area as it goes; read by the source editor that takes over. */
  startRef: RefObject<EditorStart | null>;
};
