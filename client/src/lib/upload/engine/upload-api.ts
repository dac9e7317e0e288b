// The server calls an upload makes, behind one small interface: the tRPC procedures of the device
// flow (files.upload.*) or of the URL flow (files.fromUrl.*, which record where the bytes came from),
// and the form POST through the server (POST /api/upload), which is a plain route, not a procedure.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { HttpStatusError, NoDataError } from "../upload-errors";
import type { Transport, TransportResponse } from "./transport";

type Inputs = inferRouterInputs<AppRouter>["files"]["upload"];
type Outputs = inferRouterOutputs<AppRouter>["files"]["upload"];

export type UploadedFile = Outputs["commit"];
export type PresignInput = Inputs["presign"];
export type PresignOutput = Outputs["presign"];
export type MultipartInitOutput = Outputs["multipartInit"];
export type ShareFields = {
  remark?: string | null;
  password?: string | null;
  /** Hours; null or 0 is never. */
  expires_in?: number | null;
  /** 0 is unlimited. */
  max_views?: number;
};

/** Where a file goes and how it is shared: the fields every flow sends. */
export type UploadTarget = ShareFields & {
  s3_config_id?: string | null;
  slug?: string | null;
  path?: string;
  /** The bytes are ciphertext (docs/encrypted-shares.md): the server records a neutral name and type. */
  encrypted?: boolean;
};

export type UploadApi = {
  presign(input: PresignInput): Promise<PresignOutput>;
  commit(input: Inputs["commit"]): Promise<UploadedFile>;
  multipartInit(input: Inputs["multipartInit"]): Promise<MultipartInitOutput>;
  partUrls(input: Inputs["partUrls"]): Promise<Outputs["partUrls"]>;
  uploadedParts(input: Inputs["uploadedParts"]): Promise<Outputs["uploadedParts"]>;
  multipartComplete(input: Inputs["multipartComplete"]): Promise<UploadedFile>;
  multipartAbort(input: { file_id: string }): Promise<unknown>;
  cancel(input: { file_id: string }): Promise<unknown>;
  /** POST /api/upload: the fields, then the file, with upload progress. */
  serverUpload(request: ServerUploadRequest): Promise<UploadedFile>;
};

export type ServerUploadRequest = {
  file: Blob;
  filename: string;
  fields: Record<string, string | number | null | undefined>;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/** The vanilla tRPC client's shape for the procedures used here (`trpc.useUtils().client`). */
type Mutation<I, O> = { mutate: (input: I) => Promise<O> };
export type FilesClient = {
  files: {
    upload: {
      presign: Mutation<PresignInput, PresignOutput>;
      commit: Mutation<Inputs["commit"], UploadedFile>;
      multipartInit: Mutation<Inputs["multipartInit"], MultipartInitOutput>;
      partUrls: Mutation<Inputs["partUrls"], Outputs["partUrls"]>;
      uploadedParts: Mutation<Inputs["uploadedParts"], Outputs["uploadedParts"]>;
      multipartComplete: Mutation<Inputs["multipartComplete"], UploadedFile>;
      multipartAbort: Mutation<{ file_id: string }, unknown>;
      cancel: Mutation<{ file_id: string }, unknown>;
    };
    fromUrl: {
      presign: Mutation<PresignInput, PresignOutput>;
      commit: Mutation<Inputs["commit"], UploadedFile>;
      multipartInit: Mutation<Inputs["multipartInit"], MultipartInitOutput>;
      multipartComplete: Mutation<Inputs["multipartComplete"], UploadedFile>;
      multipartAbort: Mutation<{ file_id: string }, unknown>;
      cancel: Mutation<{ file_id: string }, unknown>;
    };
  };
};

export const SERVER_UPLOAD_URL = "/api/upload";

const DATE_FIELDS = ["expires_at", "created_at", "updated_at"] as const;

/** A file share from the REST envelope (JSON dates) in the shape the procedures return (Dates). */
export function fileFromJson(data: unknown): UploadedFile {
  if (typeof data !== "object" || data === null || typeof (data as { slug?: unknown }).slug !== "string") {
    throw new NoDataError();
  }
  const file = { ...(data as Record<string, unknown>) };
  for (const field of DATE_FIELDS) {
    const value = file[field];
    if (typeof value === "string") file[field] = new Date(value);
  }
  return file as UploadedFile;
}

/** The server's message from an error answer: our envelope, or an S3 XML error's code and message. */
export function reasonFromBody(text: string): { reason: string | null; appCode: string | null } {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const body = JSON.parse(trimmed) as { message?: unknown; error?: unknown; data?: unknown };
      const message = typeof body.message === "string" ? body.message : null;
      const appCode =
        typeof body.error === "string"
          ? body.error
          : typeof (body.data as { appCode?: unknown } | null)?.appCode === "string"
            ? ((body.data as { appCode: string }).appCode ?? null)
            : null;
      return { reason: message, appCode };
    } catch {
      return { reason: null, appCode: null };
    }
  }
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(trimmed)?.[1] ?? null;
  const message = /<Message>([^<]{1,300})<\/Message>/.exec(trimmed)?.[1] ?? null;
  const reason = [code, message].filter(Boolean).join(": ");
  return { reason: reason || null, appCode: null };
}

