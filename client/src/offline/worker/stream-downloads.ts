// The service worker's half of a decrypted download (docs/encrypted-shares.md, "Downloading"): the
// page decrypts an end-to-end encrypted file while it downloads and sends the plain bytes to the worker
// over a MessagePort (port-stream.ts), which answers a one-time URL with them as an attachment. The browser then saves it as any
// download, pulling one record at a time, so the file is never whole in memory. The worker never sees
// the key or the ciphertext, and nothing here is cached.
import { contentDisposition } from "@shared/content-disposition";
import { STREAM_DOWNLOAD_MESSAGE_TYPE, STREAM_DOWNLOAD_PATH } from "../constants";
import { portReadable } from "./port-stream";

export type StreamDownloadMessage = {
  type: typeof STREAM_DOWNLOAD_MESSAGE_TYPE;
  /** A random id: the one-time URL's last segment. */
  id: string;
  name: string;
  size: number;
};

/**
 * What the worker answers on the message's port, which then carries the file's bytes: it holds the
 * download, then the browser asked for it.
 */
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
    (message.size as number) >= 0
  );
}

/** The id in a one-time download URL of this origin, or null for any other URL. */
export function streamDownloadId(url: URL, origin: string): string | null {
  if (url.origin !== origin || !url.pathname.startsWith(STREAM_DOWNLOAD_PATH)) return null;
  const id = url.pathname.slice(STREAM_DOWNLOAD_PATH.length);
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

type Held = { message: StreamDownloadMessage; port: MessagePort; release: () => void };

/** The worker's downloads: held until their URL is asked for, then answered once. */
export function createStreamDownloads(holdMs = HOLD_MS) {
  const held = new Map<string, Held>();
  return {
    /**
     * Keeps a handed-over download and the port its bytes come by; the promise (for the message
     * event's waitUntil) settles when it is taken or dropped.
     */
    hold(message: StreamDownloadMessage, port: MessagePort): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          if (held.get(message.id)?.message !== message) return;
          held.delete(message.id);
          port.close();
          resolve();
        }, holdMs);
        held.set(message.id, {
          message,
          port,
          release: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        port.postMessage("held" satisfies StreamDownloadReply);
      });
    },
    /** The answer to a one-time URL: the stream as an attachment, or 404 when it was taken or never held. */
    take(id: string): Response {
      const entry = held.get(id);
      if (!entry) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
      held.delete(id);
      entry.release();
      entry.port.postMessage("started" satisfies StreamDownloadReply);
      const { name, size } = entry.message;
      return new Response(portReadable(entry.port), {
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
