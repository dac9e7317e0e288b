// Starts a multipart upload, or picks up the one a reload left (resume-store.ts keeps the records):
// part of the upload engine, which loads with the first upload.
import { planParts, reusableParts, type StoredPart } from "../upload-plan";
import type { FileIdentity, ResumePlace, ResumeRecord, ResumeStore } from "./resume-store";
import { isAbortError } from "./retry";

/** A multipart upload under way: new, or picked up from the parts a reload left on the server. */
export type StartedMultipart = {
  fileId: string;
  partSize: number;
  /** Parts the storage already holds: part number -> ETag. */
  stored: Map<number, string>;
  isResumed: boolean;
  /** The record kept for it (null when the file cannot be told apart across reloads, or nothing keeps it). */
  record: ResumeRecord | null;
};

/**
 * The multipart upload this file left after a reload, when the server still has it; else a new one,
 * recorded so that a reload can pick it up in turn. `storedParts` asks the server for a previous
 * upload's parts (it fails once the upload is gone: finished, cancelled, swept); `start` starts a new
 * one. A file without `lastModified` (a URL download, an encrypted file) is never resumed.
 */
export async function startOrResume(options: {
  store: ResumeStore | undefined;
  file: { name: string; size: number; lastModified?: number };
  place: ResumePlace;
  storedParts: (previous: ResumeRecord) => Promise<StoredPart[]>;
  start: () => Promise<{ file_id: string; part_size: number }>;
  /** What the record keeps besides (the sender's visit). */
  extra?: Pick<ResumeRecord, "visit">;
}): Promise<StartedMultipart> {
  const { store, file, place } = options;
  const identity: FileIdentity | null =
    file.lastModified === undefined ? null : { name: file.name, size: file.size, lastModified: file.lastModified };
  const previous = identity && store ? store.find(identity, place) : null;
  if (previous) {
    try {
      const parts = await options.storedParts(previous);
      return {
        fileId: previous.file_id,
        partSize: previous.part_size,
        stored: reusableParts(planParts(file.size, previous.part_size), parts),
        isResumed: true,
        record: previous,
      };
    } catch (error) {
      if (isAbortError(error)) throw error;
      // Gone on the server (finished, cancelled, swept): start over.
      store?.remove(previous.file_id);
    }
  }
  const started = await options.start();
  let record: ResumeRecord | null = null;
  if (identity && store) {
    record = {
      ...identity,
      ...options.extra,
      ...("request_slug" in place ? { s3_config_id: null, request_slug: place.request_slug } : place),
      file_id: started.file_id,
      part_size: started.part_size,
      part_count: planParts(file.size, started.part_size).length,
      parts_done: 0,
      started_at: Date.now(),
    };
    store.save(record);
  }
  return { fileId: started.file_id, partSize: started.part_size, stored: new Map(), isResumed: false, record };
}
