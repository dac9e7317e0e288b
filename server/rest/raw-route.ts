// Routes whose bodies are not JSON procedures (binary uploads and downloads, raw text, health,
// the OpenAPI document). Declared once with the same metadata as procedures so that the route table
// and the OpenAPI document list them too, and so that the REST adapter enforces who may call them
// (and counts what they create) before the handler runs, as tRPC's middlewares do for procedures.
import type { z } from "zod";
import type { AuthState } from "../services/auth/sessions";
import type { Access, Context, HttpMethod } from "../trpc";

export type RawRouteResponse = { status: number; description: string; contentType: string };

/** What a handler receives: `auth` is the caller the route's access admitted (null only on public routes). */
export type RawRouteInput<A extends Access = Access, Q = Record<string, unknown>> = {
  ctx: Context;
  auth: A extends "public" ? AuthState | null : AuthState;
  params: Record<string, string>;
  query: Q;
};

type RawRouteFields<A extends Access> = {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Who may call it; the adapter refuses anyone else (401/403) before reading the query or the body. */
  access: A;
  /**
   * The route creates something (an upload, a fetch through the server): the adapter counts it against the
   * caller's creation limits (services/system/rate-limit.ts countCreation), as `limitCreation` does for procedures.
   */
  limitCreation?: boolean;
  /** JSON request body, or a multipart form described by its fields. */
  requestBody?: { contentType: string; schema: z.ZodType };
  responses: RawRouteResponse[];
};

/** A declared route as the route table and the adapter hold it. */
export type RawRoute = RawRouteFields<Access> & {
  /** Query parameters, documented in OpenAPI and parsed for the handler. */
  query?: z.ZodObject;
  handle(input: RawRouteInput): Promise<Response>;
};

/**
 * Declares a raw route: the handler's `auth` is typed by the route's access and its `query` by the
 * route's query schema, both checked by the adapter before the handler runs.
 */
export function defineRawRoute<A extends Access, Q extends z.ZodObject | undefined = undefined>(
  route: RawRouteFields<A> & {
    /** Query parameters, documented in OpenAPI and parsed for the handler. */
    query?: Q;
    handle(input: RawRouteInput<A, Q extends z.ZodObject ? z.output<Q> : Record<string, unknown>>): Promise<Response>;
  },
): RawRoute {
  // The adapter gives the handler exactly what the declaration promises (adapter.ts, runRawRoute).
  return route as unknown as RawRoute;
}

/** An answer in JSON: an envelope (docs/api.md) or an error's. */
export function jsonAnswer(status: number, description: string): RawRouteResponse {
  return { status, description, contentType: "application/json" };
}

/** The bytes of a stored object as http/object-response.ts serves them: the whole object, or the Range asked for. */
export function objectAnswers(what: string): RawRouteResponse[] {
  return [
    { status: 200, description: `The ${what}`, contentType: "application/octet-stream" },
    { status: 206, description: `A byte range of the ${what}`, contentType: "application/octet-stream" },
  ];
}

/** Refusals of an upload the server receives: over the upload size limit, or too little space left. */
export const uploadTooLarge = jsonAnswer(413, "Larger than the max upload size");
export const storageFull = jsonAnswer(507, "Not enough space left on the storage");
