// "Download as zip" for the file basket: a zip built in the browser (client-zip: stored entries, Zip64)
// from each file fetched through the fs download route, one after another, and streamed to where it
// is saved. Where the browser offers a save dialog (showSaveFilePicker) the zip streams straight into
// the chosen file, so a large basket never sits in memory; elsewhere it is gathered into a Blob (which
// the browser may keep on disk) and saved through a download link. A file the server refuses (gone,
// no access) is left out and reported; the others go on. Cancel stops the fetch and the write.
import { makeZip } from "client-zip";
import { throwIfAborted } from "../upload/engine/retry";
import { statusError } from "../upload/engine/upload-api";
import type { BasketItem } from "./basket-store";
import type { FsEndpoint } from "./fs-client";

export type ZipSink = {
  /** How the zip is saved, for the task's wording. */
  kind: "file" | "download";
  write(stream: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void>;
};

export type ZipHooks = {
  onFileStart?: (item: BasketItem) => void;
  onFileDone?: (item: BasketItem) => void;
  onFileFailed?: (item: BasketItem, error: unknown) => void;
  /** Bytes of the files read so far. */
  onProgress?: (loaded: number) => void;
};

export type ZipResult = { added: number; failed: number };

/** The entry name: the file's path without the leading slash, so folders stay apart in the zip. */
export function zipEntryName(path: string): string {
  return path.replace(/^\/+/, "") || "file";
}

export function zipFileName(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[T:]/g, "-");
  return `pastebox-${stamp}.zip`;
}

/** Passes a body through, counting its bytes and saying when it ended. */
async function* counted(body: ReadableStream<Uint8Array>, onBytes: (bytes: number) => void, onEnd: () => void) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onBytes(value.byteLength);
      yield value;
    }
    onEnd();
  } finally {
    reader.releaseLock();
  }
}

export async function zipBasket(
  items: readonly BasketItem[],
  sink: ZipSink,
  deps: { endpoint: FsEndpoint; signal: AbortSignal; fetch?: typeof fetch },
  hooks: ZipHooks = {},
): Promise<ZipResult> {
  const fetchImpl = deps.fetch ?? fetch;
  const result: ZipResult = { added: 0, failed: 0 };
  let loaded = 0;
  async function* entries() {
    for (const item of items) {
      throwIfAborted(deps.signal);
      hooks.onFileStart?.(item);
      let response: Response;
      try {
        const url = `${deps.endpoint.base}/download?${new URLSearchParams({ path: item.path })}`;
        response = await fetchImpl(url, { headers: deps.endpoint.headers(), signal: deps.signal });
        if (!response.ok || !response.body) throw statusError(response.status, await response.text());
      } catch (error) {
        throwIfAborted(deps.signal);
        result.failed++;
        hooks.onFileFailed?.(item, error);
        continue;
      }
      result.added++;
      yield {
        name: zipEntryName(item.path),
        lastModified: item.modified ? new Date(item.modified) : new Date(),
        input: counted(
          response.body,
          (bytes) => {
            loaded += bytes;
            hooks.onProgress?.(loaded);
          },
          () => hooks.onFileDone?.(item),
        ),
      };
    }
  }
  await sink.write(makeZip(entries()), deps.signal);
  return result;
}

type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>;

/**
 * Where the zip goes, chosen while the click's user activation lasts (the save dialog needs it).
 * Null when the user closed the dialog.
 */
export async function chooseZipSink(filename: string, win: Window = window): Promise<ZipSink | null> {
  const picker = (win as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (typeof picker === "function") {
    let handle: Awaited<ReturnType<SaveFilePicker>>;
    try {
      handle = await picker.call(win, {
        suggestedName: filename,
        types: [{ description: "Zip", accept: { "application/zip": [".zip"] } }],
      });
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return null;
      // No dialog in this context (a sandbox, a policy): fall back to a download.
      return blobSink(filename, win);
    }
    return {
      kind: "file",
      async write(stream, signal) {
        const writable = await handle.createWritable();
        // pipeTo aborts the file's writable (which discards what was written) on a cancel.
        await stream.pipeTo(writable, { signal });
      },
    };
  }
  return blobSink(filename, win);
}

export function blobSink(filename: string, win: Window = window): ZipSink {
  return {
    kind: "download",
    async write(stream, signal) {
      const blob = await new Response(stream.pipeThrough(new TransformStream(), { signal })).blob();
      throwIfAborted(signal);
      const url = URL.createObjectURL(blob);
      const anchor = win.document.createElement("a");
      anchor.href = url;
      anchor.download = filename;
      win.document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };
}
