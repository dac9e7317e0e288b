import { describe, expect, test } from "bun:test";
import { STREAM_DOWNLOAD_MESSAGE_TYPE, STREAM_DOWNLOAD_PATH } from "../constants";
import { portWritable } from "./port-stream";
import {
  createStreamDownloads,
  isStreamDownloadMessage,
  type StreamDownloadMessage,
  streamDownloadId,
} from "./stream-downloads";

const ORIGIN = "https://paste.example.com";
const ID = "0b5e3c1a-8f4d-4e2a-9c7b-1d2e3f405162";

function message(size: number, name = "Quarterly report 一.pdf"): StreamDownloadMessage {
  return { type: STREAM_DOWNLOAD_MESSAGE_TYPE, id: ID, name, size };
}

/** The page's end of the port (what the worker answers on it, and a writer of the file's bytes) and the worker's. */
function channel() {
  const { port1: page, port2: worker } = new MessageChannel();
  const said: unknown[] = [];
  page.addEventListener("message", (event) => {
    if (typeof event.data === "string" && event.data !== "pull") said.push(event.data);
  });
  page.start();
  return { said, page, worker };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("service worker: decrypted downloads handed over by the page", () => {
  test("a held stream is answered once at its URL, as an attachment with the file's name and size", async () => {
    const downloads = createStreamDownloads();
    const { said, page, worker } = channel();
    const records = [new TextEncoder().encode("plain "), new TextEncoder().encode("bytes")];
    const bytes = new TextEncoder().encode("plain bytes");
    // The page writes as the worker asks, once the browser asked the worker for the download.
    void new ReadableStream({
      start(controller) {
        for (const record of records) controller.enqueue(record);
        controller.close();
      },
    }).pipeTo(portWritable(page));
    const held = downloads.hold(message(bytes.length), worker);
    await settle();
    expect(said).toEqual(["held"]);
    const response = downloads.take(ID);
    await held;
    await settle();
    expect(said).toEqual(["held", "started"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Quarterly report _.pdf"; filename*=UTF-8''Quarterly%20report%20%E4%B8%80.pdf`,
    );
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    // One-time: asked again (another tab, a replayed URL), there is nothing.
    expect(downloads.take(ID).status).toBe(404);
  });

  test("a stream nobody asks for is dropped after a while; an unknown id is 404", async () => {
    const downloads = createStreamDownloads(20);
    await downloads.hold(message(4), channel().worker);
    expect(downloads.take(ID).status).toBe(404);
    expect(downloads.take("ffffffff-ffff-ffff-ffff-ffffffffffff").status).toBe(404);
  });

  test("only this origin's one-time URLs with a well-formed id are downloads; only well-formed messages are held", () => {
    expect(streamDownloadId(new URL(`${STREAM_DOWNLOAD_PATH}${ID}`, ORIGIN), ORIGIN)).toBe(ID);
    expect(streamDownloadId(new URL(`${STREAM_DOWNLOAD_PATH}${ID}`, "https://elsewhere.example"), ORIGIN)).toBeNull();
    expect(streamDownloadId(new URL(`${STREAM_DOWNLOAD_PATH}../api/raw/x`, ORIGIN), ORIGIN)).toBeNull();
    expect(streamDownloadId(new URL("/file/abc", ORIGIN), ORIGIN)).toBeNull();
    expect(isStreamDownloadMessage(message(1))).toBe(true);
    expect(isStreamDownloadMessage({ ...message(1), id: 7 })).toBe(false);
    expect(isStreamDownloadMessage({ ...message(1), size: -0.5 })).toBe(false);
    expect(isStreamDownloadMessage({ type: "other" })).toBe(false);
    // A page of the release that moved a stream instead: its worker is not this one.
    expect(isStreamDownloadMessage({ ...message(1), type: "pastebox:stream-download" })).toBe(false);
    expect(isStreamDownloadMessage(null)).toBe(false);
  });
});

describe("service worker: the bytes' port", () => {
  test("the page's records arrive moved, not copied, and only as fast as the worker's reader asks", async () => {
    const { port1: page, port2: worker } = new MessageChannel();
    const { portReadable } = await import("./port-stream");
    const sent: Uint8Array<ArrayBuffer>[] = [];
    let written = 0;
    const writing = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        if (written === 10) return controller.close();
        const record = new Uint8Array(1024).fill(written++);
        sent.push(record);
        controller.enqueue(record);
      },
    }).pipeTo(portWritable(page));
    const reader = portReadable(worker).getReader();
    await settle();
    // Nothing read yet: the worker asked for two, the page wrote those and holds the next one or two.
    expect(written).toBeLessThanOrEqual(5);
    expect(sent[0]?.byteLength).toBe(0); // moved to the worker: the page's buffer is detached
    const received: number[] = [];
    const chunks: Uint8Array[] = [];
    for (let result = await reader.read(); !result.done; result = await reader.read()) {
      received.push(result.value[0] ?? -1);
      chunks.push(result.value);
      // Freed once the browser has read two more (it copies a chunk out before it reads the next):
      // the worker's memory does not wait for its garbage collector.
      expect(chunks.map((chunk) => chunk.byteLength)).toEqual(
        chunks.map((_, index) => (index < chunks.length - 2 ? 0 : 1024)),
      );
    }
    await writing;
    expect(received).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test("a failure on the page errors the worker's stream (the browser drops the download); a cancel in the worker stops the page", async () => {
    const failing = new MessageChannel();
    const { portReadable } = await import("./port-stream");
    const writer = portWritable(failing.port1).getWriter();
    const read = new Response(portReadable(failing.port2)).arrayBuffer();
    await writer.write(new Uint8Array(8));
    await writer.abort(new Error("the ciphertext was changed or its records reordered"));
    expect(read).rejects.toThrow("the ciphertext was changed or its records reordered");

    const cancelled = new MessageChannel();
    const pageSide = portWritable(cancelled.port1).getWriter();
    await portReadable(cancelled.port2).cancel();
    await settle();
    expect(pageSide.write(new Uint8Array(8))).rejects.toThrow("cancelled");
  });
});
