// The worker thread that renders pastes' Markdown (see markdown-html.ts): a text in, its sanitised
// HTML out, null if it is too costly (shared/markdown/render-limits.ts, or HTML past the caller's
// limit, checked before the sanitiser parses it) or rendering threw. It says when it begins a text, so
// the caller times each render on its own. Code blocks' grammars load before rendering, so the HTML
// is highlighted at once.

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
  self.postMessage({ id, started: true } satisfies RenderAnswer);
  let answer: RenderAnswer;
  try {
    if (markdownTooComplex(markdown)) {
      answer = { id, html: null };
    } else {
      await loadCodeLanguages(codeBlocksOf(markdown));
      answer = { id, html: renderMarkdown(markdown, sanitize, maxHtmlChars) };
    }
  } catch {
    answer = { id, html: null };
  }
  self.postMessage(answer);
};
