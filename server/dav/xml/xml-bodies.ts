// The XML request bodies of WebDAV (PROPFIND, PROPPATCH, LOCK), read into plain data. @xmldom/xmldom
// spends tens of microseconds per element (measured: 1 MiB with 40,000 elements, 3 s), so a large
// body is parsed in a worker thread and the event loop keeps serving everyone else meanwhile; small
// bodies, what real clients send, are parsed in place. A parse that runs past PARSE_TIMEOUT_MS ends
// the worker and answers 413.
import { DavError, type DavErrorOptions } from "../dav-error";
import type { LockScope } from "../locks/locks";
import { type PropertyUpdate, type PropfindRequest, parsePropfind, parseProppatch } from "./properties";
import { childElements, isDavElement, parseXml, readSmallBody, serializeChildren, type XmlElement } from "./xml";

export type Lockinfo = { scope: LockScope; owner: string | null };

/** A LOCK body: null (a refresh) or an exclusive or shared write lock, with its owner kept as given. */
export function parseLockinfo(info: XmlElement | null): Lockinfo | null {
  if (!info) return null;
  if (!isDavElement(info, "lockinfo")) throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  const children = childElements(info);
  const scopeElement = children.find((child) => isDavElement(child, "lockscope"));
  const scopeName = scopeElement ? childElements(scopeElement)[0] : undefined;
  const typeElement = children.find((child) => isDavElement(child, "locktype"));
  const typeName = typeElement ? childElements(typeElement)[0] : undefined;
  if (!scopeName || !typeName || !isDavElement(typeName, "write")) {
    throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  }
  let scope: LockScope;
  if (isDavElement(scopeName, "exclusive")) scope = "exclusive";
  else if (isDavElement(scopeName, "shared")) scope = "shared";
  else throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  const ownerElement = children.find((child) => isDavElement(child, "owner"));
  return { scope, owner: ownerElement ? serializeChildren(ownerElement) : null };
}

const BODY_PARSERS = {
  propfind: (root: XmlElement | null): PropfindRequest => parsePropfind(root),
  proppatch: (root: XmlElement | null): PropertyUpdate[] => parseProppatch(root),
  lockinfo: (root: XmlElement | null): Lockinfo | null => parseLockinfo(root),
};

export type BodyKind = keyof typeof BODY_PARSERS;
export type ParsedBody<K extends BodyKind> = ReturnType<(typeof BODY_PARSERS)[K]>;

/** Parses a body in this thread (what the worker runs, and small bodies). */
export function parseBody<K extends BodyKind>(kind: K, text: string): ParsedBody<K> {
  return BODY_PARSERS[kind](parseXml(text)) as ParsedBody<K>;
}

/** Bodies up to this size parse in well under a millisecond per kilobyte: not worth a thread hop. */
const INLINE_PARSE_BYTES = 16 * 1024;
const PARSE_TIMEOUT_MS = 10_000;

export type WorkerRequest = { id: number; kind: BodyKind; text: string };
export type WorkerAnswer =
  | { id: number; ok: true; value: unknown }
  | ({ id: number; ok: false; status: number } & DavErrorOptions);

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: Timer };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: unknown) {
  for (const [id, entry] of pending) {
    clearTimeout(entry.timer);
    entry.reject(error);
    pending.delete(id);
  }
}

function parserWorker(): Worker {
  if (worker) return worker;
  // ref: false: an idle worker must not keep the process (or a test run) alive.
  const started = new Worker(new URL("./xml-worker.ts", import.meta.url), { ref: false });
  started.onmessage = (event: MessageEvent<WorkerAnswer>) => {
    const answer = event.data;
    const entry = pending.get(answer.id);
    if (!entry) return;
    pending.delete(answer.id);
    clearTimeout(entry.timer);
    if (answer.ok) entry.resolve(answer.value);
    else {
      const { id: _id, ok: _ok, status, ...options } = answer;
      entry.reject(new DavError(status, options));
    }
  };
  started.onerror = (event) => {
    worker = null;
    failAll(new Error(`XML parser worker failed: ${event.message}`));
  };
  worker = started;
  return started;
}

function parseInWorker<K extends BodyKind>(kind: K, text: string): Promise<ParsedBody<K>> {
  const id = ++nextId;
  const thread = parserWorker();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Bodies queue behind one another: a runaway parse would hold up every later one.
      thread.terminate();
      if (worker === thread) worker = null;
      failAll(new DavError(413, { messageKey: "errors.davBodyTooComplex" }));
    }, PARSE_TIMEOUT_MS);
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    thread.postMessage({ id, kind, text } satisfies WorkerRequest);
  });
}

/** Reads and parses the XML body of a request (at most MAX_XML_BYTES); 400 when it is not what `kind` expects. */
export async function readXmlRequest<K extends BodyKind>(request: Request, kind: K): Promise<ParsedBody<K>> {
  const text = await readSmallBody(request);
  return text.length <= INLINE_PARSE_BYTES ? parseBody(kind, text) : parseInWorker(kind, text);
}
