// Reading the errors the server sends, through tRPC (server/trpc.ts errorFormatter: `data.appCode` is
// one of shared/errors.ts, `data.issues` names bad fields) or as a REST envelope (docs/api.md: only the
// status and the message). `message` is already in the caller's language either way.
import { type ErrorCode, isErrorCode } from "@shared/errors";
import type { TRPCClientError } from "@trpc/client";

export type FieldIssue = { path: string; message: string };

type ErrorData = {
  appCode?: unknown;
  messageKey?: unknown;
  httpStatus?: unknown;
  issues?: unknown;
  /** AppError.data (server/errors.ts): facts the client acts on. */
  details?: unknown;
};

/**
 * A refusal fetched without the tRPC client (lib/api/rest-api.ts): the server's status and translated
 * message, and the app code where the answer has one (a REST envelope has none). Its data is shaped
 * like a tRPC error's, so every reader below treats both alike.
 */
export class ApiResponseError extends Error {
  readonly data: ErrorData;
  constructor(message: string, status: number, appCode?: string) {
    super(message);
    this.name = "ApiResponseError";
    this.data = { httpStatus: status, appCode };
  }
}

/**
 * Told by its name, not `instanceof`: this module is on pages that load no tRPC client (public shares,
 * docs/decisions/0014-public-pages-without-trpc.md), and importing the class would load it.
 */
function isTrpcClientError(error: unknown): error is TRPCClientError<never> {
  return error instanceof Error && error.name === "TRPCClientError";
}

function dataOf(error: unknown): ErrorData | null {
  if (error instanceof ApiResponseError) return error.data;
  if (!isTrpcClientError(error)) return null;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null ? (data as ErrorData) : null;
}

export function httpStatusOf(error: unknown): number | null {
  const status = dataOf(error)?.httpStatus;
  return typeof status === "number" ? status : null;
}

export function appCodeOf(error: unknown): ErrorCode | null {
  const code = dataOf(error)?.appCode;
  return isErrorCode(code) ? code : null;
}

/** The i18n key of the server's message (such as errors.apiKeyNameTaken), to tell errors of one code apart. */
export function messageKeyOf(error: unknown): string | null {
  const key = dataOf(error)?.messageKey;
  return typeof key === "string" ? key : null;
}

/**
 * The credentials were refused (docs/product.md §8). Decided by the app code where the server sent one: a
 * WRONG_PASSWORD (a share's password) is also a 401 but says nothing about the session.
 */
export function isUnauthorizedError(error: unknown): boolean {
  const code = appCodeOf(error);
  if (code !== null) return code === "UNAUTHORIZED";
  return httpStatusOf(error) === 401;
}

/** The admin's password was right and a second factor is needed (or the one sent was wrong). */
export function isSecondFactorRequired(error: unknown): boolean {
  const details = dataOf(error)?.details;
  return typeof details === "object" && details !== null && "second_factor_required" in details;
}

/** The second factors the admin has, as a second_factor_required answer lists them ("totp", "passkey"). */
export function secondFactorMethodsOf(error: unknown): string[] {
  const details = dataOf(error)?.details;
  if (typeof details !== "object" || details === null || !("methods" in details)) return ["totp"];
  const methods = (details as { methods: unknown }).methods;
  return Array.isArray(methods) ? methods.filter((method): method is string => typeof method === "string") : ["totp"];
}

/** The server answered with a status below 500: repeating the same call will not help. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== null && status >= 400 && status < 500;
}

/** No answer at all (offline, server down, blocked): no error data and no HTTP response behind it. */
export function isNetworkError(error: unknown): boolean {
  if (isTrpcClientError(error)) {
    const meta: unknown = error.meta;
    const hasResponse = typeof meta === "object" && meta !== null && "response" in meta && Boolean(meta.response);
    return dataOf(error) === null && !hasResponse;
  }
  return error instanceof TypeError;
}

export function fieldIssuesOf(error: unknown): FieldIssue[] {
  const issues = dataOf(error)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === "object" &&
      issue !== null &&
      typeof issue.path === "string" &&
      typeof issue.message === "string",
  );
}

/**
 * A sentence for the user: the server's own (translated) message when it sent one, a network notice
 * when there was no answer, otherwise the generic fallback the caller passes in its language.
 */
export function errorMessageOf(error: unknown, messages: { network: string; fallback: string }): string {
  if (isNetworkError(error)) return messages.network;
  if (dataOf(error) !== null && error instanceof Error && error.message) return error.message;
  return messages.fallback;
}
