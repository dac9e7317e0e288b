// The one place where what a storage backend throws becomes an answer (one error vocabulary, server/errors.ts): a full
// disk or quota is 507, a store that cannot be reached (refused, reset, timed out, unknown host) is
// 503, and a store that answered with an error of its own is 502, each with a translated message
// naming the storage config, instead of a 500 "Internal server error". Every driver the app uses is
// wrapped, so uploads, downloads, listings and WebDAV all answer the same way.
import { AppError } from "../errors";
import type { StorageDriver } from "./driver";

/** File-system errors that mean "no space left": the device, or the user's quota. */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT"]);

/** Network errors that mean the store could not be reached or went away mid-request. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  // Bun's names for the same failures.
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
]);
const UNREACHABLE_NAMES = new Set(["TimeoutError", "RequestTimeout", "AbortError"]);

/** A write that failed because the file system has no room left (or the user's quota is used up). */
export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && FULL_CODES.has(code);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  // Some clients wrap the socket error.
  return codeOf((error as { cause?: unknown }).cause);
}

/**
 * An error the object store answered with (the AWS SDK's ServiceException, by its shape, as the SDK's
 * own `ServiceException.isInstance` does): importing the SDK's class here would load the whole SDK
 * (~8 MiB) into servers that use only local storage.
 */
function isServiceException(error: unknown): error is Error & { $metadata: { httpStatusCode?: number } } {
  return (
    error instanceof Error &&
    "$fault" in error &&
    typeof (error as { $metadata?: unknown }).$metadata === "object" &&
    (error as { $metadata?: unknown }).$metadata !== null
  );
}

/** The AppError a backend failure answers as, or the error itself when it is none of these. */
export function storageFailure(error: unknown, storage: string): unknown {
  if (error instanceof AppError) return error;
  if (isDiskFull(error)) return new AppError("INSUFFICIENT_STORAGE", "errors.storageFull", { storage });
  const code = codeOf(error);
  if (isServiceException(error)) return storageAnswerFailure(error.$metadata.httpStatusCode, storage, error.name);
  const name = error instanceof Error ? error.name : "";
  if ((code && UNREACHABLE_CODES.has(code)) || UNREACHABLE_NAMES.has(name)) {
    return new AppError("SERVICE_UNAVAILABLE", "errors.storageUnreachable", { storage, reason: code ?? name });
  }
  return error;
}

/**
 * A store that answered with an error status (through the SDK, or to a presigned request the server
 * sent itself): a 500/503 means it is there but cannot serve now (503), anything else that it refused (502).
 */
export function storageAnswerFailure(status: number | undefined, storage: string, reason: string): AppError {
  if (status === 503 || status === 500) {
    return new AppError("SERVICE_UNAVAILABLE", "errors.storageUnavailable", { storage, reason });
  }
  return new AppError("BAD_GATEWAY", "errors.storageRefused", { storage, reason });
}

/** The constructor of `async function*` (a driver's walk), which has no global name. */
const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;

/** The driver with every failure of every method passed through storageFailure. */
export function withStorageErrors(driver: StorageDriver, storage: string): StorageDriver {
  const wrapped: Record<string, unknown> = { kind: driver.kind };
  for (const [key, value] of Object.entries(driver)) {
    if (typeof value !== "function") continue;
    if (value instanceof AsyncGeneratorFunction) {
      wrapped[key] = async function* (...args: unknown[]) {
        try {
          yield* (value as (...params: unknown[]) => AsyncGenerator<unknown>).apply(driver, args);
        } catch (error) {
          throw storageFailure(error, storage);
        }
      };
      continue;
    }
    wrapped[key] = async (...args: unknown[]) => {
      try {
        return await (value as (...params: unknown[]) => unknown).apply(driver, args);
      } catch (error) {
        throw storageFailure(error, storage);
      }
    };
  }
  return wrapped as StorageDriver;
}
