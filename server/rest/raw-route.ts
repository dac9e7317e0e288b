// Routes whose bodies are not JSON procedures (binary uploads and downloads, raw text, health,
// the OpenAPI document). Declared once with the same metadata as procedures so that the route table
// and the OpenAPI document list them too, and so that the REST adapter enforces who may call them
// (and counts what they create) before the handler runs, as tRPC's middlewares do for procedures.
import type { z } from "zod";
import type { AuthState, Permissions } from "../services/auth/sessions";
import type { Access, Context, HttpMethod } from "../trpc";
import type { FieldAliases } from "./field-names";

/**
 * One documented answer; `data` is the schema of a JSON envelope's data (docs/api.md, Envelope), `beside`
 * the envelope's fields next to it (a list's pagination).
 */
export type RawRouteResponse = {
  status: number;
  description: string;
  contentType: string;
  data?: z.ZodType;
  beside?: Record<string, z.ZodType>;
};

/** What a handler receives: `auth` is the caller the route's access admitted (null only on public routes). */
export type RawRouteInput<A extends Access = Access, Q = Record<string, unknown>, B = unknown> = {
  ctx: Context;
  auth: A extends "public" ? AuthState | null : A extends "admin" ? Extract<AuthState, { type: "admin" }> : AuthState;
  params: Record<string, string>;
  query: Q;
  /** The JSON body parsed by the route's `body` schema (undefined without one). */
  body: B;
};

type RawRouteFields<A extends Access> = {
  method: HttpMethod;
  path: string;
  /** The operation's id in the OpenAPI document; by default made of the method and the path. */
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Who may call it; the adapter refuses anyone else (401/403) before reading the query or the body. */
  access: A;
  /**
   * With access "admin": the area (text, file, mount) of the admin's path of an operation that keys
   * share, which an app password scoped to that area may call. Without it an admin route is an
   * admin-only module, closed to every app password (refuseAppPasswordScope), as adminProcedure is.
   */
  area?: A extends "admin" ? keyof Permissions : never;
  /**
   * The route creates something (an upload, a fetch through the server): the adapter counts it against the
   * caller's creation limits (services/system/rate-limit.ts countCreation), as `limitCreation` does for procedures.
   */
  limitCreation?: boolean;
  /** Other names of query and body fields this route accepts, alias -> the schema's name (field-names.ts). */
  aliases?: FieldAliases;
  /** A body the handler reads itself (bytes, a multipart form), described for the document. */
  requestBody?: { contentType: string; schema: z.ZodType };
  responses: RawRouteResponse[];
};

/** A declared route as the route table and the adapter hold it. */
export type RawRoute = RawRouteFields<Access> & {
  /** Query parameters, documented in OpenAPI and parsed for the handler. */
  query?: z.ZodObject;
  /** A JSON body, read and parsed by the adapter as a procedure's (field spellings, unknown fields refused). */
  body?: z.ZodObject;
  handle(input: RawRouteInput): Promise<Response>;
};

/**
 * Declares a raw route: the handler's `auth` is typed by the route's access, its `query` and `body` by
 * the route's schemas, all checked by the adapter before the handler runs.
 */
export function defineRawRoute<
  A extends Access,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodObject | undefined = undefined,
>(
  route: RawRouteFields<A> & {
    /** Query parameters, documented in OpenAPI and parsed for the handler. */
    query?: Q;
    /** A JSON body, read and parsed by the adapter after the caller is admitted. */
    body?: B;
    handle(
      input: RawRouteInput<
        A,
        Q extends z.ZodObject ? z.output<Q> : Record<string, unknown>,
        B extends z.ZodObject ? z.output<B> : undefined
      >,
    ): Promise<Response>;
  },
): RawRoute {
  // The adapter gives the handler exactly what the declaration promises (adapter.ts, runRawRoute).
  return route as unknown as RawRoute;
}

/** An answer in JSON: an envelope (docs/api.md) or an error's; `data` documents a success's data. */
export function jsonAnswer(
  status: number,
  description: string,
  data?: z.ZodType,
  beside?: Record<string, z.ZodType>,
): RawRouteResponse {
  return { status, description, contentType: "application/json", data, beside };
}

/** The caller's address already holds its maximum of open downloads (http/downloads/open-downloads.ts). */
export const downloadsOpen = jsonAnswer(
  429,
  "Too many downloads open from this address; Retry-After says when to try again",
);

/** The bytes of a stored object as http/downloads/object-response.ts serves them: the whole object, or the Range asked for. */
export function objectAnswers(what: string): RawRouteResponse[] {
  return [
    { status: 200, description: `The ${what}`, contentType: "application/octet-stream" },
    { status: 206, description: `A byte range of the ${what}`, contentType: "application/octet-stream" },
    downloadsOpen,
  ];
}

/** Refusals of an upload the server receives: over the upload size limit, or too little space left. */
export const uploadTooLarge = jsonAnswer(413, "Larger than the max upload size");
export const storageFull = jsonAnswer(507, "Not enough space left on the storage");
