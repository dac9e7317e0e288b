// The body of a paste: Markdown rendered or plain text exactly as written. The server sends an
// ordinary Markdown paste rendered (`html`, docs/decisions/0012-server-rendered-markdown.md); only an
// encrypted one, or one too long for the server, loads the renderer here. If that code cannot load,
// the text is shown as it is.
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LazyBoundary } from "../../components/feedback/lazy-boundary";
import { Spinner } from "../../components/feedback/spinner";

const MarkdownHtml = lazy(() => import("../../components/markdown/markdown-html"));
const MarkdownView = lazy(() => import("../../components/markdown/markdown-view"));

export type PasteContentProps = {
  content: string;
  format: "markdown" | "text";
  /** The server's rendering of the Markdown, sanitised; absent: rendered here. */
  html?: string;
  /** The server found this Markdown too costly to render: shown as text, with a note. */
  renderRefused?: boolean;
};

export function PlainText({ content }: { content: string }) {
  return (
    <pre
      className="overflow-x-auto font-mono text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
      data-testid="plain-body"
    >
      {content}
    </pre>
  );
}

/** The text as written under a note saying why it is not rendered. */
function NotedPlainText({ content, note }: { content: string; note: string }) {
  return (
    <div>
      <p role="status" className="mb-4 text-sm text-amber-700 dark:text-amber-400">
        {note}
      </p>
      <PlainText content={content} />
    </div>
  );
}

export function PasteContent({ content, format, html, renderRefused }: PasteContentProps) {
  const { t } = useTranslation();
  if (format === "text") return <PlainText content={content} />;
  if (renderRefused) return <NotedPlainText content={content} note={t("pastes.view.tooComplex")} />;
  return (
    <LazyBoundary fallback={() => <NotedPlainText content={content} note={t("pastes.view.renderFailed")} />}>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Spinner className="text-indigo-500" />
            {t("pastes.view.rendering")}
          </p>
        }
      >
        {html === undefined ? <MarkdownView markdown={content} /> : <MarkdownHtml sanitizedHtml={html} />}
      </Suspense>
    </LazyBoundary>
  );
}
