// The worker thread that renders pastes' Markdown (see markdown-html.ts): a text in, its sanitised
// HTML out (null if rendering threw). Code blocks' grammars load before rendering, so the HTML is
// highlighted at once.

import { loadCodeLanguages } from "@shared/markdown/highlight-code";
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
  const { id, markdown } = event.data;
  let answer: RenderAnswer;
  try {
    await loadCodeLanguages(codeBlocksOf(markdown));
    answer = { id, html: renderMarkdown(markdown, sanitize) };
  } catch {
    answer = { id, html: null };
  }
  self.postMessage(answer);
};
