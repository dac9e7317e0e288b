// The worker thread that renders pastes' Markdown (see markdown-html.ts): a text in, its sanitised
// HTML out, null if it is too costly (shared/markdown/render-limits.ts, or HTML past the caller's
// limit, checked before the sanitiser parses it) or rendering threw. It says when it begins a text, so
// the caller times each render on its own. Code blocks' grammars load before rendering (and before the
// text's time starts), so the HTML is highlighted at once.

import { loadCodeLanguages } from "@shared/markdown/highlight-code";
import { markdownTooComplex } from "@shared/markdown/render-limits";
import { codeBlocksOf, renderMarkdown } from "@shared/markdown/render-markdown";
import { createSanitizer } from "@shared/markdown/sanitize-html";
import type { WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import type { RenderAnswer, RenderRequest } from "./markdown-html";

declare const self: Worker;

const sanitize = createSanitizer(
  new JSDOM("<!doctype html><html><body></body></html>").window as unknown as WindowLike,
);

self.onmessage = async (event: MessageEvent<RenderRequest>) => {
  const { id, markdown, maxHtmlChars } = event.data;
  let answer: RenderAnswer;
  try {
    if (markdownTooComplex(markdown)) {
      self.postMessage({ id, started: true } satisfies RenderAnswer);
      answer = { id, html: null };
    } else {
      // Grammars load before the text's time starts: loading them is the worker's one-off cost (the
      // common set for an unlabelled block takes seconds on a busy machine), not the text's, and a
      // text refused for the time they took would stay refused (markdown-html.ts remembers it).
      await loadCodeLanguages(codeBlocksOf(markdown));
      self.postMessage({ id, started: true } satisfies RenderAnswer);
      answer = { id, html: renderMarkdown(markdown, sanitize, maxHtmlChars) };
    }
  } catch {
    answer = { id, html: null };
  }
  self.postMessage(answer);
};
