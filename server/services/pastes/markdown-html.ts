// A paste's Markdown rendered to sanitised HTML on the server, so the paste page needs no Markdown
// parser, highlighter or sanitiser of its own (docs/decisions/0012-server-rendered-markdown.md). It is
// the renderer and the sanitiser the browser uses for encrypted pastes and previews
// (shared/markdown), DOMPurify running on jsdom. jsdom is slow (tens of milliseconds for a small
// paste, seconds for a long one) and large, so rendering runs in a worker thread (server/worker-thread.ts),
// started on first use and ended when idle: the event loop keeps serving everyone meanwhile and an idle server does
// not carry jsdom. Results are kept by the text's hash, so a paste viewed often is rendered once.
// A view never waits long for it: a text past SERVER_RENDER_MAX_CHARS, a render not done within
// VIEW_WAIT_MS (the worker's start on a loaded machine takes seconds) or a failed worker gives null,
// and the page renders that Markdown in the browser, as it does for an encrypted paste. A render the
// view stopped waiting for still finishes and is kept for the next view.
// What one render may cost is bounded: a text whose HTML would multiply (shared/markdown/render-limits.ts)
// or whose HTML passes MAX_HTML_CHARS is refused, and a render still running RENDER_BUDGET_MS after the
// worker began it ends the worker. A refused or failed text is remembered by its hash, so later views
// answer at once without trying again, and the page shows it as text with a note (`render_refused`).
import type { PasteView } from "@shared/schemas/pastes";
import { createWorkerThread, type JobStarted } from "../../worker-thread";

/** Longer texts are left to the browser: rendering them here would hold the worker for seconds. */
export const SERVER_RENDER_MAX_CHARS = 64 * 1024;
/** How long a view waits for its rendering before it answers without it. */
const VIEW_WAIT_MS = 3_000;
/** A render the worker has not begun this long after it was asked for (the worker's start, texts ahead
 * of it) is given up and the worker ended. */
const RENDER_TIMEOUT_MS = 15_000;
/** A render still running this long after the worker began it is given up and the worker ended. */
export const RENDER_BUDGET_MS = 2_000;
/** The budget in force. Only a test lowers it: how long a text takes depends on the machine, so a test
 * that must see the budget end a render gives it one far below what its text needs anywhere. */
export const renderBudget = { ms: RENDER_BUDGET_MS };
/** Rendered HTML longer than this (in characters) is refused: the page shows the text instead. */
export const MAX_HTML_CHARS = 2 * 1024 * 1024;
/** Hashes of texts refused or failed, remembered so that they are not tried on every view. */
const REFUSED_MAX = 4096;
/** The worker (and jsdom with it) ends after this long without work. */
const WORKER_IDLE_MS = 60_000;
/** Rendered HTML kept, in characters (UTF-16: twice that in bytes), least recently used out first. */
const CACHE_MAX_CHARS = 2 * 1024 * 1024;

export type RenderRequest = { id: number; markdown: string; maxHtmlChars: number };
/** `started` when the worker begins a text; then its HTML, or null (too costly, or it failed). */
export type RenderAnswer = JobStarted | { id: number; html: string | null };

/** What a render came to: HTML, refused for good (too costly, or it failed), or not now (timed out). */
type RenderResult = { html: string } | { refused: true } | null;

const renderer = createWorkerThread<RenderRequest, Exclude<RenderAnswer, JobStarted>>({
  url: new URL("./markdown-html-worker.ts", import.meta.url),
  startTimeoutMs: RENDER_TIMEOUT_MS,
  budgetMs: () => renderBudget.ms,
  idleMs: WORKER_IDLE_MS,
});
const cache = new Map<string, string>();
let cachedChars = 0;
const refused = new Set<string>();

function rememberRefused(key: string) {
  refused.add(key);
  // Oldest out first.
  for (const oldest of refused) {
    if (refused.size <= REFUSED_MAX) break;
    refused.delete(oldest);
  }
}

/** A text the worker refused, failed on or ran past its budget with is refused from now on; one the
 * worker dropped for another's fault (stuck behind it, or the worker crashed) is left for a later view. */
async function renderInWorker(key: string, markdown: string): Promise<RenderResult> {
  const end = await renderer.run({ markdown, maxHtmlChars: MAX_HTML_CHARS });
  if ("answer" in end && end.answer.html !== null) return { html: end.answer.html };
  if ("answer" in end || end.stopped === "overran") {
    rememberRefused(key);
    return { refused: true };
  }
  return null;
}

function keyOf(markdown: string): string {
  return new Bun.CryptoHasher("sha256").update(markdown).digest("base64");
}

function remember(key: string, html: string) {
  if (html.length > CACHE_MAX_CHARS) return;
  cache.set(key, html);
  cachedChars += html.length;
  for (const [oldest, value] of cache) {
    if (cachedChars <= CACHE_MAX_CHARS) break;
    cache.delete(oldest);
    cachedChars -= value.length;
  }
}

/**
 * Starts the worker ahead of a view that will ask for a rendering: a paste link's page is requested
 * first, and the worker loads jsdom while the page loads its code. It ends again if no view comes.
 */
export function prepareMarkdownRenderer(): void {
  renderer.prepare();
}

/** Renders under way, by key: a text asked for again meanwhile waits for the same render. */
const rendering = new Map<string, Promise<RenderResult>>();

function renderAndKeep(key: string, markdown: string): Promise<RenderResult> {
  let render = rendering.get(key);
  if (!render) {
    render = renderInWorker(key, markdown).then((result) => {
      rendering.delete(key);
      if (result && "html" in result) remember(key, result.html);
      return result;
    });
    rendering.set(key, render);
  }
  return render;
}

/**
 * `markdown` as sanitised HTML; `{ refused: true }` when it costs too much to render (or failed) and
 * is to be shown as text; null when it is left to the browser: too long, or not rendered within `waitMs`.
 */
export async function renderMarkdownHtml(markdown: string, waitMs = VIEW_WAIT_MS): Promise<RenderResult> {
  if (markdown.length > SERVER_RENDER_MAX_CHARS) return null;
  const key = keyOf(markdown);
  if (refused.has(key)) return { refused: true };
  const cached = cache.get(key);
  if (cached !== undefined) {
    // Most recently used goes last.
    cache.delete(key);
    cache.set(key, cached);
    return { html: cached };
  }
  let timer: Timer | undefined;
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([renderAndKeep(key, markdown), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The view with its Markdown rendered, when the caller asked (the paste page does; scripts get the
 * text alone). Encrypted content is ciphertext and stays the browser's to decrypt and render.
 */
export async function withRenderedMarkdown(view: PasteView, isWanted: boolean | undefined): Promise<PasteView> {
  if (!isWanted || view.format !== "markdown" || view.encrypted || view.content === null) return view;
  const result = await renderMarkdownHtml(view.content);
  if (result === null) return view;
  return "html" in result ? { ...view, html: result.html } : { ...view, render_refused: true };
}
