// What reading one large body holds (bounded-body.ts): its bytes once, in one buffer of exactly the
// declared Content-Length, or at most twice a chunked body's size and never past the limit. A 10 MB
// clipboard item sent over HTTP used to be held as its chunks and their concatenation at once.
import { describe, expect, test } from "bun:test";
import { countLoopTurns } from "../../test/event-loop-blocks";
import { READ_TURN_BYTES, readBoundedBytes, readBoundedText } from "./bounded-body";

const MiB = 1024 * 1024;
const tooLarge = () => new Error("too large");

/** A body of `total` bytes sent in `chunk`-byte pieces, with or without its Content-Length. */
function requestOf(total: number, chunk: number, withLength: boolean): Request {
  const piece = new Uint8Array(chunk).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const length = Math.min(chunk, total - sent);
      sent += length;
      controller.enqueue(piece.slice(0, length));
    },
  });
  const headers: Record<string, string> = withLength ? { "content-length": String(total) } : {};
  return new Request("http://localhost/api/x", { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

describe("reading a large body holds it once", () => {
  test("with a Content-Length: one buffer of exactly the body's size, whatever the chunks", async () => {
    const total = Math.round(9.3 * MiB);
    const request = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "content-length": String(total) },
      body: requestOf(total, 64 * 1024, false).body,
      duplex: "half",
    } as RequestInit);
    const bytes = await readBoundedBytes(request, 12 * MiB, tooLarge);
    expect(bytes.byteLength).toBe(total);
    expect(bytes.buffer.byteLength).toBe(total);
    expect(bytes.every((byte) => byte === 0x61)).toBe(true);
  });

  test("chunked: the one buffer grows by doubling to at most twice the body, never past the limit", async () => {
    const total = Math.round(9.3 * MiB);
    const bytes = await readBoundedBytes(requestOf(total, 100_000, false), 12 * MiB, tooLarge);
    expect(bytes.byteLength).toBe(total);
    expect(bytes.buffer.byteLength).toBeLessThanOrEqual(12 * MiB);
    expect(bytes.buffer.byteLength).toBeLessThan(2 * total);
    const small = await readBoundedBytes(requestOf(3_000, 1_000, false), 12 * MiB, tooLarge);
    expect(small.buffer.byteLength).toBe(64 * 1024);
  });

  test("past the limit it stops reading, declared or not", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += MiB;
        controller.enqueue(new Uint8Array(MiB));
      },
    });
    const chunked = new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBoundedBytes(chunked, 4 * MiB, tooLarge)).rejects.toThrow("too large");
    expect(pulled).toBeLessThanOrEqual(6 * MiB);
    await expect(readBoundedBytes(requestOf(5 * MiB, MiB, true), 4 * MiB, tooLarge)).rejects.toThrow("too large");
  });

  test("the text is decoded from the buffer, multi-byte characters across chunks included", async () => {
    const text = `{"content":"${"é€😀".repeat(50_000)}"}`;
    const encoded = new TextEncoder().encode(text);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= encoded.byteLength) return controller.close();
        controller.enqueue(encoded.slice(offset, offset + 4_099));
        offset += 4_099;
      },
    });
    const request = new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await readBoundedText(request, 12 * MiB, tooLarge)).toBe(text);
  });

  test("a body queued whole is read a MiB per turn of the loop, in one buffer grown in place", async () => {
    // A client on a short link has its body queued before the server reads it: each chunk's read
    // then resolves at once, and 12 MiB were read (and refused) in one turn, holding every other
    // request 30-40 ms of CPU per body (docs/performance.md, hostile run, chunked phase).
    const total = 12 * MiB;
    const loop = countLoopTurns();
    const piece = new Uint8Array(64 * 1024).fill(0x62);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let queued = 0; queued < total; queued += piece.byteLength) controller.enqueue(piece.slice());
        controller.close();
      },
    });
    const transfer = ArrayBuffer.prototype.transfer;
    let transfers = 0;
    ArrayBuffer.prototype.transfer = function (this: ArrayBuffer, length?: number) {
      transfers++;
      return transfer.call(this, length);
    };
    try {
      const request = new Request("http://localhost/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
      const bytes = await readBoundedBytes(request, total, tooLarge);
      expect(bytes.byteLength).toBe(total);
      expect(bytes[total - 1]).toBe(0x62);
    } finally {
      loop.stop();
      ArrayBuffer.prototype.transfer = transfer;
    }
    expect(loop.turns()).toBeGreaterThanOrEqual(total / READ_TURN_BYTES - 1);
    // Grown in place: no move of the bytes read so far into a larger buffer.
    expect(transfers).toBe(0);
  });
});
