// Shows a paste's Markdown as sanitised HTML (lib/pastes/render-markdown.ts). Loaded lazily by the
// paste page and the admin preview, so the renderer and its styles reach only pages that show
// Markdown; a plain-text paste never downloads them.
import { useMemo } from "react";
import { codeBlocksOf, renderMarkdown } from "../lib/pastes/render-markdown";
import { useCodeLanguages } from "../lib/pastes/use-code-languages";
import { cx } from "./class-names";
import "./markdown-view.css";

export type MarkdownViewProps = { markdown: string; className?: string };

export default function MarkdownView({ markdown, className }: MarkdownViewProps) {
  const blocks = useMemo(() => codeBlocksOf(markdown), [markdown]);
  // Shown at once; rendered again with colours once the code blocks' grammars have loaded.
  const grammars = useCodeLanguages(blocks);
  // biome-ignore lint/correctness/useExhaustiveDependencies: grammars changes when highlighting can do better
  const html = useMemo(() => renderMarkdown(markdown), [markdown, grammars]);
  return (
    <div
      className={cx("markdown-body", className)}
      data-testid="markdown-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from renderMarkdown, which sanitises it with DOMPurify (sanitize-html.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
