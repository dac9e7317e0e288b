// Bookkeeping that lets a multipart upload survive a page reload: for each unfinished upload, the
// server's file id, where it goes (a storage of the owner's Upload screen, or an upload request's link,
// with the sender's visit) and the identity of the local file (name, size, last modified). Choosing the
// same file again finds the record; the server then says which parts it already holds
// (start-or-resume.ts, with the upload engine; the Upload screen reads this store when it opens).
// Records older than the server keeps unfinished uploads (a day) are dropped.
import { browserStorage } from "../../preferences/browser-storage";
import { createStoredList, type ItemShape, type ListStorage } from "../../preferences/stored-list";

export const RESUME_STORAGE_KEY = "pastebox_multipart_uploads";
/** The server sweeps unfinished uploads after a day (server/services/uploads/upload-limits.ts STALE_UPLOAD_MS). */
export const RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FileIdentity = { name: string; size: number; lastModified: number };

export type ResumeRecord = FileIdentity & {
  file_id: string;
  /** The owner's upload: the storage it goes to (null: the default one). */
  s3_config_id: string | null;
  /** A sender's upload to an upload request (docs/upload-requests.md): the link's slug... */
  request_slug?: string;
  /** ...and the visit that started it, the only one the server lets finish it. */
  visit?: string;
  part_size: number;
  part_count: number;
  /** Parts known to be stored, for the notice shown before the file is chosen again. */
  parts_done: number;
  started_at: number;
};

/** Where an upload goes: one of the owner's storages, or an upload request's link. */
export type ResumePlace = { s3_config_id: string | null } | { request_slug: string };

function isAt(record: ResumeRecord, place: ResumePlace): boolean {
  return "request_slug" in place
    ? record.request_slug === place.request_slug
    : record.request_slug === undefined && record.s3_config_id === place.s3_config_id;
}

/** The owner's uploads, whatever their storage: the Upload screen's notice lists these. */
export const isOwnersUpload = (record: ResumeRecord) => record.request_slug === undefined;

/** A sender's uploads to one upload request: its page's notice lists these. */
export const isRequestUpload = (slug: string) => (record: ResumeRecord) => record.request_slug === slug;

export type ResumeStore = {
  list(): ResumeRecord[];
  find(identity: FileIdentity, place: ResumePlace): ResumeRecord | null;
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
    find(identity, place) {
      return read().find((record) => sameFile(record, identity) && isAt(record, place)) ?? null;
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
