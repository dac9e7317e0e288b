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