/** App error codes by HTTP status, for envelopes that carry only the status. */
const CODE_BY_STATUS: Record<number, string> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  410: "GONE",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
  507: "INSUFFICIENT_STORAGE",
};

export function statusError(status: number, text: string): HttpStatusError {
  const { reason, appCode } = reasonFromBody(text);
  const isEnvelope = text.trim().startsWith("{");
  return new HttpStatusError(
    status,
    reason,
    appCode ?? (isEnvelope ? (CODE_BY_STATUS[status] ?? null) : null),
    isEnvelope && reason !== null,
  );
}

export function createServerUpload(
  transport: Transport,
  headers: () => Record<string, string>,
): UploadApi["serverUpload"] {
  return async ({ file, filename, fields, onProgress, signal }) => {
    const form = new FormData();
    // The server reads the fields first and refuses any after the file (server/routers/shares/raw-routes.ts).
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null && value !== "") form.append(name, String(value));
    }
    form.append("file", file, filename);
    const response = await transport({
      method: "POST",
      url: SERVER_UPLOAD_URL,
      body: form,
      headers: headers(),
      onProgress,
      signal,
    });
    return fileFromJson(envelopeData(response));
  };
}

/** The envelope's data of a binary route's answer, or an HttpStatusError with the server's words. */
export function envelopeData<T>(response: TransportResponse): T {
  if (response.status < 200 || response.status >= 300) throw statusError(response.status, response.text);
  let body: { success?: boolean; data?: T };
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new NoDataError();
  }
  if (body.success === false) throw statusError(response.status, response.text);
  if (body.data === undefined || body.data === null) throw new NoDataError();
  return body.data;
}

export type UploadFlow = "upload" | "fromUrl";

/** The procedures of one flow from the tRPC client; parts and resume are shared by both flows. */
export function createUploadApi(
  client: FilesClient,
  flow: UploadFlow,
  serverUpload: UploadApi["serverUpload"],
): UploadApi {
  const procedures = client.files[flow];
  const upload = client.files.upload;
  return {
    presign: (input) => procedures.presign.mutate(input),
    commit: (input) => procedures.commit.mutate(input),
    multipartInit: (input) => procedures.multipartInit.mutate(input),
    partUrls: (input) => upload.partUrls.mutate(input),
    uploadedParts: (input) => upload.uploadedParts.mutate(input),
    multipartComplete: (input) => procedures.multipartComplete.mutate(input),
    multipartAbort: (input) => procedures.multipartAbort.mutate(input),
    cancel: (input) => procedures.cancel.mutate(input),
    serverUpload,
  };
}
