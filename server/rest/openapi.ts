// The OpenAPI 3.1 document of the REST API, generated from the same route table and zod schemas the
// adapter serves, so it lists exactly the endpoints that exist.

import { APP_VERSION, PRODUCT_NAME } from "@shared/constants";
import { z } from "zod";
import type { Access } from "../trpc";
import type { FieldAliases } from "./field-names";
import type { RestRoute } from "./routes";

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override(context) {
      // Dates travel as ISO 8601 strings in JSON.
      if (context.zodSchema._zod.def.type === "date") {
        context.jsonSchema.type = "string";
        context.jsonSchema.format = "date-time";
      }
      if (context.zodSchema._zod.def.type === "bigint") {
        context.jsonSchema.type = "integer";
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function envelopeSchema(data: JsonSchema, beside: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: "object",
    required: ["code", "message", "data", ...Object.keys(beside), "success"],
    properties: {
      code: { type: "integer", description: "Equals the HTTP status" },
      message: { type: "string" },
      data,
      ...beside,
      success: { type: "boolean" },
    },
  };
}

/** The success envelope of a procedure: its output as data. */
function successSchema(output: z.ZodType | undefined): JsonSchema {
  return envelopeSchema(output ? toJsonSchema(output, "output") : { type: "null" });
}

const ERROR_RESPONSE = {
  description: "Error envelope: success is false, data is null, message says why (in the Accept-Language language)",
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
};

function security(access: Access | undefined): Record<string, string[]>[] | undefined {
  if (!access || access === "public") return [];
  if (access === "admin") return [{ AdminToken: [] }];
  return [{ AdminToken: [] }, { ApiKey: [] }];
}

const ACCESS_NOTE: Record<Access, string> = {
  public: "Anyone.",
  authed: "Admin or any valid API key.",
  admin: "Admin only.",
  text: "Admin, or an API key with text permission.",
  file: "Admin, or an API key with file permission.",
  mount: "Admin, or an API key with mount permission.",
};

/** The other field names an operation accepts, as its description states them. */
function aliasNote(aliases: FieldAliases | undefined): string | undefined {
  const names = Object.entries(aliases ?? {});
  if (names.length === 0) return undefined;
  return `Also accepts ${names.map(([alias, name]) => `\`${alias}\` for \`${name}\``).join(", ")}.`;
}

function parametersOf(route: RestRoute, inputSchema: JsonSchema | null, inQuery: boolean) {
  const properties = (inputSchema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((inputSchema?.required ?? []) as string[]);
  const parameters: Record<string, unknown>[] = route.paramNames.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name] ?? { type: "string" },
  }));
  if (inQuery) {
    for (const [name, schema] of Object.entries(properties)) {
      if (route.paramNames.includes(name)) continue;
      parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  return parameters;
}

function withoutPathParams(schema: JsonSchema, paramNames: string[]): JsonSchema {
  const properties = { ...((schema.properties ?? {}) as Record<string, unknown>) };
  for (const name of paramNames) delete properties[name];
  const required = ((schema.required ?? []) as string[]).filter((name) => !paramNames.includes(name));
  return { ...schema, properties, ...(required.length ? { required } : { required: undefined }) };
}

export function generateOpenApiDocument(routes: RestRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {};
    if (route.kind === "procedure") {
      const input = route.input ? toJsonSchema(route.input, "input") : null;
      const inQuery = route.method === "GET" || route.method === "DELETE";
      const status = String(route.meta.successStatus ?? 200);
      Object.assign(operation, {
        operationId: route.operationId,
        summary: route.meta.summary,
        description: [
          route.meta.description,
          aliasNote(route.meta.aliases),
          `Access: ${ACCESS_NOTE[route.access ?? "public"]}`,
        ]
          .filter(Boolean)
          .join("\n\n"),
        tags: route.meta.tags,
        parameters: parametersOf(route, input, inQuery),
        responses: {
          [status]: {
            description: "Success envelope",
            content: {
              "application/json": { schema: successSchema(route.output) },
            },
          },
          default: ERROR_RESPONSE,
        },
        security: security(route.access),
      });
      if (!inQuery && input) {
        operation.requestBody = {
          required: ((input.required ?? []) as string[]).some((name) => !route.paramNames.includes(name)),
          content: { "application/json": { schema: withoutPathParams(input, route.paramNames) } },
        };
      }
    } else {
      const raw = route.route;
      const query = raw.query ? toJsonSchema(raw.query, "input") : null;
      Object.assign(operation, {
        operationId:
          raw.operationId ??
          `${raw.method.toLowerCase()}${raw.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
        summary: raw.summary,
        description: [raw.description, aliasNote(raw.aliases), `Access: ${ACCESS_NOTE[raw.access]}`]
          .filter(Boolean)
          .join("\n\n"),
        tags: raw.tags,
        parameters: parametersOf(route, query, true),
        responses: {
          ...Object.fromEntries(
            raw.responses.map((response) => [
              String(response.status),
              {
                description: response.description,
                content: {
                  [response.contentType]: response.data
                    ? {
                        schema: envelopeSchema(
                          toJsonSchema(response.data, "output"),
                          Object.fromEntries(
                            Object.entries(response.beside ?? {}).map(([name, schema]) => [
                              name,
                              toJsonSchema(schema, "output"),
                            ]),
                          ),
                        ),
                      }
                    : {},
                },
              },
            ]),
          ),
          default: ERROR_RESPONSE,
        },
        security: security(raw.access),
      });
      if (raw.body) {
        const body = toJsonSchema(raw.body, "input");
        operation.requestBody = {
          required: ((body.required ?? []) as string[]).length > 0,
          content: { "application/json": { schema: body } },
        };
      } else if (raw.requestBody) {
        operation.requestBody = {
          required: true,
          content: { [raw.requestBody.contentType]: { schema: toJsonSchema(raw.requestBody.schema, "input") } },
        };
      }
    }
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: APP_VERSION,
      description:
        "REST API of the clipboard and file-sharing server. Every JSON answer is an envelope " +
        "{ code, message, data, success } whose code equals the HTTP status. Authenticate with " +
        "`Authorization: Bearer <admin token>` or `Authorization: ApiKey <key>`. Every field is also " +
        "accepted in the other case (camelCase or snake_case: `expiresAt` for `expires_at`), and under " +
        "the other names an operation's description lists (CloudPaste's `maxDownloads` for `max_views`). " +
        "A JSON body field the operation does not know is refused with 400 naming it.",
    },
    servers: [{ url: `${serverUrl}/api` }],
    paths,
    components: {
      securitySchemes: {
        AdminToken: { type: "http", scheme: "bearer", description: "Token from POST /admin/login" },
        ApiKey: { type: "apiKey", in: "header", name: "Authorization", description: "`ApiKey <key>`" },
      },
      schemas: { ErrorEnvelope: envelopeSchema({ type: "null" }) },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
