// Routes whose bodies are not JSON procedures (binary uploads and downloads, raw text, health,
// the OpenAPI document). Declared once with the same metadata as procedures so that the route table
// and the OpenAPI document list them too.
import type { z } from "zod";
import type { Access, Context, HttpMethod } from "../trpc";

export type RawRouteResponse = { status: number; description: string; contentType: string };

export type RawRoute = {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  /** Query parameters, documented in OpenAPI and parsed for the handler. */
  query?: z.ZodObject;
  /** JSON request body, or a multipart form described by its fields. */
  requestBody?: { contentType: string; schema: z.ZodType };
  responses: RawRouteResponse[];
  handle(input: { ctx: Context; params: Record<string, string>; query: Record<string, unknown> }): Promise<Response>;
};

export function defineRawRoute(route: RawRoute): RawRoute {
  return route;
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
