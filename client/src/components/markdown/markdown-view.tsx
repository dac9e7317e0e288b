// Shows Markdown rendered and sanitised in the browser (shared/markdown/render-markdown.ts): for
// encrypted pastes, texts the server leaves to the browser, and the editor's and admin's previews.
// Loaded lazily, so the renderer reaches only pages that render Markdown themselves; an ordinary
// paste page shows the server's rendering (markdown-html.tsx) and never downloads it.
import { codeBlocksOf, renderMarkdown } from "@shared/markdown/render-markdown";
import { useMemo } from "react";
import { useCodeLanguages } from "../../lib/pastes/editor/use-code-languages";
import MarkdownHtml from "./markdown-html";

export type MarkdownViewProps = { markdown: string; className?: string };

export default function MarkdownView({ markdown, className }: MarkdownViewProps) {
  const blocks = useMemo(() => codeBlocksOf(markdown), [markdown]);
  // Shown at once; rendered again with colours once the code blocks' grammars have loaded.
  const grammars = useCodeLanguages(blocks);
  // biome-ignore lint/correctness/useExhaustiveDependencies: grammars changes when highlighting can do better
  const html = useMemo(() => renderMarkdown(markdown), [markdown, grammars]);
  return <MarkdownHtml sanitizedHtml={html} className={className} />;
}
