// The limits the server enforces on an upload (the max upload size, the chosen storage's free space),
// checked in the browser before any byte moves: when a file is added to the Upload list or the
// explorer, and again by the upload itself (run-upload.ts) once the storage and the final size (after
// a download or encryption) are known. Kept apart from the upload engine, which loads with the first
// upload, and from upload-errors.ts (which words the failure): adding a file needs neither.

export type StorageSpace = { total_storage_bytes: number | null; used_storage_bytes: number };

/** Checks made before any byte moves: the server would refuse these anyway. */
export class UploadLimitError extends Error {
  override name = "UploadLimitError";
  constructor(
    readonly limit: "tooLarge" | "insufficientStorage",
    readonly values: { size: number; max?: number; remaining?: number; total?: number },
  ) {
    super(limit);
  }
}

export function checkLimits(size: number, limits: { maxBytes: number; storage: StorageSpace | null }): void {
  if (size > limits.maxBytes) throw new UploadLimitError("tooLarge", { size, max: limits.maxBytes });
  const storage = limits.storage;
  if (storage && storage.total_storage_bytes !== null) {
    const remaining = Math.max(0, storage.total_storage_bytes - storage.used_storage_bytes);
    if (size > remaining) {
      throw new UploadLimitError("insufficientStorage", { size, remaining, total: storage.total_storage_bytes });
    }
  }
}
