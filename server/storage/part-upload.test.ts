// The part engine against a store kept in memory: what reaches the store (parts in order, of the
// part size but the last, or one request for a small body), the bounded buffer pool, and the abort
// when a part fails. The same engine against the real S3 server: storage.integration and
// s3-midway-failures.integration.
import { expect, test } from "bun:test";
import { Readable } from "node:stream";
import type { CompletedPart } from "./driver";
import { type PartStore, partSizeFor, uploadInParts } from "./part-upload";

const MiB = 1024 * 1024;

function memoryStore(options: { failPart?: number } = {}) {
  const calls: string[] = [];
  const parts = new Map<number, Buffer>();
  let whole: Buffer | null = null;
  let inFlight = 0;
  let maxInFlight = 0;
  const buffers = new Set<ArrayBufferLike>();
  const store: PartStore = {
    async putWhole(body) {
      whole = Buffer.from(body);
      calls.push(`whole ${body.length}`);
      return { etag: "whole" };
    },
    async create() {
      calls.push("create");
      return "upload-1";
    },
    async uploadPart(_uploadId, partNumber, body) {
      buffers.add(body.buffer);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // A copy: the engine reuses its buffer once the part is stored.
      const copy = Buffer.from(body);
      await Bun.sleep(2);
      inFlight--;
      if (partNumber === options.failPart) throw new Error("part refused");
      parts.set(partNumber, copy);
      return { partNumber, etag: `etag-${partNumber}` };
    },
    async complete(_uploadId, completed: CompletedPart[]) {
      calls.push(`complete ${completed.map((part) => part.partNumber).join(",")}`);
      return { etag: "multi" };
    },
    async abort() {
      calls.push("abort");
    },
  };
  return {
    store,
    calls,
    joined: () => Buffer.concat([...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part)),
    sizes: () => [...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part.length),
    whole: () => whole,
    maxInFlight: () => maxInFlight,
    buffers: () => buffers.size,
  };
}

/** `size` bytes in chunks of `chunk`, every byte its offset modulo 251 (so misplaced bytes show). */
function body(size: number, chunk = 64 * 1024): { stream: Readable; bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < size; offset += chunk) chunks.push(bytes.subarray(offset, offset + chunk));
  return { stream: Readable.from(chunks), bytes };
}

test("parts are 5 MiB, larger when 10,000 would not hold the file, 8 MiB for an unknown length", () => {
  expect(partSizeFor(1)).toBe(5 * MiB);
  expect(partSizeFor(100 * 1024 * MiB)).toBe(Math.ceil((100 * 1024 * MiB) / 10_000));
  expect(partSizeFor(undefined)).toBe(8 * MiB);
});

test("a body is cut into parts of the part size (the last smaller), sent a few at a time, completed in order", async () => {
  const memory = memoryStore();
  const { stream, bytes } = body(10 * 1000 + 123, 777);
  const onStart: string[] = [];
  const result = await uploadInParts(memory.store, stream, {
    partSize: 1000,
    concurrency: 3,
    onMultipartStart: async (id) => {
      onStart.push(id);
    },
  });
  expect(result).toEqual({ etag: "multi", size: bytes.length });
  expect(memory.sizes()).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 123]);
  expect(memory.joined().equals(bytes)).toBe(true);
  expect(memory.calls).toEqual(["create", "complete 1,2,3,4,5,6,7,8,9,10,11"]);
  expect(onStart).toEqual(["upload-1"]);
  expect(memory.maxInFlight()).toBe(3);
  // Eleven parts through a pool of concurrency + 1 buffers.
  expect(memory.buffers()).toBeLessThanOrEqual(4);
});

test("a body smaller than one part goes in one request, an empty one too, without a multipart upload", async () => {
  for (const size of [0, 999]) {
    const memory = memoryStore();
    const { stream, bytes } = body(size, 100);
    expect(await uploadInParts(memory.store, stream, { partSize: 1000, concurrency: 3 })).toEqual({
      etag: "whole",
      size,
    });
    expect(memory.calls).toEqual([`whole ${size}`]);
    expect(memory.whole()?.equals(bytes)).toBe(true);
  }
});

test("a part that fails aborts the upload and fails the whole; nothing is completed", async () => {
  const memory = memoryStore({ failPart: 2 });
  const { stream } = body(5000, 300);
  await expect(uploadInParts(memory.store, stream, { partSize: 1000, concurrency: 2 })).rejects.toThrow("part refused");
  expect(memory.calls).toContain("abort");
  expect(memory.calls.some((call) => call.startsWith("complete"))).toBe(false);
  expect(stream.destroyed).toBe(true);
});
