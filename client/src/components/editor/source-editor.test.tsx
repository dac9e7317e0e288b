// The source editor's handle, which screens read when "create" or "save" is clicked right after typing.
import { describe, expect, test } from "bun:test";
import { EditorView } from "@codemirror/view";
import { render } from "@testing-library/react";
import { createRef } from "react";
import { eventually } from "../../../test/eventually";
import "../../i18n";
import type { EditorHandle } from "./editor-handle";
import SourceEditor from "./source-editor";

function renderEditor(initialValue: string) {
  const reports: string[] = [];
  const handle = createRef<EditorHandle | null>() as { current: EditorHandle | null };
  const { container } = render(
    <SourceEditor
      initialValue={initialValue}
      onChange={(text) => reports.push(text)}
      language="text"
      label="Text"
      handleRef={handle}
      startRef={{ current: null }}
    />,
  );
  const view = EditorView.findFromDOM(container.querySelector(".cm-content") as HTMLElement) as EditorView;
  const typeText = (text: string) =>
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: "input" });
  return { reports, handle, typeText };
}

describe("source editor handle", () => {
  test("flush gives the text at once and reports what was not reported yet", () => {
    const { reports, handle, typeText } = renderEditor("one\r\n");
    typeText("two");
    expect(handle.current?.flush()).toBe("one\r\ntwo");
    expect(reports).toEqual(["one\r\ntwo"]);
  });

  test("after the delayed report went out, flush still gives the text (the screen may not have it yet)", async () => {
    const { reports, handle, typeText } = renderEditor("");
    typeText("pasted");
    await eventually(() => expect(reports).toEqual(["pasted"]));
    // A click handler rendered before that report reached the screen's state reads the editor here.
    expect(handle.current?.flush()).toBe("pasted");
    expect(reports).toEqual(["pasted"]);
  });
});
