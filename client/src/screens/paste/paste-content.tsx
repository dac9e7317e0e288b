// The body of a paste: Markdown rendered (the renderer is loaded only here, only for Markdown) or
// plain text exactly as written. If the renderer cannot load, the text is shown as it is.
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LazyBoundary } from "../../components/lazy-boundary";
import { Spinner } from "../../components/spinner";

const MarkdownView = lazy(() => import("../../components/markdown-view"));

export type PasteContentProps = { content: string; format: "markdown" | "text" };

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

export function PasteContent({ content, format }: PasteContentProps) {
  const { t } = useTranslation();
  if (format === "text") return <PlainText content={content} />;
  return (
    <LazyBoundary
      fallback={() => (
        <div>
          <p role="status" className="mb-4 text-sm text-amber-700 dark:text-amber-400">
            {t("pastes.view.renderFailed")}
          </p>
          <PlainText content={content} />
        </div>
      )}
    >
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Spinner className="text-indigo-500" />
            {t("pastes.view.rendering")}
          </p>
        }
      >
        <MarkdownView markdown={content} />
      </Suspense>
    </LazyBoundary>
  );
}
