// The files of a drop on the upload zone: a dropped folder is walked (its files, at any depth) through the
// File and Directory Entries API; without it, or for plain files, the drop's own file list is used.

/** Files one dropped folder adds at most: a drop of a whole disk stops here and says so. */
export const DROPPED_FILES_MAX = 1000;

type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?: (success: (file: File) => void, failure?: (error: unknown) => void) => void;
  createReader?: () => { readEntries(success: (entries: Entry[]) => void, failure?: (error: unknown) => void): void };
};

export type DroppedFiles = { files: File[]; isTruncated: boolean };

const fileOf = (entry: Entry) =>
  new Promise<File>((resolve, reject) => {
    if (!entry.file) reject(new Error("not a file entry"));
    else entry.file(resolve, reject);
  });

/** Every entry of a folder: readEntries answers a batch at a time (100 in Chromium) until an empty one. */
async function childrenOf(entry: Entry): Promise<Entry[]> {
  const reader = entry.createReader?.();
  if (!reader) return [];
  const all: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * Walks the entries of a drop, depth first, up to `max` files. Entries must be taken from the drop event
 * while it runs (`entriesOfDrop`); the walk itself may finish later.
 */
export async function walkDroppedEntries(entries: Entry[], max = DROPPED_FILES_MAX): Promise<DroppedFiles> {
  const files: File[] = [];
  const pending = [...entries];
  while (pending.length > 0) {
    const entry = pending.shift() as Entry;
    if (entry.isFile) {
      if (files.length >= max) return { files, isTruncated: true };
      files.push(await fileOf(entry));
    } else if (entry.isDirectory) {
      pending.unshift(...(await childrenOf(entry)));
    }
  }
  return { files, isTruncated: false };
}

/** The drop's entries, or null when the browser has no entries API (then `dataTransfer.files` is all). */
export function entriesOfDrop(dataTransfer: DataTransfer | null): Entry[] | null {
  const items = Array.from(dataTransfer?.items ?? []).filter((item) => item.kind === "file");
  if (items.length === 0 || typeof items[0]?.webkitGetAsEntry !== "function") return null;
  const entries = items.map((item) => item.webkitGetAsEntry() as Entry | null);
  return entries.every((entry) => entry !== null) ? (entries as Entry[]) : null;
}
