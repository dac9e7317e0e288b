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

export function isInternal(description: ErrorDescription): boolean {
  return description.status >= 500;
}
