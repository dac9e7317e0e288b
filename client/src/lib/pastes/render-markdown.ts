// Markdown to safe HTML for the paste page and previews: GitHub-flavoured (tables, task lists,
// strikethrough, autolinks), fenced code highlighted with highlight.js, then sanitised. Loaded
// lazily, only where Markdown is shown, so a plain-text paste never downloads it.
import hljs from "highlight.js/lib/common";
import { Marked, type Tokens } from "marked";
import { type Sanitize, sanitizeHtml } from "./sanitize-html";

/** Guessing the language of an unlabelled block is costly; only small blocks get a guess. */
const AUTO_DETECT_MAX_LENGTH = 10_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function languageOf(info: string | undefined): string {
  const name = (info ?? "").trim().split(/\s+/)[0] ?? "";
  return /^[\w+#.-]{1,40}$/.test(name) ? name.toLowerCase() : "";
}

export function highlightCode(code: string, info?: string): { html: string; language: string } {
  const language = languageOf(info);
  if (language && hljs.getLanguage(language)) {
    return { html: hljs.highlight(code, { language, ignoreIllegals: true }).value, language };
  }
  if (!language && code.length <= AUTO_DETECT_MAX_LENGTH && code.trim() !== "") {
    const guess = hljs.highlightAuto(code);
    if (guess.language && guess.relevance >= 5) return { html: guess.value, language: guess.language };
  }
  return { html: escapeHtml(code), language };
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

/** The HTML for `markdown`, sanitised (by the page's sanitiser unless one is given). */
export function renderMarkdown(markdown: string, sanitize: Sanitize = sanitizeHtml): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitize(html);
}
