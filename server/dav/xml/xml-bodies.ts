// The XML request bodies of WebDAV (PROPFIND, PROPPATCH, LOCK), read into plain data. @xmldom/xmldom
// spends tens of microseconds per element (measured: 1 MiB with 40,000 elements, 3 s), so a large
// body is parsed in a worker thread and the event loop keeps serving everyone else meanwhile; small
// bodies, what real clients send, are parsed in place. A parse that runs past PARSE_TIMEOUT_MS ends
// the worker and answers 413. The thread's life (started with the first large body, ended when idle)
// is server/worker-thread.ts's.

import { createWorkerThread } from "../../worker-thread";
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
/** The thread (and xmldom with it) ends after this long without a large body. */
const WORKER_IDLE_MS = 60_000;

export type WorkerRequest = { id: number; kind: BodyKind; text: string };
export type WorkerAnswer =
  | { id: number; ok: true; value: unknown }
  | ({ id: number; ok: false; status: number } & DavErrorOptions);

const parser = createWorkerThread<WorkerRequest, WorkerAnswer>({
  url: new URL("./xml-worker.ts", import.meta.url),
  startTimeoutMs: PARSE_TIMEOUT_MS,
  idleMs: WORKER_IDLE_MS,
});

async function parseInWorker<K extends BodyKind>(kind: K, text: string): Promise<ParsedBody<K>> {
  const end = await parser.run({ kind, text });
  if ("answer" in end) {
    const answer = end.answer;
    if (answer.ok) return answer.value as ParsedBody<K>;
    const { id: _id, ok: _ok, status, ...options } = answer;
    throw new DavError(status, options);
  }
  // A runaway parse ends the thread, and the bodies queued behind it fail with it.
  if (end.stopped === "crashed") throw new Error(`XML parser worker failed: ${end.message}`);
  throw new DavError(413, { messageKey: "errors.davBodyTooComplex" });
}

/** Reads and parses the XML body of a request (at most MAX_XML_BYTES); 400 when it is not what `kind` expects. */
export async function readXmlRequest<K extends BodyKind>(request: Request, kind: K): Promise<ParsedBody<K>> {
  const text = await readSmallBody(request);
  return text.length <= INLINE_PARSE_BYTES ? parseBody(kind, text) : parseInWorker(kind, text);
}
