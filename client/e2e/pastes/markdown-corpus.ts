// Markdown documents that must come back byte for byte from the editors (docs/decisions/0008-source-editor.md): CommonMark and
// GFM constructs that a re-formatting editor would rewrite (list markers, table alignment rows,
// emphasis markers, setext headings, escapes, entities, reference links, hard breaks), line endings
// (LF, CRLF, mixed, lone CR), trailing spaces and tabs, HTML blocks, front matter, CJK text, emoji,
// invisible characters, a very long line, and a document of 10 MB.

export type CorpusDocument = { name: string; text: string };

const COMMONMARK = [
  "Setext heading",
  "==============",
  "",
  "Another one",
  "-----------",
  "",
  "* star item",
  "+ plus item",
  "- dash item",
  "",
  "1) paren list",
  "2) second",
  "",
  "3. starts at three",
  "",
  "*emphasis* and _emphasis_, __strong__ and **strong**, ***both***",
  "",
  "\\*not emphasis\\* \\# not a heading \\[not a link\\]",
  "",
  "&copy; &amp; &#35; &#x22; entities stay as typed",
  "",
  "[reference link][ref] and [collapsed][] and <https://example.com/auto>",
  "",
  "[ref]: https://example.com/ref  'Title'",
  "[collapsed]: /url",
  "",
  "    indented code block",
  "    second line",
  "",
  "~~~python",
  "print('tilde fence')",
  "~~~",
  "",
  "hard break with a backslash\\",
  "next line",
  "",
  "> quote",
  "lazy continuation",
  ">",
  "> > nested quote",
  "",
  "***",
  "___",
  "- - -",
  "",
].join("\n");

const GFM = [
  "| Left | Centre | Right | None |",
  "| :---- | :----: | ----: | --- |",
  "| a | b | c | d |",
  "|`code`|**bold**|[link](x)| pipe \\| escaped |",
  "",
  "- [ ] open task",
  "- [x] done task",
  "  - [X] nested done",
  "",
  "~~strike~~ and ~single~ tilde, www.example.com autolink, https://example.org/path?q=1.",
  "",
  "Footnote reference[^1].",
  "",
  "[^1]: The footnote.",
  "",
].join("\n");

const HTML_BLOCKS = [
  "<details>",
  "<summary>Click</summary>",
  "",
  "*Markdown inside*",
  "",
  "</details>",
  "",
  "<!-- a comment",
  "over two lines -->",
  "",
  '<div align="center"><img src="logo.png" width="40"></div>',
  "",
  "Inline <kbd>Ctrl</kbd>+<kbd>C</kbd> and <br/> a break.",
  "",
].join("\n");

const FRONT_MATTER = [
  "---",
  "title: Front matter",
  "tags: [a, b]",
  "date: 2026-11-24",
  "---",
  "",
  "# Body",
  "",
  "Text after the front matter.",
  "",
].join("\n");

const CJK_EMOJI = [
  "# 中文标题",
  "",
  "这是一段中文，包含全角标点：，。！？「引号」以及 English words。",
  "日本語のテキスト、한국어 텍스트。",
  "",
  "- 列表项一",
  "- 列表项二",
  "",
  "Emoji: 😀 👍🏽 👨‍👩‍👧‍👦 🇨🇳 🏳️‍🌈 ❤️ ✔︎ 𝌆",
  "",
].join("\n");

const WHITESPACE = [
  "trailing two spaces for a hard break  ",
  "trailing tab\t",
  "\tleading tab",
  "   three leading spaces",
  "",
  "",
  "",
  "three blank lines above, and trailing spaces on the next empty line",
  "   ",
  "no newline at the end",
].join("\n");

const INVISIBLE = "\uFEFFstarts with a byte order mark\nzero\u200Bwidth\u00A0nbsp\u2028line separator\u2029para\n";

/** A line far wider than any screen (200 000 characters). */
const LONG_LINE = `${"word ".repeat(40_000)}\n| ${"cell | ".repeat(5_000)}\n`;

/** About 10 MB of mixed Markdown (under the 10 MiB limit). */
export function tenMegabytes(): string {
  const section = [COMMONMARK, GFM, CJK_EMOJI, HTML_BLOCKS].join("\n");
  const size = Buffer.byteLength(section);
  return section.repeat(Math.floor(10_000_000 / size));
}

export const CORPUS: CorpusDocument[] = [
  { name: "commonmark", text: COMMONMARK },
  { name: "gfm", text: GFM },
  { name: "html-blocks", text: HTML_BLOCKS },
  { name: "front-matter", text: FRONT_MATTER },
  { name: "cjk-emoji", text: CJK_EMOJI },
  { name: "whitespace", text: WHITESPACE },
  { name: "crlf", text: [COMMONMARK, GFM].join("\n").replace(/\n/g, "\r\n") },
  { name: "mixed-endings", text: "lf line\ncrlf line\r\nlone cr\rend\r\n" },
  { name: "invisible", text: INVISIBLE },
  { name: "long-lines", text: LONG_LINE },
];
