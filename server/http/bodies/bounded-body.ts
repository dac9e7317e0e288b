// Reading a small request body (JSON for /api and /trpc, WebDAV's XML) with its size counted while it
// arrives: a chunked body has no Content-Length to check up front, so the limit must stop the read
// itself, or one anonymous request could make the server hold a gigabyte before refusing it. The bytes
// are held once, in one buffer, and decoded from it: a 10 MB clipboard item sent over HTTP used to be
// held as its chunks, their concatenation and its text at once (docs/performance.md, hostile run).
//
// The loop is handed back every READ_TURN_BYTES: a client sending fast over a short link has the
// whole body queued, and its chunks' reads then resolve one after the other without a turn of the
// loop between them. A chunked body's buffer is resizable, grown in place: moving it to a larger one
// at each doubling (`ArrayBuffer.transfer`) copied and touched twice its bytes. Two 1 GiB chunked
// bodies refused at 12 MiB held the loop 30-40 ms of CPU at a stretch that way, 7-8 ms now.

import { noteLargeGarbage } from "../large-content";
import { nextTurn } from "../sliced-answer";

/** A chunked body's buffer starts this large and grows as it fills (never past the limit). */
const FIRST_CHUNKED_CAPACITY = 64 * 1024;
/** Bytes of a body read in one turn of the event loop at most (about 1 ms of copying on this machine). */
export const READ_TURN_BYTES = 1024 * 1024;

/**
 * The body's bytes, at most `maxBytes`, in one buffer: of the declared Content-Length when there is
 * one (HTTP framing holds the body to it), else a resizable one grown in place by doubling, so it is
 * at most twice the body and never past the limit. `tooLarge()` is thrown as soon as more arrives (the
 * rest is cancelled, not read); a declared Content-Length over the limit is refused before reading a
 * byte. A turn of the loop passes after each READ_TURN_BYTES read.
 */
export async function readBoundedBytes(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declaredHeader = request.headers.get("content-length");
  const declared = declaredHeader === null ? null : Number(declaredHeader);
  if (declared !== null && declared > maxBytes) throw tooLarge();
  if (!request.body || declared === 0) return new Uint8Array(0);
  const store =
    declared !== null
      ? new ArrayBuffer(declared)
      : new ArrayBuffer(Math.min(FIRST_CHUNKED_CAPACITY, maxBytes), { maxByteLength: maxBytes });
  let size = 0;
  let sinceTurn = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const needed = size + value.byteLength;
    if (needed > store.byteLength) {
      if (declared !== null || needed > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      store.resize(Math.min(maxBytes, Math.max(needed, store.byteLength * 2)));
    }
    new Uint8Array(store, size, value.byteLength).set(value);
    size = needed;
    sinceTurn += value.byteLength;
    if (sinceTurn >= READ_TURN_BYTES) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return new Uint8Array(store, 0, size);
}

/** The body as text, decoded from the one buffer `readBoundedBytes` holds (same limit and refusals). */
export async function readBoundedText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const bytes = await readBoundedBytes(request, maxBytes, tooLarge);
  const text = new TextDecoder().decode(bytes);
  // The buffer is garbage from here on, the text once parsed: both are counted toward a collection.
  noteLargeGarbage(2 * bytes.byteLength);
  return text;
}
