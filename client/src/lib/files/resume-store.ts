// Bookkeeping that lets a multipart upload survive a page reload: for each unfinished upload, the
// server's file id and the identity of the local file (name, size, last modified). Choosing the same
// file again finds the record; the server then says which parts it already holds. Records older
// than the server keeps unfinished uploads (a day) are dropped.
export const RESUME_STORAGE_KEY = "pastebox_multipart_uploads";
/** The server sweeps unfinished uploads after a day (server/services/upload-limits.ts STALE_UPLOAD_MS). */
export const RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FileIdentity = { name: string; size: number; lastModified: number };

export type ResumeRecord = FileIdentity & {
  file_id: string;
  s3_config_id: string | null;
  part_size: number;
  part_count: number;
  /** Parts known to be stored, for the notice shown before the file is chosen again. */
  parts_done: number;
  started_at: number;
};

export type ResumeStore = {
  list(): ResumeRecord[];
  find(identity: FileIdentity, s3ConfigId: string | null): ResumeRecord | null;
  save(record: ResumeRecord): void;
  update(fileId: string, patch: Partial<Omit<ResumeRecord, "file_id">>): void;
  remove(fileId: string): void;
  subscribe(listener: () => void): () => void;
};

function isRecord(value: unknown): value is ResumeRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.file_id === "string" &&
    typeof record.name === "string" &&
    typeof record.size === "number" &&
    typeof record.lastModified === "number" &&
    typeof record.part_size === "number" &&
    typeof record.part_count === "number" &&
    typeof record.started_at === "number"
  );
}

export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

export function createResumeStore(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined,
  now: () => number = Date.now,
): ResumeStore {
  const listeners = new Set<() => void>();
  let memory: ResumeRecord[] = [];

  const read = (): ResumeRecord[] => {
    let records: ResumeRecord[] = memory;
    if (storage) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(RESUME_STORAGE_KEY) ?? "[]");
        records = Array.isArray(parsed) ? parsed.filter(isRecord) : [];
      } catch {
        records = [];
      }
    }
    return records.filter((record) => now() - record.started_at < RESUME_MAX_AGE_MS);
  };

  const write = (records: ResumeRecord[]) => {
    memory = records;
    if (storage) {
      try {
        if (records.length === 0) storage.removeItem(RESUME_STORAGE_KEY);
        else storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(records));
      } catch {
        // Storage full or blocked: resuming after a reload is a convenience, the upload goes on.
      }
    }
    for (const listener of listeners) listener();
  };

  return {
    list: read,
    find(identity, s3ConfigId) {
      return read().find((record) => sameFile(record, identity) && record.s3_config_id === s3ConfigId) ?? null;
    },
    save(record) {
      write([...read().filter((item) => item.file_id !== record.file_id), record]);
    },
    update(fileId, patch) {
      const records = read();
      if (!records.some((record) => record.file_id === fileId)) return;
      write(records.map((record) => (record.file_id === fileId ? { ...record, ...patch } : record)));
    },
    remove(fileId) {
      const records = read();
      if (records.some((record) => record.file_id === fileId))
        write(records.filter((record) => record.file_id !== fileId));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export const resumeStore = createResumeStore(browserStorage());
