// A paste's Markdown rendered to sanitised HTML on the server, so the paste page needs no Markdown
// parser, highlighter or sanitiser of its own (docs/decisions/0012-server-rendered-markdown.md). It is
// the renderer and the sanitiser the browser uses for encrypted pastes and previews
// (shared/markdown), DOMPurify running on jsdom. jsdom is slow (tens of milliseconds for a small
// paste, seconds for a long one) and large, so rendering runs in a worker thread, started on first
// use and ended when idle: the event loop keeps serving everyone meanwhile and an idle server does
// not carry jsdom. Results are kept by the text's hash, so a paste viewed often is rendered once.
// A view never waits long for it: a text past SERVER_RENDER_MAX_CHARS, a render not done within
// VIEW_WAIT_MS (the worker's start on a loaded machine takes seconds) or a failed worker gives null,
// and the page renders that Markdown in the browser, as it does for an encrypted paste. A render the
// view stopped waiting for still finishes and is kept for the next view.
import type { PasteView } from "@shared/schemas/pastes";

/** Longer texts are left to the browser: rendering them here would hold the worker for seconds. */
export const SERVER_RENDER_MAX_CHARS = 64 * 1024;
/** How long a view waits for its rendering before it answers without it. */
const VIEW_WAIT_MS = 3_000;
/** A render still running after this long (start included) is given up and the worker ended. */
const RENDER_TIMEOUT_MS = 15_000;
/** The worker (and jsdom with it) ends after this long without work. */
const WORKER_IDLE_MS = 60_000;
/** Rendered HTML kept, in characters (UTF-16: twice that in bytes), least recently used out first. */
const CACHE_MAX_CHARS = 2 * 1024 * 1024;

export type RenderRequest = { id: number; markdown: string };
export type RenderAnswer = { id: number; html: string | null };

type Pending = { resolve: (html: string | null) => void; timer: Timer };

let worker: Worker | null = null;
let idleTimer: Timer | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();
const cache = new Map<string, string>();
let cachedChars = 0;

function settleAll(thread: Worker) {
  thread.terminate();
  if (worker === thread) worker = null;
  for (const [id, entry] of pending) {
    clearTimeout(entry.timer);
    entry.resolve(null);
    pending.delete(id);
  }
}

function endWhenIdle(thread: Worker) {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && worker === thread) settleAll(thread);
  }, WORKER_IDLE_MS);
  idleTimer.unref();
}

function renderWorker(): Worker {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (worker) return worker;
  // ref: false: an idle worker must not keep the process (or a test run) alive.
  const started = new Worker(new URL("./markdown-html-worker.ts", import.meta.url), { ref: false });
  started.onmessage = (event: MessageEvent<RenderAnswer>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    clearTimeout(entry.timer);
    entry.resolve(event.data.html);
    if (pending.size === 0 && worker === started) endWhenIdle(started);
  };
  started.onerror = () => settleAll(started);
  worker = started;
  return started;
}

function renderInWorker(markdown: string): Promise<string | null> {
  const id = ++nextId;
  const thread = renderWorker();
  return new Promise((resolve) => {
    // Renders queue behind one another: a runaway one would hold up every later paste.
    const timer = setTimeout(() => settleAll(thread), RENDER_TIMEOUT_MS);
    pending.set(id, { resolve, timer });
    thread.postMessage({ id, markdown } satisfies RenderRequest);
  });
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
  const thread = renderWorker();
  if (pending.size === 0) endWhenIdle(thread);
}

/** Renders under way, by key: a text asked for again meanwhile waits for the same render. */
const rendering = new Map<string, Promise<string | null>>();

function renderAndKeep(key: string, markdown: string): Promise<string | null> {
  let render = rendering.get(key);
  if (!render) {
    render = renderInWorker(markdown).then((html) => {
      rendering.delete(key);
      if (html !== null) remember(key, html);
      return html;
    });
    rendering.set(key, render);
  }
  return render;
}

/**
 * `markdown` as sanitised HTML, or null when it is left to the browser: too long, not rendered
 * within `waitMs`, or rendering failed.
 */
export async function renderMarkdownHtml(markdown: string, waitMs = VIEW_WAIT_MS): Promise<string | null> {
  if (markdown.length > SERVER_RENDER_MAX_CHARS) return null;
  const key = keyOf(markdown);
  const cached = cache.get(key);
  if (cached !== undefined) {
    // Most recently used goes last.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
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
  const html = await renderMarkdownHtml(view.content);
  return html === null ? view : { ...view, html };
}
