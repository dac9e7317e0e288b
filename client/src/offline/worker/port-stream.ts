// A stream of byte chunks from the page to the service worker over a MessagePort (docs/encrypted-shares.md,
// "Speed and memory"). A stream moved with postMessage copies every chunk into the other side and leaves
// the page's copy to its garbage collector, which lets a few hundred MiB of decrypted records pile up in
// the renderer; here each chunk's buffer is transferred (moved, not copied), and the worker asks for the
// next chunk only as the browser takes the ones it holds, so neither side queues more than a few.
// The worker also frees each chunk once the browser has copied it out (@shared/encryption/free-buffer): a chunk the
// browser has read is otherwise garbage that the worker's collector, which runs late in a worker that
// allocates almost nothing else, let grow to hundreds of MiB.
import { freeBuffer } from "@shared/encryption/free-buffer";

/** What the reading side (the worker) says: one more chunk, or stop. */
const PULL = "pull";
const CANCEL = "cancel";

type Carried = { chunk: Uint8Array<ArrayBuffer> } | { done: true } | { error: string };

function isCarried(data: unknown): data is Carried {
  return typeof data === "object" && data !== null && ("chunk" in data || "done" in data || "error" in data);
}

/** Chunks the reading side keeps ahead of its reader: one being written, one ready. */
const CHUNKS_AHEAD = 2;

/** The writing half, in the page: each write waits until the worker asked for a chunk. */
export function portWritable(port: MessagePort): WritableStream<Uint8Array<ArrayBuffer>> {
  let asked = 0;
  let isCancelled = false;
  let wake: (() => void) | null = null;
  port.addEventListener("message", (event: MessageEvent) => {
    if (event.data === PULL) asked++;
    else if (event.data === CANCEL) isCancelled = true;
    else return;
    wake?.();
  });
  port.start();
  return new WritableStream({
    async write(chunk) {
      while (asked === 0 && !isCancelled) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (isCancelled) throw new DOMException("the download was cancelled", "AbortError");
      asked--;
      // A view of part of a buffer is copied: moving the buffer would take its other bytes too.
      const owned = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
      port.postMessage({ chunk: owned } satisfies Carried, [owned.buffer]);
    },
    close() {
      port.postMessage({ done: true } satisfies Carried);
    },
    abort(reason) {
      port.postMessage({ error: reason instanceof Error ? reason.message : String(reason) } satisfies Carried);
    },
  });
}

/**
 * Chunks the browser has read since a chunk was read before it is freed. A reader of a response body
 * (Chromium's, Firefox's, WebKit's) copies each chunk out before it reads the next, so the chunk before
 * the one being read is done with; one more is kept for a reader that reads one ahead.
 */
const CHUNKS_READ_SINCE = 2;

/**
 * The reading half, in the worker: asks for a chunk each time it has room for one, and frees each
 * chunk once the browser has read CHUNKS_READ_SINCE more.
 */
export function portReadable(port: MessagePort): ReadableStream<Uint8Array<ArrayBuffer>> {
  let arrived: (() => void) | null = null;
  /** Chunks given to the browser and not freed yet, oldest first. */
  const given: Uint8Array<ArrayBuffer>[] = [];
  let enqueued = 0;
  let freed = 0;
  const freeRead = (controller: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>) => {
    if (controller.desiredSize === null) return;
    const read = enqueued - (CHUNKS_AHEAD - controller.desiredSize);
    while (freed < read - CHUNKS_READ_SINCE) {
      const chunk = given.shift() as Uint8Array<ArrayBuffer>;
      freed++;
      freeBuffer(chunk.buffer);
    }
  };
  return new ReadableStream(
    {
      start(controller) {
        port.addEventListener("message", (event: MessageEvent) => {
          const data = event.data;
          if (!isCarried(data)) return;
          if ("chunk" in data) {
            given.push(data.chunk);
            enqueued++;
            // Enqueued while the browser waits, the chunk is read at once.
            controller.enqueue(data.chunk);
            freeRead(controller);
          } else if ("done" in data) {
            controller.close();
            port.close();
          } else {
            controller.error(new Error(data.error));
            port.close();
          }
          arrived?.();
          arrived = null;
        });
        port.start();
      },
      pull(controller) {
        freeRead(controller);
        return new Promise<void>((resolve) => {
          arrived = resolve;
          port.postMessage(PULL);
        });
      },
      cancel() {
        port.postMessage(CANCEL);
        port.close();
      },
    },
    { highWaterMark: CHUNKS_AHEAD },
  );
}
