// Calls to our own server with plain fetch, for the code a visitor of a share link runs: the share
// pages read the REST routes scripts use (docs/api.md) and the shell asks who the session is, without
// loading the tRPC client, TanStack Query and superjson (docs/decisions/0014-public-pages-without-trpc.md).
// A refusal becomes an ApiResponseError, which lib/api/api-errors.ts reads like a tRPC error; no answer at
// all stays fetch's TypeError (a network error).
import { ApiResponseError } from "./api-errors";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type RestRequest = {
  method?: "GET" | "POST";
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as the raw body (application/octet-stream): a file the route reads as bytes. */
  upload?: Blob;
  headers?: Record<string, string>;
  /** A fetch of the caller's (the first-visit cache, offline/first-visit-cache.ts). */
  fetch?: Fetch;
};

function statusMessage(response: Response): string {
  return response.statusText || `HTTP ${response.status}`;
}

type Envelope = { message?: unknown; data?: unknown; success?: unknown };

/** The `data` of a REST route's envelope (`{ code, message, data, success }`), or its refusal as an ApiResponseError. */
export async function fetchEnvelope<T>(path: string, request: RestRequest = {}): Promise<T> {
  const send = request.fetch ?? ((input, init) => fetch(input, init));
  const response = await send(path, {
    method: request.method ?? "GET",
    headers: {
      Accept: "application/json",
      ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(request.upload === undefined ? {} : { "Content-Type": "application/octet-stream" }),
      ...request.headers,
    },
    body: request.upload ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
  });
  let envelope: Envelope | null = null;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    // Not our envelope (a proxy's error page): the status says what there is to say.
  }
  if (!response.ok || envelope?.success !== true) {
    const message =
      typeof envelope?.message === "string" && envelope.message ? envelope.message : statusMessage(response);
    throw new ApiResponseError(message, response.status);
  }
  return envelope.data as T;
}

type TrpcAnswer = {
  result?: { data?: { json?: unknown; meta?: unknown } };
  error?: { json?: { message?: unknown; data?: { appCode?: unknown } } };
};

/**
 * One tRPC query without input, over plain fetch (GET /trpc/<path>): what the shell asks on every
 * load (session.me) has no REST route. The answer is superjson's `{ json, meta }`; superjson itself
 * is loaded only when `meta` says a value needs it (a Date), which the shell's answers never have.
 */
export async function fetchTrpcQuery<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json", ...headers } });
  let answer: TrpcAnswer | null = null;
  try {
    answer = (await response.json()) as TrpcAnswer;
  } catch {
    // Not tRPC's answer: the status says what there is to say.
  }
  const result = answer?.result?.data;
  if (response.ok && result) {
    if (result.meta === undefined) return result.json as T;
    const { default: superjson } = await import("superjson");
    return superjson.deserialize(result as Parameters<typeof superjson.deserialize>[0]);
  }
  const error = answer?.error?.json;
  const message = typeof error?.message === "string" ? error.message : statusMessage(response);
  const appCode = typeof error?.data?.appCode === "string" ? error.data.appCode : undefined;
  throw new ApiResponseError(message, response.status, appCode);
}
