// AppError is what services throw. `describeError` turns anything thrown into the one shape both the
// tRPC error formatter and the REST envelope use: an error code, its HTTP status and a translated
// message. Validation failures name the field and the rule.

import { ERROR_HTTP_STATUS, type ErrorCode } from "@shared/errors";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { translate } from "./i18n";

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    /** An i18n key under `errors.` (or any key), translated when the answer is written. */
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    /** Extra headers the answer must carry, e.g. Retry-After on 429 or Allow on 405. */
    readonly headers: Record<string, string> = {},
    /** Facts a client acts on, sent as the error envelope's `data` (e.g. that a second factor is needed). */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(messageKey);
  }
}

export type ErrorDescription = {
  code: ErrorCode;
  status: number;
  message: string;
  /** The i18n key behind the message, for clients that must tell two errors of one code apart. */
  messageKey?: string;
  headers: Record<string, string>;
  /** Present for validation errors: one entry per bad field. */
  issues?: { path: string; message: string }[];
  /** AppError.data: what the envelope's `data` carries beside the message. */
  data?: Record<string, unknown> | null;
};

const TRPC_TO_CODE: Partial<Record<TRPCError["code"], ErrorCode>> = {
  PARSE_ERROR: "BAD_REQUEST",
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_SUPPORTED: "METHOD_NOT_ALLOWED",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

const DEFAULT_MESSAGE_KEY: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: "errors.badRequest",
  UNAUTHORIZED: "errors.unauthorized",
  FORBIDDEN: "errors.forbidden",
  NOT_FOUND: "errors.notFound",
  CONFLICT: "errors.conflict",
  GONE: "errors.gone",
  PAYLOAD_TOO_LARGE: "errors.payloadTooLarge",
  INSUFFICIENT_STORAGE: "errors.insufficientStorage",
  SERVICE_UNAVAILABLE: "errors.serviceUnavailable",
};

/** A message may be an i18n key (services use keys) or already a sentence (zod's localized text). */
function translateMaybeKey(message: string, params?: Record<string, unknown>): string {
  return /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/.test(message) ? translate(message, params) : message;
}

/** How a validation issue's path is written: the schema's names, or the request's (rest/field-names.ts). */
export type FieldNamer = (path: readonly PropertyKey[]) => string;

const schemaNames: FieldNamer = (path) => path.map(String).join(".");

export function describeZodError(error: ZodError, nameOf: FieldNamer = schemaNames): ErrorDescription {
  const issues = error.issues.map((issue) => ({
    path: nameOf(issue.path),
    message: translateMaybeKey(issue.message),
  }));
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
  return { code: "BAD_REQUEST", status: 400, message, headers: {}, issues };
}

export function describeError(error: unknown, nameOf?: FieldNamer): ErrorDescription {
  const inner = error instanceof TRPCError && error.cause ? error.cause : error;
  if (inner instanceof AppError) {
    return {
      code: inner.code,
      status: ERROR_HTTP_STATUS[inner.code],
      message: translateMaybeKey(inner.messageKey, inner.params),
      messageKey: inner.messageKey,
      headers: inner.headers,
      data: inner.data,
    };
  }
  if (inner instanceof ZodError) return describeZodError(inner, nameOf);
  if (error instanceof TRPCError) {
    const code = TRPC_TO_CODE[error.code] ?? "INTERNAL";
    const key = DEFAULT_MESSAGE_KEY[code] ?? "errors.internal";
    // tRPC's own messages (e.g. "No procedure found") are English-only; ours are translated.
    return { code, status: ERROR_HTTP_STATUS[code], message: translate(key), headers: {} };
  }
  return { code: "INTERNAL", status: 500, message: translate("errors.internal"), headers: {} };
}

/**
 * The one rule for ERROR lines, on /api, /trpc and /dav alike: a failure of the server's own (status
 * >= 500) that a client still waits for. A refusal is the caller's business, and a failure caused by a
 * client hanging up in the middle of its request (an abandoned upload body) is no fault of ours.
 */
export function isServerFault(status: number, request: Request): boolean {
  return status >= 500 && !request.signal.aborted;
}

/** What failed behind a server fault, as /metrics counts it (services/system/metrics.ts). */
export type FaultCause = "database" | "other";

const faultCauses = new WeakMap<Request, FaultCause>();

/** A failure of the database itself: Prisma's own errors, its driver adapters', SQLite's and Postgres'. */
function isDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const { name, code } = current as { name?: unknown; code?: unknown };
    if (typeof name === "string" && /^(PrismaClient|DriverAdapterError$|SQLiteError$|DatabaseError$)/.test(name)) {
      return true;
    }
    if (typeof code === "string" && /^(P\d{4}|SQLITE_[A-Z_]+)$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Remembers what failed behind a request's server fault, where the fault is logged (one per request). */
export function noteServerFault(request: Request, error: unknown): void {
  faultCauses.set(request, isDatabaseError(error) ? "database" : "other");
}

/** What failed behind the request's answer, if a server fault was noted for it. */
export function faultCauseOf(request: Request): FaultCause | undefined {
  return faultCauses.get(request);
}

/** The tRPC code of each of ours, for tRPC's own error codes (the HTTP status is `data.httpStatus`). */
const CODE_TO_TRPC: Record<ErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  WRONG_PASSWORD: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  REQUEST_TIMEOUT: "TIMEOUT",
  CONFLICT: "CONFLICT",
  // tRPC has no "gone"; clients tell it apart by `data.appCode`.
  GONE: "NOT_FOUND",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RANGE_NOT_SATISFIABLE: "BAD_REQUEST",
  UPGRADE_REQUIRED: "BAD_REQUEST",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  BAD_GATEWAY: "BAD_GATEWAY",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INSUFFICIENT_STORAGE: "SERVICE_UNAVAILABLE",
};

/**
 * What tRPC should report for an error a procedure failed with: tRPC wraps anything that is not its own
 * TRPCError as INTERNAL_SERVER_ERROR, so an AppError (or a ZodError a service threw) is given the code
 * of its kind, keeping itself as the cause for describeError.
 */
export function withTrpcCode(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (error.code !== "INTERNAL_SERVER_ERROR" || !(cause instanceof AppError || cause instanceof ZodError)) return error;
  const code = cause instanceof AppError ? CODE_TO_TRPC[cause.code] : "BAD_REQUEST";
  if (code === "INTERNAL_SERVER_ERROR") return error;
  return new TRPCError({ code, message: cause.message, cause });
}
