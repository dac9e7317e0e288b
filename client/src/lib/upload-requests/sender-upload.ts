// A sender's file on its way into an upload request (docs/upload-requests.md): the server calls of the
// request's public routes as a target of uploadObject (lib/upload/engine/upload-object.ts), which moves
// the bytes. Direct: a presigned PUT, then complete. Multipart: parts through presigned part URLs,
// resumable after a reload like the owner's uploads (the same resume store and startOrResume), the
// record keeping the visit that started the file, the only one the server lets finish it. Through
// the server: the request's form route. Plain fetch, no tRPC (the page has no account).
import { ApiResponseError } from "../api/api-errors";
import { fetchEnvelope } from "../api/rest-api";
import { partUrlSource } from "../upload/engine/part-urls";
import type { ResumeRecord, ResumeStore } from "../upload/engine/resume-store";
import { startOrResume } from "../upload/engine/start-or-resume";
import { xhrTransport } from "../upload/engine/transport";
import { envelopeData } from "../upload/engine/upload-api";
import type { UploadTarget } from "../upload/engine/upload-object";
import { planParts, type StoredPart } from "../upload/upload-plan";

const base = (slug: string) => `/api/public/upload-requests/${encodeURIComponent(slug)}`;

type Start = {
  file_id: string;
  mode: "direct" | "multipart";
  url: string | null;
  headers: Record<string, string>;
  part_size: number;
  part_urls: { part_number: number; url: string }[];
  is_remote: boolean;
};

/** A call on one file on its way (parts, part-urls, complete, cancel), in the name of `visit`. */
function fileCall<T>(slug: string, visit: string, fileId: string, action: string, body: Record<string, unknown> = {}) {
  return fetchEnvelope<T>(`${base(slug)}/uploads/${encodeURIComponent(fileId)}/${action}`, {
    method: "POST",
    body: { visit, ...body },
  });
}

/**
 * Cancels a file left on its way (the resume notice's "Discard"): its parts and its slot are freed. One
 * the server no longer has (swept after a day, or its visit ended) is as good as discarded.
 */
export async function discardSenderUpload(slug: string, visit: string, record: ResumeRecord): Promise<void> {
  try {
    await fileCall(slug, record.visit ?? visit, record.file_id, "cancel");
  } catch (error) {
    if (!(error instanceof ApiResponseError && error.data.httpStatus === 404)) throw error;
  }
}

export function senderUploadTarget(options: {
  slug: string;
  /** The visit of this page (GET /public/upload-requests/{slug}). */
  visit: string;
  file: File;
  resume?: ResumeStore;
  /** The page's origin: the app's own storage URLs are made same-origin with it. */
  pageOrigin: string;
}): UploadTarget<unknown> {
  const { slug, visit, file, resume } = options;
  const start = (mode: "direct" | "multipart") =>
    fetchEnvelope<Start>(`${base(slug)}/uploads`, {
      method: "POST",
      body: { visit, name: file.name, size: file.size, mimetype: file.type || undefined, mode },
    });
  const remoteKey = `request:${slug}`;
  return {
    async startDirect() {
      const grant = await start("direct");
      return {
        url: grant.url ?? "",
        headers: grant.headers,
        remoteStorageKey: grant.is_remote ? remoteKey : null,
        commit: () => fileCall(slug, visit, grant.file_id, "complete"),
        discard: () => fileCall(slug, visit, grant.file_id, "cancel"),
      };
    },
    async startMultipart() {
      let grant: Start | null = null;
      const started = await startOrResume({
        store: resume,
        file,
        place: { request_slug: slug },
        storedParts: async (previous) =>
          (await fileCall<{ parts: StoredPart[] }>(slug, previous.visit ?? visit, previous.file_id, "parts")).parts,
        start: async () => {
          grant = await start("multipart");
          return grant;
        },
        extra: { visit },
      });
      // A resumed file goes on in the name of the visit that started it.
      const fileVisit = started.record?.visit ?? visit;
      const { fileId } = started;
      const call = <T>(action: string, body?: Record<string, unknown>) =>
        fileCall<T>(slug, fileVisit, fileId, action, body);
      const first = grant as Start | null;
      const missing = planParts(file.size, started.partSize).filter((part) => !started.stored.has(part.partNumber));
      const urls = partUrlSource(
        async (partNumbers) =>
          (
            await call<{ part_urls: { part_number: number; url: string }[] }>("part-urls", {
              part_numbers: partNumbers,
            })
          ).part_urls,
        missing,
        { known: first?.part_urls.map((part) => [part.part_number, part.url]), pageOrigin: options.pageOrigin },
      );
      // A resumed file's start is not asked again: whether its parts leave the app is read from the URL
      // of the first part still to send.
      const isRemote = first
        ? first.is_remote
        : missing[0] !== undefined &&
          new URL(await urls.urlFor(missing[0].partNumber), options.pageOrigin).origin !== options.pageOrigin;
      return {
        partSize: started.partSize,
        stored: started.stored,
        isResumed: started.isResumed,
        remoteStorageKey: isRemote ? remoteKey : null,
        partRequest: async (part, attempt) => ({ method: "PUT", url: await urls.urlFor(part.partNumber, attempt > 1) }),
        readEtag: (response) => response.header("ETag")?.trim() || null,
        async readStoredEtags() {
          const stored = await call<{ parts: StoredPart[] }>("parts");
          return new Map(stored.parts.map((part) => [part.part_number, part.etag]));
        },
        onPartStored: (partsDone) => resume?.update(fileId, { parts_done: partsDone }),
        async complete(parts) {
          const kept = await call<unknown>("complete", {
            parts: parts.map((part) => ({ part_number: part.partNumber, etag: part.etag })),
          });
          resume?.remove(fileId);
          return kept;
        },
        async abort() {
          // A cancel or failure frees the parts and the slot; when the server cannot be reached either,
          // the record stays, so choosing the file again can resume.
          try {
            await call("cancel");
            resume?.remove(fileId);
          } catch {
            // Kept for resuming.
          }
        },
      };
    },
    async sendThroughServer({ onProgress, signal }) {
      const form = new FormData();
      form.set("visit", visit);
      form.set("size", String(file.size));
      form.set("file", file);
      const response = await xhrTransport({
        method: "POST",
        url: `${base(slug)}/files`,
        body: form,
        onProgress,
        signal,
      });
      return envelopeData(response);
    },
  };
}
