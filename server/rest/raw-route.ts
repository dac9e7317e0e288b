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
