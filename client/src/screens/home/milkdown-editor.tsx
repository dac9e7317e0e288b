// The Markdown editor of the home page: Milkdown's Crepe with the features a clipboard needs
// (headings, lists, task lists, tables, code blocks with highlighting, links, images by URL), its
// menus in the interface language, and themed with the app in light and dark. Loaded lazily: only
// the home page in Markdown mode downloads it. Crepe's builder is used instead of the full Crepe so
// that LaTeX (KaTeX and its fonts) and the AI features are not bundled.
import { languages } from "@codemirror/language-data";
import { EditorView as CodeMirrorView } from "@codemirror/view";
import { CrepeBuilder } from "@milkdown/crepe/builder";
import { blockEdit } from "@milkdown/crepe/feature/block-edit";
import { codeMirror } from "@milkdown/crepe/feature/code-mirror";
import { cursor } from "@milkdown/crepe/feature/cursor";
import { imageBlock } from "@milkdown/crepe/feature/image-block";
import { linkTooltip } from "@milkdown/crepe/feature/link-tooltip";
import { listItem } from "@milkdown/crepe/feature/list-item";
import { placeholder } from "@milkdown/crepe/feature/placeholder";
import { table } from "@milkdown/crepe/feature/table";
import { toolbar } from "@milkdown/crepe/feature/toolbar";
import { editorViewCtx, editorViewOptionsCtx, remarkCtx, serializerCtx } from "@milkdown/kit/core";
import type { Ctx } from "@milkdown/kit/ctx";
import { indentPlugin } from "@milkdown/kit/plugin/indent";
import type { Node as ProseNode } from "@milkdown/kit/prose/model";
import type { EditorView, NodeViewConstructor } from "@milkdown/kit/prose/view";
import { $remark } from "@milkdown/kit/utils";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import "@milkdown/crepe/theme/common/prosemirror.css";
import "@milkdown/crepe/theme/common/reset.css";
import "@milkdown/crepe/theme/common/block-edit.css";
import "@milkdown/crepe/theme/common/code-mirror.css";
import "@milkdown/crepe/theme/common/cursor.css";
import "@milkdown/crepe/theme/common/image-block.css";
import "@milkdown/crepe/theme/common/link-tooltip.css";
import "@milkdown/crepe/theme/common/list-item.css";
import "@milkdown/crepe/theme/common/placeholder.css";
import "@milkdown/crepe/theme/common/toolbar.css";
import "@milkdown/crepe/theme/common/table.css";
import "./milkdown-theme.css";
import { formatBytes } from "@shared/format-bytes";
import { codeTheme } from "../../components/editor/code-theme";
import type { EditorHandle } from "../../components/editor/editor-handle";
import { toast } from "../../components/feedback/toast-store";
import { codeMirrorPhrases } from "../../lib/editor/codemirror-phrases";
import { type BlockSpan, spliceEditedBlocks, trimEditorTail } from "../../lib/editor/rich-markdown";

/** Images picked from the device are embedded as data: URLs up to this size (a share has no file store). */
export const MAX_EMBEDDED_IMAGE_BYTES = 512 * 1024;

export type EditScope = "block" | "document";

export type MilkdownEditorProps = {
  /** Read once, when the editor is created; later changes come from the editor itself. */
  initialValue: string;
  onChange: (markdown: string) => void;
  label: string;
  describedBy?: string;
  isInvalid?: boolean;
  onReady?: () => void;
  /** Once loaded: whether an edit rewrites only its block ("block") or the whole text ("document"). */
  onEditScope?: (scope: EditScope) => void;
  handleRef?: RefObject<EditorHandle | null>;
};

type MarkdownNode = { type: string; url?: string; title?: string | null; children?: MarkdownNode[] };

/** URLs the page's sanitiser (shared/markdown/sanitize-html.ts) would drop: scripts, and data: other than images. */
const UNSAFE_URL = /^\s*(javascript|vbscript|data(?!:image\/)):/i;

/**
 * Two repairs on the Markdown tree before Milkdown builds its document:
 * - its image block (7.22) takes an image's title as its caption and refuses null, so a lone image
 *   without a title ("![a](x.png)") threw while the document loaded and nothing after it showed;
 * - images and links keep their URLs as written, so "javascript:" would reach the editor's DOM
 *   (inert there, and blocked by the CSP, but the rendered view never shows such a URL either).
 * Both were found by the stored-XSS corpus (client/e2e/app/xss.spec.ts). An empty title is written back as none.
 */
