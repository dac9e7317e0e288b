// The page's half of a download streamed through the service worker (docs/encrypted-shares.md,
// "Downloading"; the worker's half is client/src/offline/worker/stream-downloads.ts): the decrypted bytes go
// to the worker over a MessagePort, each record's buffer moved rather than copied
// (client/src/offline/worker/port-stream.ts), a hidden frame opens the one-time URL the worker answers with them as an
// attachment, and the browser saves the file as any download while the page decrypts the next record.
// Only the file's name and size go to the worker, never the key; nothing goes to the server.
import {
  STREAM_DOWNLOAD_KEEP_ALIVE_TYPE,
  STREAM_DOWNLOAD_MESSAGE_TYPE,
  STREAM_DOWNLOAD_PATH,
} from "../../../offline/constants";
import { portWritable } from "../../../offline/worker/port-stream";
import type { StreamDownloadMessage, StreamDownloadReply } from "../../../offline/worker/stream-downloads";

/** How long the worker may take to say it holds the stream, and the browser to ask for it. */
const HELD_TIMEOUT_MS = 3_000;
const STARTED_TIMEOUT_MS = 30_000;
/** Chromium stops an idle worker after 30 s; a message restarts the count. */
const KEEP_ALIVE_MS = 10_000;
/** The hidden frame goes once the browser has surely taken the download over. */
const FRAME_REMOVAL_MS = 60_000;

/** The service worker that can answer a streamed download for this page, when one controls it. */
export function streamingWorker(): ServiceWorker | null {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.controller;
}

function nextReply(port: MessagePort, expected: StreamDownloadReply, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      port.removeEventListener("message", onMessage);
      resolve(false);
    }, timeoutMs);
    const onMessage = (event: MessageEvent) => {
      if (event.data !== expected) return;
      clearTimeout(timer);
      port.removeEventListener("message", onMessage);
      resolve(true);
    };
    port.addEventListener("message", onMessage);
    port.start();
  });
}

export class StreamDownloadNotStarted extends Error {
  override name = "StreamDownloadNotStarted";
}

/**
 * Saves what `open` streams as a download named `name` through the service worker. Returns false,
 * before `open` is called, when no worker of this version controls the page (the caller saves another
 * way); rejects when the stream fails (the browser then drops the partial download) or `signal` aborts.
 */
export async function saveThroughServiceWorker(
  file: { name: string; size: number },
  open: () => Promise<ReadableStream<Uint8Array<ArrayBuffer>>>,
  signal?: AbortSignal,
): Promise<boolean> {
  const worker = streamingWorker();
  if (!worker) return false;
  const channel = new MessageChannel();
  const message: StreamDownloadMessage = {
    type: STREAM_DOWNLOAD_MESSAGE_TYPE,
    id: crypto.randomUUID(),
    name: file.name,
    size: file.size,
  };
  const held = nextReply(channel.port1, "held", HELD_TIMEOUT_MS);
  const started = nextReply(channel.port1, "started", STARTED_TIMEOUT_MS);
  const writable = portWritable(channel.port1);
  worker.postMessage(message, [channel.port2]);
  // A worker of an older release does not know the message: save another way.
  if (!(await held)) return false;

  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.src = `${STREAM_DOWNLOAD_PATH}${message.id}`;
  document.body.append(frame);
  const keepAlive = setInterval(() => worker.postMessage({ type: STREAM_DOWNLOAD_KEEP_ALIVE_TYPE }), KEEP_ALIVE_MS);
  try {
    if (!(await started)) throw new StreamDownloadNotStarted("the browser did not start the download");
    const plain = await open();
    await plain.pipeTo(writable, { signal });
    return true;
  } catch (error) {
    await writable.abort(error).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(keepAlive);
    channel.port1.close();
    setTimeout(() => frame.remove(), FRAME_REMOVAL_MS);
  }
}
