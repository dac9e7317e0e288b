// Code highlighted with highlight.js, for Markdown's code blocks (render-markdown.ts) and the file
// page's code preview, which loads this without the Markdown renderer and its sanitiser.
// highlight.js's languages are loaded on demand (loadCodeLanguages), each its own chunk: a block
// of TypeScript costs the TypeScript grammar, not all 36 common ones. Only guessing the language of
// an unlabelled block, or a name not listed here, loads the common set.
import type { LanguageFn } from "highlight.js";
import hljs from "highlight.js/lib/core";

/** Guessing the language of an unlabelled block is costly; only small blocks get a guess. */
const AUTO_DETECT_MAX_LENGTH = 10_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function languageOf(info: string | undefined): string {
  const name = (info ?? "").trim().split(/\s+/)[0] ?? "";
  return /^[\w+#.-]{1,40}$/.test(name) ? name.toLowerCase() : "";
}

type LanguageModule = { default: LanguageFn };

/** highlight.js's common languages (highlight.js/lib/common), one chunk each. */
const LANGUAGE_LOADERS: Record<string, () => Promise<LanguageModule>> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  go: () => import("highlight.js/lib/languages/go"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  less: () => import("highlight.js/lib/languages/less"),
  lua: () => import("highlight.js/lib/languages/lua"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  objectivec: () => import("highlight.js/lib/languages/objectivec"),
  perl: () => import("highlight.js/lib/languages/perl"),
  php: () => import("highlight.js/lib/languages/php"),
  plaintext: () => import("highlight.js/lib/languages/plaintext"),
  python: () => import("highlight.js/lib/languages/python"),
  r: () => import("highlight.js/lib/languages/r"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  vbnet: () => import("highlight.js/lib/languages/vbnet"),
  wasm: () => import("highlight.js/lib/languages/wasm"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

/** The names fences use most often for those languages; any other alias loads the common set. */
const LANGUAGE_ALIASES: Record<string, string> = {
  "c++": "cpp",
  console: "shell",
  cs: "csharp",
  golang: "go",
  h: "c",
  hpp: "cpp",
  html: "xml",
  js: "javascript",
  jsx: "javascript",
  kt: "kotlin",
  md: "markdown",
  py: "python",
  rb: "ruby",
  rs: "rust",
  sh: "bash",
  svg: "xml",
  text: "plaintext",
  ts: "typescript",
  tsx: "typescript",
  txt: "plaintext",
  yml: "yaml",
  zsh: "bash",
};

/** Whether highlightCode can do its best for code labelled `info` (or, unlabelled, guess) now. */
function canHighlight(code: string, info: string | undefined): boolean {
  const language = languageOf(info);
  if (language) return hljs.getLanguage(language) !== undefined;
  return code.length > AUTO_DETECT_MAX_LENGTH || code.trim() === "" || isCommonSetLoaded;
}

let commonSet: Promise<unknown> | null = null;
let isCommonSetLoaded = false;

/**
 * Loads the grammars that code blocks labelled `infos` need (null for an unlabelled block: its
 * language is guessed among the common set). Resolves to whether any grammar was added, that is
 * whether highlighting again gives a better result.
 */
export async function loadCodeLanguages(blocks: { code: string; info: string | undefined }[]): Promise<boolean> {
  const missing = blocks.filter((block) => !canHighlight(block.code, block.info));
  if (missing.length === 0) return false;
  const names = missing.map((block) => {
    const language = languageOf(block.info);
    return LANGUAGE_ALIASES[language] ?? language;
  });
  if (names.some((name) => !(name in LANGUAGE_LOADERS))) {
    commonSet ??= import("highlight.js/lib/common");
    await commonSet;
    isCommonSetLoaded = true;
    return true;
  }
  await Promise.all(
    names.map(async (name) => {
      const language = await LANGUAGE_LOADERS[name]?.();
      if (language && !hljs.getLanguage(name)) hljs.registerLanguage(name, language.default);
    }),
  );
  return true;
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