const repairTree = $remark("repairTree", () => () => (tree: MarkdownNode) => {
  const visit = (node: MarkdownNode) => {
    const isImage = node.type === "image" || node.type === "image-block";
    if (isImage && node.title == null) node.title = "";
    if ((isImage || node.type === "link" || node.type === "definition") && UNSAFE_URL.test(node.url ?? "")) {
      node.url = "";
    }
    node.children?.forEach(visit);
  };
  visit(tree);
});

/**
 * Crepe's list item (7.22) renders each item as <div><li>…</li></div> inside the <ul>, which assistive
 * technology (and axe-core's list rules) read as a broken list. The wrapper is made the list item and
 * the inner <li> a plain box, so the list is whole again; what is drawn does not change.
 */
function giveListItemsTheirRoles(view: EditorView) {
  const nodeViews = view.props.nodeViews ?? {};
  const listItemView = nodeViews.list_item as NodeViewConstructor | undefined;
  if (!listItemView) return;
  view.setProps({
    nodeViews: {
      ...nodeViews,
      list_item: (...args) => {
        const rendered = listItemView(...args);
        if (rendered.dom instanceof HTMLElement) {
          rendered.dom.setAttribute("role", "listitem");
          rendered.dom.querySelector(":scope > li")?.setAttribute("role", "none");
        }
        return rendered;
      },
    },
  });
}

/** Names of the table handles' buttons, in the order Milkdown's table block (7.22) draws them. */
const TABLE_BUTTONS: Record<string, string[]> = {
  "col-drag-handle": ["alignLeft", "alignCenter", "alignRight", "deleteColumn"],
  "row-drag-handle": ["deleteRow"],
  "x-line-drag-handle": ["addRow"],
  "y-line-drag-handle": ["addColumn"],
};

/**
 * Milkdown's table block draws its handles' buttons with an icon and no name, so a screen reader
 * announces "button" (axe: button-name, critical). Each gets its name as the table appears.
 */
