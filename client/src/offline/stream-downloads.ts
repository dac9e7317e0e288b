// The service worker's half of a decrypted download (docs/encrypted-shares.md, "Downloading"): the
// page decrypts an end-to-end encrypted file while it downloads and hands the stream of plain bytes to
// the worker, which answers a one-time URL with it as an attachment. The browser then saves it as any
// download, pulling one record at a time, so the file is never whole in memory. The worker never sees
// the key or the ciphertext, and nothing here is cached.
import { contentDisposition } from "@shared/content-disposition";
import { STREAM_DOWNLOAD_MESSAGE_TYPE, STREAM_DOWNLOAD_PATH } from "./constants";

export type StreamDownloadMessage = {
  type: typeof STREAM_DOWNLOAD_MESSAGE_TYPE;
  /** A random id: the one-time URL's last segment. */
  id: string;
  name: string;
  size: number;
  stream: ReadableStream<Uint8Array>;
};

/** What the worker answers on the message's port: it holds the stream, then the browser asked for it. */
export type StreamDownloadReply = "held" | "started";

/** A stream the page handed over is given out once, and only if asked for this soon. */
export const HOLD_MS = 30_000;

export function isStreamDownloadMessage(data: unknown): data is StreamDownloadMessage {
  const message = data as Partial<StreamDownloadMessage> | null;
  return (
    message?.type === STREAM_DOWNLOAD_MESSAGE_TYPE &&
    typeof message.id === "string" &&
    typeof message.name === "string" &&
    Number.isSafeInteger(message.size) &&
    (message.size as number) >= 0 &&
    message.stream instanceof ReadableStream
  );
}

/** The id in a one-time download URL of this origin, or null for any other URL. */
export function streamDownloadId(url: URL, origin: string): string | null {
  if (url.origin !== origin || !url.pathname.startsWith(STREAM_DOWNLOAD_PATH)) return null;
  const id = url.pathname.slice(STREAM_DOWNLOAD_PATH.length);
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

type Held = { message: StreamDownloadMessage; reply: MessagePort | undefined; release: () => void };

/** The worker's downloads: held until their URL is asked for, then answered once. */
export function createStreamDownloads(holdMs = HOLD_MS) {
  const held = new Map<string, Held>();
  return {
    /** Keeps a handed-over stream; the promise (for the message event's waitUntil) settles when it is taken or dropped. */
    hold(message: StreamDownloadMessage, reply: MessagePort | undefined): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          if (held.get(message.id)?.message !== message) return;
          held.delete(message.id);
          void message.stream.cancel().catch(() => undefined);
          resolve();
        }, holdMs);
        held.set(message.id, {
          message,
          reply,
          release: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        reply?.postMessage("held" satisfies StreamDownloadReply);
      });
    },
    /** The answer to a one-time URL: the stream as an attachment, or 404 when it was taken or never held. */
    take(id: string): Response {
      const entry = held.get(id);
      if (!entry) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
      held.delete(id);
      entry.release();
      entry.reply?.postMessage("started" satisfies StreamDownloadReply);
      const { name, size, stream } = entry.message;
      return new Response(stream, {
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Disposition": contentDisposition("attachment", name),
          "Content-Length": String(size),
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "no-store",
        },
      });
    },
  };
}
