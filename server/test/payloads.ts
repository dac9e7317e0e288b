// Bytes the upload tests send: a repeatable pattern (so a download can be compared byte for byte without
// keeping the original) and a body of unknown length, as clients that stream without a size send it.

/** `size` bytes of a pattern that `seed` varies: two files of one size differ with different seeds. */
export function patternedBytes(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + seed) & 0xff;
  return data;
}

const CHUNK_BYTES = 256 * 1024;

/** A body of unknown length (sent chunked, as macOS Finder and davfs2 send): no size to stream it in one PUT. */
export function chunkedBody(data: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= data.length) return controller.close();
      controller.enqueue(data.slice(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
    },
  });
}