function nameTableButtons(root: HTMLElement, name: (key: string) => string): () => void {
  const label = () => {
    for (const [role, keys] of Object.entries(TABLE_BUTTONS)) {
      for (const handle of root.querySelectorAll(`.milkdown-table-block [data-role="${role}"]`)) {
        handle.querySelectorAll("button").forEach((button, index) => {
          const key = keys[index];
          if (key && !button.hasAttribute("aria-label")) button.setAttribute("aria-label", name(key));
        });
      }
    }
  };
  label();
  const observer = new MutationObserver(label);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

type MarkdownBlock = {
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MarkdownBlock[];
};

/** A block's place in the text; a block a remark plugin wrapped (an HTML block in a paragraph) has its content's. */
function spanOf(block: MarkdownBlock): BlockSpan | null {
  const start = block.position?.start.offset;
  const end = block.position?.end.offset;
  if (start !== undefined && end !== undefined) return { start, end };
  const children = block.children ?? [];
  const first = children[0] ? spanOf(children[0]) : null;
  const last = children.length > 1 ? spanOf(children[children.length - 1] as MarkdownBlock) : first;
  return first && last ? { start: first.start, end: last.end } : null;
}

/**
 * Where each top-level block of the document sits in the text it was loaded from, from the same
 * Markdown parser Milkdown used. Null when they do not line up one for one (a block the parser made
 * up has no place); blocks the editor adds after the text (its closing empty paragraph) have none.
 */
function blockSpans(ctx: Ctx, text: string, doc: ProseNode): BlockSpan[] | null {
  const remark = ctx.get(remarkCtx);
  // The root of a Markdown tree (mdast): its children are the top-level blocks.
  const tree = remark.runSync(remark.parse(text), text) as unknown as MarkdownBlock;
  const spans: BlockSpan[] = [];
  for (const block of tree.children ?? []) {
    const span = spanOf(block);
    if (!span) return null;
    spans.push(span);
  }
  if (spans.length > doc.childCount) return null;
  for (let index = spans.length; index < doc.childCount; index++) {
    if (doc.child(index).content.size > 0) return null;
  }
  return spans;
}

/** The top-level blocks that differ between the loaded document and the current one. */
function editedBlocks(before: ProseNode, after: ProseNode): { from: number; to: number; nodes: ProseNode[] } {
  const shorter = Math.min(before.childCount, after.childCount);
  let from = 0;
  while (from < shorter && before.child(from).eq(after.child(from))) from++;
  let same = 0;
  while (
    same < shorter - from &&
    before.child(before.childCount - 1 - same).eq(after.child(after.childCount - 1 - same))
  ) {
    same++;
  }
  const nodes: ProseNode[] = [];
  for (let index = from; index < after.childCount - same; index++) nodes.push(after.child(index));
  return { from, to: before.childCount - same, nodes };
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function MilkdownEditor({
  initialValue,
  onChange,
  label,
  describedBy,
  isInvalid = false,
  onReady,
  onEditScope,
  handleRef,
}: MilkdownEditorProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const editableRef = useRef<HTMLElement | null>(null);
  // The first values only: the parent re-creates the editor (a new key) to load other content.
  const initial = useRef({ initialValue, label, t, handleRef, onEditScope });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const {
      initialValue: value,
      label: name,
      t: translate,
      handleRef: handle,
      onEditScope: tellScope,
    } = initial.current;
    // A host per run: under StrictMode the first editor may still be starting when the second runs.
    const host = document.createElement("div");
    host.className = "paste-editor-host";
    root.appendChild(host);
    const c = (key: string, values?: Record<string, unknown>) => translate(`pastes.editor.crepe.${key}`, values ?? {});

    const onUpload = async (file: File): Promise<string> => {
      if (file.size > MAX_EMBEDDED_IMAGE_BYTES) {
        toast.warning(c("imageTooLarge", { max: formatBytes(MAX_EMBEDDED_IMAGE_BYTES) }), { id: "editor-image" });
        return "";
      }
      return readAsDataUrl(file);
    };

    const crepe = new CrepeBuilder({ root: host, defaultValue: value });
    crepe.editor.use(repairTree);
    // Crepe binds Tab to "insert four spaces", which left `&#x20;` in headings and trapped the
    // keyboard in the editor: Tab moves on to the next control instead (tables and code blocks
    // keep their own Tab).
    void crepe.editor.remove(indentPlugin);
    crepe.editor.config((ctx) => {
      ctx.update(editorViewOptionsCtx, (options) => ({
        ...options,
        // An explicit tabindex: the editable is in the tab order anyway, and saying so lets checkers
        // see that its scrolling frame has something to focus.
        attributes: {
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": name,
          spellcheck: "true",
          tabindex: "0",
        },
      }));
    });
    crepe
      .addFeature(cursor)
      .addFeature(listItem)
      .addFeature(linkTooltip, { inputPlaceholder: c("linkPlaceholder") })
      .addFeature(imageBlock, {
        onUpload,
        inlineUploadButton: c("imageUpload"),
        blockUploadButton: c("imageUpload"),
        inlineUploadPlaceholderText: c("imagePlaceholder"),
        blockUploadPlaceholderText: c("imagePlaceholder"),
        blockCaptionPlaceholderText: c("imageCaption"),
        blockConfirmButton: c("confirm"),
      })
      .addFeature(blockEdit, {
        textGroup: {
          label: c("groupText"),
          text: { label: c("text") },
          h1: { label: c("heading", { level: 1 }) },
          h2: { label: c("heading", { level: 2 }) },
          h3: { label: c("heading", { level: 3 }) },
          h4: { label: c("heading", { level: 4 }) },
          h5: { label: c("heading", { level: 5 }) },
          h6: { label: c("heading", { level: 6 }) },
          quote: { label: c("quote") },
          divider: { label: c("divider") },
        },
        listGroup: {
          label: c("groupList"),
          bulletList: { label: c("bulletList") },
          orderedList: { label: c("orderedList") },
          taskList: { label: c("taskList") },
        },
        advancedGroup: {
          label: c("groupAdvanced"),
          image: { label: c("image") },
          codeBlock: { label: c("codeBlock") },
          table: { label: c("table") },
          math: null,
        },
      })
      .addFeature(placeholder, { text: translate("pastes.editor.placeholder"), mode: "doc" })
      .addFeature(toolbar, {
        boldLabel: c("bold"),
        italicLabel: c("italic"),
        strikethroughLabel: c("strikethrough"),
        codeLabel: c("inlineCode"),
        linkLabel: c("link"),
      })
      .addFeature(codeMirror, {
        languages,
        theme: codeTheme,
        // Each code block is a CodeMirror editor of its own (a textbox): besides its phrases, give it a
        // name and an explicit tab stop, as the main editable has.
        extensions: [
          codeMirrorPhrases(translate),
          CodeMirrorView.contentAttributes.of({ "aria-label": c("codeBlock"), tabindex: "0" }),
        ],
        searchPlaceholder: c("languageSearch"),
        noResultText: c("noLanguage"),
        copyText: c("copy"),
        onCopy: () => toast.success(c("copied"), { id: "copy-result" }),
        previewToggleText: (previewOnly: boolean) => (previewOnly ? c("previewEdit") : c("previewHide")),
        previewLabel: c("preview"),
        previewLoading: c("previewLoading"),
      })
      .addFeature(table);
    // Opening, looking, clicking, scrolling and leaving must not change the text (decisions/0008): Milkdown
    // writes Markdown its own way (`*` for `-`, padded tables, a closing blank line). So the text is
    // the original until the document differs from the one loaded, and then only the top-level
    // blocks that differ are written by Milkdown (rich-markdown.ts); an edit undone gives the
    // original back. When the loaded blocks cannot be placed in the text, the whole text is written.
    let loaded: { doc: ProseNode; spans: BlockSpan[] | null } | null = null;
    let reportedText = value;
    const textOf = (ctx: Ctx): string => {
      const doc = ctx.get(editorViewCtx).state.doc;
      if (!loaded || doc.eq(loaded.doc)) return value;
      if (!loaded.spans) return trimEditorTail(ctx.get(serializerCtx)(doc));
      const edit = editedBlocks(loaded.doc, doc);
      const written = edit.nodes.map((node) => ctx.get(serializerCtx)(doc.type.create(null, node)));
      return spliceEditedBlocks(value, loaded.spans, { from: edit.from, to: edit.to, written });
    };
    const report = (ctx: Ctx): string => {
      const text = textOf(ctx);
      if (text !== reportedText) {
        reportedText = text;
        onChangeRef.current(text);
      }
      return text;
    };
    let isCreated = false;
    crepe.on((listener) => {
      listener.markdownUpdated((ctx) => {
        if (isCreated) report(ctx);
      });
    });
    const flush = (): string | null => {
      if (!isCreated) return null;
      return crepe.editor.action(report);
    };

    const stopNamingButtons = nameTableButtons(host, (key) => c(`tableActions.${key}`));
    let isDisposed = false;
    const created = crepe.create().then(
      () => {
        if (isDisposed) return;
        crepe.editor.action((ctx) => {
          const view = ctx.get(editorViewCtx);
          giveListItemsTheirRoles(view);
          // An empty transaction lets the plugins that repair a document (a table's missing cells)
          // do it now, so that what they add counts as loaded, not as an edit.
          view.dispatch(view.state.tr);
          loaded = { doc: view.state.doc, spans: blockSpans(ctx, value, view.state.doc) };
        });
        isCreated = true;
        tellScope?.(loaded?.spans ? "block" : "document");
        if (handle) handle.current = { flush };
        editableRef.current = host.querySelector<HTMLElement>(".ProseMirror");
        onReadyRef.current?.();
      },
      (error: unknown) => {
        if (!isDisposed) throw error;
      },
    );
    return () => {
      // Keystrokes of the last 200 ms are not reported yet: report them before the editor goes
      // (a switch to plain text, a theme change, leaving the page).
      flush();
      isCreated = false;
      if (handle?.current?.flush === flush) handle.current = null;
      isDisposed = true;
      stopNamingButtons();
      host.remove();
      editableRef.current = null;
      void created.then(() => crepe.destroy()).catch(() => {});
    };
  }, []);

  // The description and the invalid state can change while the editor lives.
  useEffect(() => {
    const editable = editableRef.current ?? rootRef.current?.querySelector<HTMLElement>(".ProseMirror");
    if (!editable) return;
    if (describedBy) editable.setAttribute("aria-describedby", describedBy);
    else editable.removeAttribute("aria-describedby");
    if (isInvalid) editable.setAttribute("aria-invalid", "true");
    else editable.removeAttribute("aria-invalid");
  });

  return <div ref={rootRef} className="paste-editor" data-testid="markdown-editor" />;
}
