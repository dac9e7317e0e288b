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
  type TreeIndentContext,
} from "@codemirror/language";
import { languages } from "@codemirror/language-data";
import type { Parser, SyntaxNode } from "@lezer/common";
import { Emoji, GFM, parseCode, parser, Subscript, Superscript } from "@lezer/markdown";

const markdownData = defineLanguageFacet({ commentTokens: { block: { open: "<!--", close: "-->" } } });

/** The parser of a fenced block's language ("```ts"): loaded the first time a block names it. */
function codeParser(info: string): Parser | null {
  const name = /\S*/.exec(info)?.[0];
  const found = name ? LanguageDescription.matchLanguageName(languages, name, true) : null;
  if (!found) return null;
  return found.support ? found.support.language.parser : ParseContext.getSkippingParser(found.load());
}

/**
 * Enter's indentation in Markdown: none computed (the line keeps the indentation of the line it
 * splits, as typed), except on a closing fence's line, where the new line starts at the column of the
 * block's opening fence: the prose after a code block must not inherit the code's indentation (a
 * closing fence typed after an indented last line of code would otherwise hand it on).
 */
function indentAfterFence(context: TreeIndentContext): number | null {
  for (let node: SyntaxNode | null = context.node.resolveInner(context.pos, -1); node; node = node.parent) {
    if (node.name !== "FencedCode") continue;
    const { doc } = context.state;
    const opening = node.firstChild;
    const closing = node.lastChild;
    const isClosed = closing?.name === "CodeMark" && opening !== null && closing.from > opening.to;
    const closesHere =
      isClosed && node.to <= context.pos && doc.lineAt(node.to).number === doc.lineAt(context.pos).number;
    return closesHere ? context.lineIndent(node.from) : null;
  }
  return null;
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
        // No computed indentation: Enter keeps the indentation of the line it splits, as typed. But
        // a line after a closing fence starts where its block's opening fence did: the prose that
        // follows must not inherit the indentation of the code (a closing fence typed indented
        // after an indented last line of code would hand it on).
        indentNodeProp.add({ Document: indentAfterFence }),
      ],
    },
  ]),
  [],
  "markdown",
);

export function markdownSupport(): LanguageSupport {
  return new LanguageSupport(markdownLanguage);
}
