// Markdown to safe HTML for the paste page and previews: GitHub-flavoured (tables, task lists,
// strikethrough, autolinks), fenced code highlighted with highlight.js, then sanitised. Loaded
// lazily, only where Markdown is shown, so a plain-text paste never downloads it.
// The code blocks' languages are loaded on demand (highlight-code.ts, loadCodeLanguages).
import { Marked, type Token, type Tokens } from "marked";
import { highlightCode } from "./highlight-code";
import { type Sanitize, sanitizeHtml } from "./sanitize-html";

/** The fenced and indented code blocks of a Markdown text, at any depth (lists, quotes). */
export function codeBlocksOf(markdown: string): { code: string; info: string | undefined }[] {
  const blocks: { code: string; info: string | undefined }[] = [];
  marked.walkTokens(marked.lexer(markdown), (token: Token) => {
    if (token.type === "code") blocks.push({ code: (token as Tokens.Code).text, info: (token as Tokens.Code).lang });
  });
  return blocks;
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    code({ text, lang }: Tokens.Code) {
      const { html, language } = highlightCode(text.replace(/\n$/, ""), lang);
      const className = language ? `hljs language-${language}` : "hljs";
      return `<pre><code class="${className}">${html}\n</code></pre>\n`;
    },
  },
});

/**
 * The HTML for `markdown`, sanitised (by the page's sanitiser unless one is given). Throws, before
 * sanitising, when the HTML is longer than `maxHtmlChars`.
 */
export function renderMarkdown(markdown: string, sanitize: Sanitize = sanitizeHtml, maxHtmlChars = Infinity): string {
  const html = marked.parse(markdown, { async: false }) as string;
  if (html.length > maxHtmlChars) throw new RangeError(`rendered HTML longer than ${maxHtmlChars} characters`);
  return sanitize(html);
}
