// CodeMirror words its own controls in English (the fold markers' "Fold line" / "Unfold line"
// tooltips, the search panel, screen-reader notes). Its phrase table maps each English phrase to
// ours, for the source editor and the code blocks of the rich (Milkdown) editor alike.
import { EditorState, type Extension } from "@codemirror/state";
import type { TFunction } from "i18next";

/** CodeMirror's phrase (its key) -> our i18n key under pastes.editor.codeMirror. */
const PHRASE_KEYS: Readonly<Record<string, string>> = {
  "Fold line": "foldLine",
  "Unfold line": "unfoldLine",
  "Folded lines": "foldedLines",
  "Unfolded lines": "unfoldedLines",
  "folded code": "foldedCode",
  unfold: "unfold",
  Find: "find",
  Replace: "replace",
  next: "next",
  previous: "previous",
  all: "all",
  "match case": "matchCase",
  regexp: "regexp",
  "by word": "byWord",
  replace: "replaceOne",
  "replace all": "replaceAll",
  close: "close",
  "current match": "currentMatch",
  "on line": "onLine",
  "replaced $ matches": "replacedMatches",
  "replaced match on line $": "replacedMatchOnLine",
  "Go to line": "goToLine",
  go: "go",
  "Control character": "controlCharacter",
  "Selection deleted": "selectionDeleted",
};

export function codeMirrorPhrases(t: TFunction): Extension {
  return EditorState.phrases.of(
    Object.fromEntries(
      Object.entries(PHRASE_KEYS).map(([phrase, key]) => [phrase, t(`pastes.editor.codeMirror.${key}`)]),
    ),
  );
}
