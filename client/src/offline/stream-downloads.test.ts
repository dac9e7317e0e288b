import { describe, expect, test } from "bun:test";
import { STREAM_DOWNLOAD_MESSAGE_TYPE, STREAM_DOWNLOAD_PATH } from "./constants";
import {
  createStreamDownloads,
  isStreamDownloadMessage,
  type StreamDownloadMessage,
  streamDownloadId,
} from "./stream-downloads";

const ORIGIN = "https://paste.example.com";
const ID = "0b5e3c1a-8f4d-4e2a-9c7b-1d2e3f405162";

function message(bytes: Uint8Array, name = "Quarterly report 一.pdf"): StreamDownloadMessage {
  return {
    type: STREAM_DOWNLOAD_MESSAGE_TYPE,
    id: ID,
    name,
    size: bytes.length,
    stream: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(),
  };
}

/** A port that records what the worker answers. */
function replies() {
  const said: unknown[] = [];
  return { said, port: { postMessage: (value: unknown) => said.push(value) } as unknown as MessagePort };
}

describe("service worker: decrypted downloads handed over by the page", () => {
  test("a held stream is answered once at its URL, as an attachment with the file's name and size", async () => {
    const downloads = createStreamDownloads();
    const { said, port } = replies();
    const bytes = new TextEncoder().encode("plain bytes");
    const held = downloads.hold(message(bytes), port);
    expect(said).toEqual(["held"]);
    const response = downloads.take(ID);
    await held;
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
    const handed = message(new Uint8Array(4));
    await downloads.hold(handed, undefined);
    expect(downloads.take(ID).status).toBe(404);
    expect(downloads.take("ffffffff-ffff-ffff-ffff-ffffffffffff").status).toBe(404);
  });

  test("only this origin's one-time URLs with a well-formed id are downloads; only well-formed messages are held", () => {
    expect(streamDownloadId(new URL(`${STREAM_DOWNLOAD_PATH}${ID}`, ORIGIN), ORIGIN)).toBe(ID);
    expect(streamDownloadId(new URL(`${STREAM_DOWNLOAD_PATH}${ID}`, "https://elsewhere.example"), ORIGIN)).toBeNull();
    expect(streamDownloadId(new URL(`${STREAM_DOWNLOAD_PATH}../api/raw/x`, ORIGIN), ORIGIN)).toBeNull();
    expect(streamDownloadId(new URL("/file/abc", ORIGIN), ORIGIN)).toBeNull();
    expect(isStreamDownloadMessage(message(new Uint8Array(1)))).toBe(true);
    expect(isStreamDownloadMessage({ ...message(new Uint8Array(1)), stream: "bytes" })).toBe(false);
    expect(isStreamDownloadMessage({ ...message(new Uint8Array(1)), size: -0.5 })).toBe(false);
    expect(isStreamDownloadMessage({ type: "other" })).toBe(false);
    expect(isStreamDownloadMessage(null)).toBe(false);
  });
});
