// Bookkeeping that lets a multipart upload survive a page reload: for each unfinished upload, the
// server's file id and the identity of the local file (name, size, last modified). Choosing the same
// file again finds the record; the server then says which parts it already holds. Records older
// than the server keeps unfinished uploads (a day) are dropped.
import { browserStorage } from "../../preferences/browser-storage";
import { createStoredList, type ItemShape, type ListStorage } from "../../preferences/stored-list";

export const RESUME_STORAGE_KEY = "pastebox_multipart_uploads";
/** The server sweeps unfinished uploads after a day (server/services/uploads/upload-limits.ts STALE_UPLOAD_MS). */
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

/** What a record read back must have to be resumed. */
const RECORD_SHAPE: ItemShape = {
  file_id: "string",
  name: "string",
  size: "number",
  lastModified: "number",
  part_size: "number",
  part_count: "number",
  started_at: "number",
};

export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

export function createResumeStore(storage: ListStorage | undefined, now: () => number = Date.now): ResumeStore {
  // Without storage, resuming after a reload is lost: a convenience; the upload goes on.
  const stored = createStoredList<ResumeRecord>({ storage, key: RESUME_STORAGE_KEY, shape: RECORD_SHAPE });
  const write = stored.write;
  const read = () => stored.read().filter((record) => now() - record.started_at < RESUME_MAX_AGE_MS);

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
    subscribe: stored.subscribe,
  };
}

export const resumeStore = createResumeStore(browserStorage());
