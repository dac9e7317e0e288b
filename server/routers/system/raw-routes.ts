// Raw system routes: health (not enveloped, for probes), the OpenAPI document and the docs page.
import { APP_VERSION } from "@shared/constants";
import { schemaLevelOf } from "../../db/migrate";
import { renderDocsPage } from "../../rest/docs-page";
import type { OpenApiDocument } from "../../rest/openapi";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";

const startedAt = Date.now();

export function createSystemRoutes(getDocument: () => OpenApiDocument): RawRoute[] {
  return [
    defineRawRoute({
      method: "GET",
      path: "/health",
      summary: "Health of the server and its database",
      description:
        'Not enveloped: `{ "status": "ok", "version", "schema_level", ... }` with 200, or status "error" with 503.',
      tags: ["System"],
      access: "public",
      responses: [jsonAnswer(200, "Healthy"), jsonAnswer(503, "The database does not answer")],
      async handle({ ctx }) {
        let database: "ok" | "error" = "ok";
        try {
          await ctx.reads.ping();
        } catch (error) {
          database = "error";
          ctx.logger.error("health check: database unreachable", { error: String(error) });
        }
        const body = {
          status: database === "ok" ? "ok" : "error",
          version: APP_VERSION,
          database,
          provider: ctx.config.databaseProvider,
          schema_level: schemaLevelOf(ctx.config.databaseProvider),
          uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
          timestamp: new Date().toISOString(),
        };
        return Response.json(body, { status: database === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
      },
    }),
    defineRawRoute({
      method: "GET",
      path: "/openapi.json",
      summary: "This API's OpenAPI 3.1 document",
      tags: ["System"],
      access: "public",
      responses: [jsonAnswer(200, "The OpenAPI document")],
      async handle() {
        return Response.json(getDocument());
      },
    }),
    defineRawRoute({
      method: "GET",
      path: "/docs",
      summary: "Readable API reference (HTML)",
      tags: ["System"],
      access: "public",
      responses: [{ status: 200, description: "The API reference page", contentType: "text/html" }],
      async handle() {
        return new Response(renderDocsPage(getDocument()), {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            // The page has no script; its one inline stylesheet needs this.
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          },
        });
      },
    }),
  ];
}
