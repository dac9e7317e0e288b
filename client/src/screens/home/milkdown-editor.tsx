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
import { editorViewCtx, editorViewOptionsCtx } from "@milkdown/kit/core";
import type { Node as ProseNode } from "@milkdown/kit/prose/model";
import type { EditorView, NodeViewConstructor } from "@milkdown/kit/prose/view";
import { $remark, getMarkdown } from "@milkdown/kit/utils";
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
import { toast } from "../../components/toast-store";
import { codeMirrorPhrases } from "../../lib/editor/codemirror-phrases";
import { trimEditorTail } from "../../lib/editor/rich-markdown";

/** Images picked from the device are embedded as data: URLs up to this size (a share has no file store). */
export const MAX_EMBEDDED_IMAGE_BYTES = 512 * 1024;

export type MilkdownEditorProps = {
  /** Read once, when the editor is created; later changes come from the editor itself. */
  initialValue: string;
  onChange: (markdown: string) => void;
  label: string;
  describedBy?: string;
  isInvalid?: boolean;
  onReady?: () => void;
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
 * Both were found by the stored-XSS corpus (client/e2e/xss.spec.ts). An empty title is written back as none.
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
  const initial = useRef({ initialValue, label, t, handleRef });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const { initialValue: value, label: name, t: translate, handleRef: handle } = initial.current;
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
    // The document last reported to the page and its Markdown: a flush reports only what came after.
    let reportedDoc: ProseNode | null = null;
    let reportedMarkdown = value;
    let isCreated = false;
    crepe.on((listener) => {
      listener.markdownUpdated((ctx, markdown, previous) => {
        reportedDoc = ctx.get(editorViewCtx).state.doc;
        reportedMarkdown = trimEditorTail(markdown);
        if (markdown !== previous) onChangeRef.current(reportedMarkdown);
      });
    });
    const flush = (): string | null => {
      if (!isCreated) return null;
      return crepe.editor.action((ctx) => {
        const doc = ctx.get(editorViewCtx).state.doc;
        if (reportedDoc?.eq(doc)) return reportedMarkdown;
        reportedDoc = doc;
        reportedMarkdown = trimEditorTail(getMarkdown()(ctx));
        onChangeRef.current(reportedMarkdown);
        return reportedMarkdown;
      });
    };

    let isDisposed = false;
    const created = crepe.create().then(
      () => {
        if (isDisposed) return;
        isCreated = true;
        crepe.editor.action((ctx) => giveListItemsTheirRoles(ctx.get(editorViewCtx)));
        reportedDoc = crepe.editor.action((ctx) => ctx.get(editorViewCtx).state.doc);
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
