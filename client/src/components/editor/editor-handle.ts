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

/** One change made in Home's plain text area, replayed in the source editor so that undo reaches it. */
export type TextEdit = { from: number; to: number; insert: string; time: number; userEvent: string };

/**
 * An input the plain text area could not apply itself: a paste holding "\r" (a text area turns it into
 * "\n"), a toolbar action, and whatever is typed after one of them until the source editor runs.
 */
export type QueuedInput =
  | { paste: string }
  | { action: MarkdownAction }
  | { insert: string }
  | { delete: "backward" | "forward" };

/** Where the source editor starts when it takes over from Home's plain text area (plain-editor.tsx). */
export type EditorStart = {
  /** The text area's text at the hand-over. */
  text: string;
  /** The text before the text area's first edit, and its edits since (null when there were none). */
  history: { base: string; edits: TextEdit[] } | null;
  selection: { anchor: number; head: number };
  isFocused: boolean;
  /** Applied in order after the text, as if made in the source editor. */
  queued: QueuedInput[];
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
