// The one error vocabulary (docs/architecture.md #6): every failure the server reports carries one of these
// codes. The table gives its HTTP status; the server maps it to a tRPC code, the client to a message.
export const ERROR_HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** A share's password is wrong or missing: not a login problem, so clients must not log out. */
  WRONG_PASSWORD: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** A request body that stopped arriving (http/request-guard.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  /** A WebSocket route asked for without the upgrade. */
  UPGRADE_REQUIRED: 426,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && value in ERROR_HTTP_STATUS;
}

/** The JSON envelope of every /api answer (docs/api.md, Envelope). */
export type Envelope<T> = { code: number; message: string; data: T | null; success: boolean };
