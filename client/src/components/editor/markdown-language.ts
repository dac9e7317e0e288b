// The source editor's Markdown language, built on the Lezer Markdown parser with CodeMirror's public
// language API instead of @codemirror/lang-markdown: that package imports the HTML language (with
// its CSS and JavaScript languages and the autocompletion engine) up front, for HTML inside Markdown
// and tag completion, which doubled the editor's download on Home and in the offline precache
// (docs/decisions/0008-source-editor.md). The syntax highlighted is the same GitHub-flavoured
// Markdown; a fenced block's language loads on demand when a block names it.
import {
  defineLanguageFacet,
  indentNodeProp,
  Language,
  LanguageDescription,
  LanguageSupport,
  languageDataProp,
  ParseContext,
} from "@codemirror/language";
import { languages } from "@codemirror/language-data";
import type { Parser } from "@lezer/common";
import { Emoji, GFM, parseCode, parser, Subscript, Superscript } from "@lezer/markdown";

const markdownData = defineLanguageFacet({ commentTokens: { block: { open: "<!--", close: "-->" } } });

/** The parser of a fenced block's language ("```ts"): loaded the first time a block names it. */
function codeParser(info: string): Parser | null {
  const name = /\S*/.exec(info)?.[0];
  const found = name ? LanguageDescription.matchLanguageName(languages, name, true) : null;
  if (!found) return null;
  return found.support ? found.support.language.parser : ParseContext.getSkippingParser(found.load());
}

const markdownLanguage = new Language(
  markdownData,
  parser.configure([
    GFM,
    Subscript,
    Superscript,
    Emoji,
    parseCode({ codeParser }),
    {
      props: [
        languageDataProp.add({ Document: markdownData }),
        // No computed indentation: Enter keeps the indentation of the line it splits, as typed.
        indentNodeProp.add({ Document: () => null }),
      ],
    },
  ]),
  [],
  "markdown",
);

export function markdownSupport(): LanguageSupport {
  return new LanguageSupport(markdownLanguage);
}
