// What a screen can ask of a running editor (the source editor or the rich Milkdown one).
export type EditorHandle = {
  /**
   * The text as it is now, reported through onChange too. Editors report typing after a short
   * pause; a click on "create" or "save" or a mode switch right after typing must not lose the end.
   * Null when nothing changed since the last report.
   */
  flush: () => string | null;
  focus?: () => void;
};
