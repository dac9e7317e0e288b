// A paste's Markdown as HTML that is already sanitised, with the Markdown styles: the server's
// rendering on the paste page (docs/decisions/0012-server-rendered-markdown.md) and MarkdownView's own
// in the browser. Loaded lazily, so the styles reach only pages that show Markdown.
import { cx } from "../class-names";
import "./markdown-view.css";
import "./syntax-colors.css";

export type MarkdownHtmlProps = {
  /** Sanitised by shared/markdown/sanitize-html.ts, on the server or in this page: never anything else. */
  sanitizedHtml: string;
  className?: string;
};

export default function MarkdownHtml({ sanitizedHtml, className }: MarkdownHtmlProps) {
  return (
    <div
      className={cx("markdown-body", className)}
      data-testid="markdown-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML only (shared/markdown/sanitize-html.ts), see the prop
      dangerouslySetInnerHTML={{ __html: sanitizedHtml }}
    />
  );
}
