// Reading an end-to-end encrypted file share in the browser (docs/encrypted-shares.md). The signed
// link the page was given (the counted view) serves the ciphertext: its first bytes tell whether a
// password is needed and, once unlocked, the file's name, type and size; the download decrypts record
// by record while the bytes arrive and streams them to disk, by the first way this browser has: a file
// the visitor picks (File System Access API), or a download answered by the service worker
// (stream-download.ts). Only where neither works are they gathered into a Blob (the whole file in the
// browser's memory, so the page warns above BLOB_WARNING_BYTES). A record that fails its check stops
// the download and the partial file is discarded: nothing unchecked is ever written.
import {
  type EncryptedFilePreamble,
  FILE_PREAMBLE_MAX_BYTES,
  readPreamble,
  type UnlockedFile,
} from "@shared/encryption/encrypted-file";
import { DecryptError, type DecryptFailure } from "@shared/encryption/encrypted-share";
import { saveThroughServiceWorker, streamingWorker } from "./stream-download";

/** Above this, saving with no way to stream to disk holds a large file in memory: say so first. */
export const BLOB_WARNING_BYTES = 256 * 1024 * 1024;
/** Previews decrypt the whole file in memory: only small ones. */
export const PREVIEW_MAX_BYTES = 20 * 1024 * 1024;

/** Why an encrypted file could not be read: the format's reasons, or the link could not be fetched. */
export type EncryptedFileProblem = DecryptFailure | "network";

export function problemOf(error: unknown): EncryptedFileProblem {
  return error instanceof DecryptError ? error.reason : "network";
}

async function fetchOk(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  return response;
}

/** The header and metadata record, from the first bytes of the ciphertext (a Range request). */
export async function fetchPreamble(url: string, signal?: AbortSignal): Promise<EncryptedFilePreamble> {
  const response = await fetchOk(url, { signal, headers: { Range: `bytes=0-${FILE_PREAMBLE_MAX_BYTES - 1}` } });
  // A server that ignores Range sends everything: read only what the preamble needs.
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < FILE_PREAMBLE_MAX_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return readPreamble(bytes.subarray(0, FILE_PREAMBLE_MAX_BYTES));
}

/** Counts the bytes going through, for the progress bar. */
function counting(
  onProgress: (bytes: number) => void,
): TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>> {
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.length;
      onProgress(total);
      controller.enqueue(chunk);
    },
  });
}

/**
 * The file's bytes as they are decrypted, from a fresh request for the whole ciphertext. The body goes
 * to the decryptor itself: a fetch body is a byte stream, read straight into the record buffer, so the
 * page makes no garbage per network chunk (docs/encrypted-shares.md).
 */
async function decryptedStream(
  url: string,
  preambleLength: number,
  file: UnlockedFile,
  signal: AbortSignal | undefined,
  onProgress: (bytes: number) => void,
): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
  const response = await fetchOk(url, { signal });
  return file
    .decryptFrom(response.body as ReadableStream<Uint8Array>, preambleLength)
    .pipeThrough(counting(onProgress));
}

type SaveFilePicker = (options: { suggestedName?: string }) => Promise<{
  createWritable: () => Promise<WritableStream<Uint8Array>>;
}>;

function saveFilePicker(): SaveFilePicker | null {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof picker === "function" ? picker.bind(window) : null;
}

/** Whether a download streams to disk (true) or is gathered in memory first (false). */
export function canStreamToDisk(): boolean {
  return saveFilePicker() !== null || streamingWorker() !== null;
}

export type SaveOptions = {
  url: string;
  preamble: EncryptedFilePreamble;
  file: UnlockedFile;
  signal?: AbortSignal;
  onProgress: (bytes: number) => void;
};

/**
 * Decrypts the file while it downloads and saves it: "saved", or "dismissed" when the visitor closed
 * the save dialog. The picker comes first: it needs the click that started this, which a wait would lose. Throws DecryptError (damaged, truncated) or a network error; a partial file is
 * never kept (an aborted FileSystemWritableFileStream discards what was written).
 */
export async function saveDecrypted(options: SaveOptions): Promise<"saved" | "dismissed"> {
  const { file } = options;
  const picker = saveFilePicker();
  if (picker) {
    let handle: Awaited<ReturnType<SaveFilePicker>>;
    try {
      handle = await picker({ suggestedName: file.metadata.name });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "dismissed";
      throw error;
    }
    const writable = await handle.createWritable();
    const plain = await decryptedStream(
      options.url,
      options.preamble.length,
      file,
      options.signal,
      options.onProgress,
    ).catch(async (error) => {
      await writable.abort().catch(() => undefined);
      throw error;
    });
    await plain.pipeTo(writable, { signal: options.signal });
    return "saved";
  }
  const decrypt = () => decryptedStream(options.url, options.preamble.length, file, options.signal, options.onProgress);
  if (await saveThroughServiceWorker(file.metadata, decrypt, options.signal)) return "saved";
  const plain = await decrypt();
  // One Blob per record: the browser keeps Blob bytes outside the page's heap.
  const parts: Blob[] = [];
  await plain.pipeTo(new WritableStream({ write: (chunk) => void parts.push(new Blob([chunk as BlobPart])) }), {
    signal: options.signal,
  });
  const blob = new Blob(parts, { type: file.metadata.type || "application/octet-stream" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = file.metadata.name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the object URL can go after the click is handled.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return "saved";
}

/** The whole file decrypted in memory, for a preview (small files only). */
export async function decryptForPreview(
  url: string,
  preamble: EncryptedFilePreamble,
  file: UnlockedFile,
  signal?: AbortSignal,
): Promise<Blob> {
  const plain = await decryptedStream(url, preamble.length, file, signal, () => undefined);
  return new Blob([await new Response(plain).arrayBuffer()], file.metadata.type ? { type: file.metadata.type } : {});
}
