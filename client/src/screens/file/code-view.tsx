// Text and code of a file, highlighted (highlight.js through shared/markdown/highlight-code.ts, which
// escapes what it does not mark up), or Markdown rendered and sanitised by the paste renderer.
// Loaded lazily: only a file page showing text downloads the highlighter, and only a Markdown file
// the renderer.

import { highlightCode } from "@shared/markdown/highlight-code";
import { lazy, useMemo } from "react";
// The code block's look and colours, here too: a file page opened straight from its link has not
// loaded the Markdown view that also brings them.
import "../../components/markdown/markdown-view.css";
import "../../components/markdown/syntax-colors.css";
import { cx, focusRing } from "../../components/class-names";
import { useCodeLanguages } from "../../lib/pastes/editor/use-code-languages";

// The Markdown renderer and its sanitiser only for a Markdown file (file-preview.tsx waits for it).
const MarkdownView = lazy(() => import("../../components/markdown/markdown-view"));

/** Guessing or highlighting a large text costs more than it helps. */
const HIGHLIGHT_MAX_LENGTH = 256 * 1024;

export type CodeViewProps = { text: string; language: string; mode: "code" | "text" | "markdown"; label: string };

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export default function CodeView({ text, language, mode, label }: CodeViewProps) {
  const isHighlighted = mode === "code" && text.length <= HIGHLIGHT_MAX_LENGTH;
  const blocks = useMemo(
    () => (isHighlighted ? [{ code: text, info: language || undefined }] : []),
    [isHighlighted, text, language],
  );
  const grammars = useCodeLanguages(blocks);
  // biome-ignore lint/correctness/useExhaustiveDependencies: grammars changes when highlighting can do better
  const highlighted = useMemo(() => {
    if (!isHighlighted) return { html: escapeHtml(text), language: "" };
    return highlightCode(text, language);
  }, [text, language, isHighlighted, grammars]);

  if (mode === "markdown") return <MarkdownView markdown={text} aria-label={label} />;
  if (mode === "text") {
    return (
      <section aria-label={label}>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls must be scrollable from the keyboard
          tabIndex={0}
          className={cx(
            focusRing,
            "max-h-[70vh] overflow-auto p-4 font-mono text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200",
          )}
          data-testid="text-preview"
        >
          {text}
        </pre>
      </section>
    );
  }
  return (
    <section aria-label={label} className="markdown-body file-code-view" data-testid="code-preview">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls must be scrollable from the keyboard */}
      <pre tabIndex={0} className={cx(focusRing, "m-0! max-h-[70vh] overflow-auto rounded-none! border-0!")}>
        <code
          className={highlighted.language ? `hljs language-${highlighted.language}` : "hljs"}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output escapes the text it marks up; otherwise the text is escaped here
          dangerouslySetInnerHTML={{ __html: highlighted.html }}
        />
      </pre>
    </section>
  );
}
