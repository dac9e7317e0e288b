// Reading a small request body (JSON for /api and /trpc, WebDAV's XML) with its size counted while it
// arrives: a chunked body has no Content-Length to check up front, so the limit must stop the read
// itself, or one anonymous request could make the server hold a gigabyte before refusing it. The bytes
// are held once, in one buffer, and decoded from it: a 10 MB clipboard item sent over HTTP used to be
// held as its chunks, their concatenation and its text at once (docs/performance.md, hostile run).

import { noteLargeGarbage } from "../large-content";

/** A chunked body's buffer starts this large and doubles as it fills (never past the limit). */
const FIRST_CHUNKED_CAPACITY = 64 * 1024;

/**
 * The body's bytes, at most `maxBytes`, in one buffer: of the declared Content-Length when there is
 * one (HTTP framing holds the body to it), else grown by doubling, so it is at most twice the body
 * and never past the limit. `tooLarge()` is thrown as soon as more arrives (the rest is cancelled,
 * not read); a declared Content-Length over the limit is refused before reading a byte.
 */
export async function readBoundedBytes(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declaredHeader = request.headers.get("content-length");
  const declared = declaredHeader === null ? null : Number(declaredHeader);
  if (declared !== null && declared > maxBytes) throw tooLarge();
  if (!request.body || declared === 0) return new Uint8Array(0);
  let buffer = new Uint8Array(declared ?? Math.min(FIRST_CHUNKED_CAPACITY, maxBytes));
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const needed = size + value.byteLength;
    if (needed > buffer.byteLength) {
      if (declared !== null || needed > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      // `transfer` moves the bytes to the larger buffer and detaches the old one: no second copy stays.
      const capacity = Math.min(maxBytes, Math.max(needed, buffer.byteLength * 2));
      buffer = new Uint8Array(buffer.buffer.transfer(capacity));
    }
    buffer.set(value, size);
    size = needed;
  }
  return size === buffer.byteLength ? buffer : buffer.subarray(0, size);
}

/** The body as text, decoded from the one buffer `readBoundedBytes` holds (same limit and refusals). */
export async function readBoundedText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const bytes = await readBoundedBytes(request, maxBytes, tooLarge);
  const text = new TextDecoder().decode(bytes);
  // The buffer is garbage from here on, the text once parsed: both are counted toward a collection.
  noteLargeGarbage(2 * bytes.byteLength);
  return text;
}
