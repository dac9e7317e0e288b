// The REST adapter and OpenAPI generator against a small router built with the real base procedures.
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { AppError } from "../errors";
import { runWithLanguage, translate } from "../i18n";
import { createLogger } from "../logger";
import type { AuthState } from "../services/auth/sessions";
import { adminAndUserRoutes, adminProcedure, type Context, publicProcedure, router, textProcedure } from "../trpc";
import { createRestHandler, type RestHandler } from "./adapter";
import { envelopeResponse } from "./envelope";
import { generateOpenApiDocument } from "./openapi";
import { defineRawRoute, jsonAnswer } from "./raw-route";
import { buildRouteTable } from "./routes";

const items = new Map<string, { id: string; name: string; count: number }>();

/** One function behind two routes: a procedure through tRPC's pipeline, and a raw route calling it directly. */
async function findItem(_ctx: Context, input: { id: string }) {
  const item = items.get(input.id);
  if (!item) throw new AppError("NOT_FOUND", "errors.notFound");
  return { id: item.id, name: item.name };
}
const itemLookup = z.object({ id: z.string().max(3) });
const itemOutput = z.object({ id: z.string(), name: z.string() });

const testRouter = router({
  items: router({
    list: publicProcedure
      .meta({ rest: { method: "GET", path: "/items", summary: "List", tags: ["Items"], aliases: { query: "q" } } })
      .input(z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), q: z.string().optional() }))
      .output(z.object({ limit: z.number(), q: z.string().nullable() }))
      .query(({ input }) => ({ limit: input.limit, q: input.q ?? null })),
    create: publicProcedure
      .meta({ rest: { method: "POST", path: "/items", summary: "Create", tags: ["Items"], successStatus: 201 } })
      .input(z.object({ name: z.string().min(1).max(10), count: z.number().int().min(0) }))
      .output(z.object({ id: z.string(), name: z.string(), count: z.number(), created_at: z.date() }))
      .mutation(({ input }) => {
        if (input.name === "taken") throw new AppError("CONFLICT", "errors.conflict");
        const item = { id: String(items.size + 1), ...input };
        items.set(item.id, item);
        return { ...item, created_at: new Date("2026-01-02T03:04:05Z") };
      }),
    get: publicProcedure
      .meta({ rest: { method: "GET", path: "/items/{id}", summary: "Get", tags: ["Items"] } })
      .input(z.object({ id: z.string() }))
      .output(z.object({ id: z.string(), name: z.string() }))
      .query(({ input }) => {
        const item = items.get(input.id);
        if (!item) throw new AppError("NOT_FOUND", "errors.notFound");
        return { id: item.id, name: item.name };
      }),
    find: publicProcedure
      .meta({ rest: { method: "GET", path: "/find/{id}", summary: "Through tRPC", tags: ["Items"] } })
      .input(itemLookup)
      .output(itemOutput)
      .query(({ ctx, input }) => findItem(ctx, input)),
    search: publicProcedure
      .meta({ rest: { method: "GET", path: "/search", summary: "No other names", tags: ["Items"] } })
      .input(z.object({ q: z.string().optional() }))
      .output(z.string().nullable())
      .query(({ input }) => input.q ?? null),
    batch: publicProcedure
      .meta({ rest: { method: "GET", path: "/items/batch", summary: "Literal beats parameter", tags: ["Items"] } })
      .output(z.literal("batch"))
      .query(() => "batch" as const),
    order: publicProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/orders",
          summary: "Snake-case fields, nested",
          tags: ["Items"],
          aliases: { ETag: "etag" },
        },
      })
      .input(
        z.object({
          max_views: z.number().optional(),
          uploadId: z.string().optional(),
          parts: z.array(z.object({ part_number: z.number(), etag: z.string() })).optional(),
        }),
      )
      .output(z.unknown())
      .mutation(({ input }) => input),
    secret: adminProcedure
      .meta({ rest: { method: "GET", path: "/secret", summary: "Admin only", tags: ["Items"] } })
      .output(z.string())
      .query(() => "secret"),
    crash: publicProcedure
      .meta({ rest: { method: "GET", path: "/crash", summary: "Fails", tags: ["Items"] } })
      .output(z.string())
      .query(() => {
        throw new Error("database exploded at /var/lib/secret");
      }),
  }),
  internalOnly: publicProcedure.query(() => "not on REST"),
});

const routes = buildRouteTable(testRouter, [
  defineRawRoute({
    method: "GET",
    path: "/find-direct/{id}",
    operationId: "items.findDirect",
    summary: "Direct",
    tags: ["Items"],
    access: "public",
    responses: [jsonAnswer(200, "The item", itemOutput)],
    async handle({ ctx, params }) {
      const item = await findItem(ctx, itemLookup.parse({ id: params.id }));
      return envelopeResponse(200, translate("errors.ok"), item);
    },
  }),
]);
const handler = createRestHandler(routes);

/** Serves `request` through `handler` as the app does: a context for the caller, in the request's language. */
function serve(handler: RestHandler, request: Request, auth: AuthState | null = null): Promise<Response> {
  const language = request.headers.get("accept-language")?.startsWith("zh") ? "zh" : "en";
  const ctx = {
    request,
    auth,
    authFailure: null,
    responseHeaders: new Headers(),
    language,
    clientIp: "127.0.0.1",
    logger: createLogger("silent"),
  } as unknown as Context;
  const url = new URL(request.url);
  return runWithLanguage(language, () => handler(ctx, url, url.pathname.slice(4)));
}

function call(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  return serve(handler, new Request(`http://localhost/api${path}`, { method, body: init.body, headers: init.headers }));
}

const json = { "content-type": "application/json" };

describe("REST adapter", () => {
  test("a query procedure answers an envelope, with query strings coerced by the schema", async () => {
    const response = await call("GET", "/items?limit=7&q=hello");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: 200,
      message: "Success",
      data: { limit: 7, q: "hello" },
      success: true,
    });
  });

  test("a mutation reads the JSON body and answers its declared status; dates are ISO strings", async () => {
    const response = await call("POST", "/items", { body: JSON.stringify({ name: "pen", count: 2 }), headers: json });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ code: 201, success: true, data: { name: "pen", count: 2 } });
    expect(body.data.created_at).toBe("2026-01-02T03:04:05.000Z");
  });

  test("path parameters are decoded and win over the body", async () => {
    const created = await (await call("POST", "/items", { body: '{"name":"cup","count":1}', headers: json })).json();
    const response = await call("GET", `/items/${created.data.id}?id=999`);
    expect((await response.json()).data).toEqual({ id: created.data.id, name: "cup" });
  });

  test("a literal segment is matched before a parameter", async () => {
    expect((await (await call("GET", "/items/batch")).json()).data).toBe("batch");
  });

  test("validation errors are 400 envelopes naming the field, in the caller's language", async () => {
    const en = await call("POST", "/items", { body: '{"name":"far too long a name","count":-1}', headers: json });
    expect(en.status).toBe(400);
    const body = await en.json();
    expect(body).toMatchObject({ code: 400, success: false, data: null });
    expect(body.message).toContain("name:");
    expect(body.message).toContain("count:");
    const zh = await call("POST", "/items", {
      body: '{"name":"far too long a name","count":1}',
      headers: { ...json, "accept-language": "zh-CN" },
    });
    const zhMessage = (await zh.json()).message as string;
    expect(zhMessage).toStartWith("name:");
    expect(zhMessage).toMatch(/[\u4e00-\u9fff]/);
  });

  test("either spelling of a field is read, at any depth, and the other names its route declares", async () => {
    const body = {
      maxViews: 3,
      upload_id: "u1",
      parts: [
        { PartNumber: 1, ETag: '"a"' },
        { part_number: 2, etag: '"b"' },
      ],
    };
    const response = await call("POST", "/orders", { body: JSON.stringify(body), headers: json });
    expect((await response.json()).data).toEqual({
      max_views: 3,
      uploadId: "u1",
      parts: [
        { part_number: 1, etag: '"a"' },
        { part_number: 2, etag: '"b"' },
      ],
    });
    const query = await call("GET", "/items?query=hello");
    expect((await query.json()).data).toEqual({ limit: 50, q: "hello" });
    // Another route taking `q` does not read `query`: an alias is the declaring route's alone.
    expect((await (await call("GET", "/search?query=hello")).json()).data).toBeNull();
    expect((await (await call("GET", "/search?q=hello")).json()).data).toBe("hello");
  });

  test("an unknown body field, or one given in two spellings, is a 400 naming it in the caller's language", async () => {
    const unknown = await call("POST", "/orders", { body: '{"maxViews":1,"expiresAt":"2030-01-01"}', headers: json });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 400, message: "Unknown field expiresAt", data: null, success: false });
    const nested = await call("POST", "/orders", {
      body: '{"parts":[{"part_number":1,"etag":"x","size":5}]}',
      headers: { ...json, "accept-language": "zh" },
    });
    expect((await nested.json()).message).toBe("未知字段 parts[0].size");
    const twice = await call("POST", "/orders", { body: '{"max_views":1,"maxViews":2}', headers: json });
    expect(twice.status).toBe(400);
    expect((await twice.json()).message).toContain("max_views");
    // Query strings may carry what scripts and proxies add.
    expect((await call("GET", "/items?_=123")).status).toBe(200);
  });

  test("a bad value is named as the request spelled it, at any depth; our own spelling as ours", async () => {
    const message = async (path: string, body?: string, method = body ? "POST" : "GET") =>
      (await (await call(method, path, body ? { body, headers: json } : {})).json()).message as string;
    expect(await message("/orders", '{"maxViews":"three"}')).toStartWith("maxViews: ");
    expect(await message("/orders", '{"max_views":"three"}')).toStartWith("max_views: ");
    expect(
      await message("/orders", '{"parts":[{"part_number":1,"etag":"a"},{"PartNumber":"x","ETag":"b"}]}'),
    ).toStartWith("parts.1.PartNumber: ");
    expect(await message("/items?Limit=0")).toStartWith("Limit: ");
    // A field in the query and the body: the body's value is used, and its spelling named.
    expect(await message("/orders?maxViews=1", '{"max_views":"three"}')).toStartWith("max_views: ");
    expect(await message("/orders?max_views=1", '{"maxViews":"three"}')).toStartWith("maxViews: ");
  });

  test("service errors keep their status and translated message", async () => {
    const response = await call("POST", "/items", { body: '{"name":"taken","count":1}', headers: json });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: 409, message: "Conflict", data: null, success: false });
    const missing = await call("GET", "/items/nope", { headers: { "accept-language": "zh" } });
    expect(await missing.json()).toEqual({ code: 404, message: "未找到", data: null, success: false });
  });

  test("malformed JSON, non-object JSON and the wrong content type are 4xx envelopes", async () => {
    const broken = await call("POST", "/items", { body: "{not json", headers: json });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe("The request body is not valid JSON");
    expect((await call("POST", "/items", { body: "[1,2]", headers: json })).status).toBe(400);
    const form = await call("POST", "/items", {
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });

  test("an unknown path is a 404 envelope and a wrong method a 405 with Allow", async () => {
    const unknown = await call("GET", "/nothing/here");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404, success: false, data: null });
    const wrong = await call("DELETE", "/items");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, POST");
    expect((await wrong.json()).code).toBe(405);
  });

  test("a protected procedure without credentials is 401", async () => {
    const response = await call("GET", "/secret");
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe("Unauthorized, please log in");
  });

  test("an unexpected error is a 500 envelope that leaks nothing", async () => {
    const response = await call("GET", "/crash");
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ code: 500, message: "Internal server error", data: null, success: false });
  });

  test("HEAD answers like GET without a body", async () => {
    const response = await call("HEAD", "/items");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("OpenAPI document", () => {
  const document = generateOpenApiDocument(routes, "http://localhost:8787");

  test("lists exactly the procedures that declare a REST route", () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "GET /items",
        "POST /items",
        "GET /items/{id}",
        "GET /items/batch",
        "GET /search",
        "GET /find/{id}",
        "GET /find-direct/{id}",
        "POST /orders",
        "GET /secret",
        "GET /crash",
      ].sort(),
    );
    expect(document.openapi).toBe("3.1.0");
  });

  test("query, path and body parameters and the envelope come from the zod schemas", () => {
    const list = document.paths["/items"]?.get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(["query:limit", "query:q"]);
    const get = document.paths["/items/{id}"]?.get as { parameters: { name: string; in: string }[] };
    expect(get.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    const create = document.paths["/items"]?.post as {
      requestBody: { content: { "application/json": { schema: { required: string[] } } } };
      responses: Record<
        string,
        { content: { "application/json": { schema: { properties: Record<string, unknown> } } } }
      >;
    };
    expect(create.requestBody.content["application/json"].schema.required.sort()).toEqual(["count", "name"]);
    const data = create.responses["201"]?.content["application/json"].schema.properties.data as {
      properties: Record<string, { type: string; format?: string }>;
    };
    expect(data.properties.created_at).toMatchObject({ type: "string", format: "date-time" });
  });

  test("an operation's description lists the other field names it accepts", () => {
    const descriptionOf = (path: string, method: "get" | "post") =>
      (document.paths[path]?.[method] as { description: string } | undefined)?.description;
    expect(descriptionOf("/orders", "post")).toContain("Also accepts `ETag` for `etag`.");
    expect(descriptionOf("/search", "get")).not.toContain("Also accepts");
  });

  test("admin-only operations declare the admin token scheme", () => {
    const securityOf = (path: string) => (document.paths[path]?.get as { security: unknown } | undefined)?.security;
    expect(securityOf("/secret")).toEqual([{ AdminToken: [] }]);
    expect(securityOf("/items")).toEqual([]);
  });
});

test("two procedures may not declare the same route", () => {
  const clash = router({
    a: publicProcedure.meta({ rest: { method: "GET", path: "/x/{id}", summary: "a", tags: [] } }).query(() => 1),
    b: publicProcedure.meta({ rest: { method: "GET", path: "/x/{slug}", summary: "b", tags: [] } }).query(() => 2),
  });
  expect(() => buildRouteTable(clash, [])).toThrow("Duplicate REST route GET /x/{}");
});

test("a raw route calling a procedure's function answers as the procedure does: data, validation and service errors", async () => {
  items.set("d1", { id: "d1", name: "direct", count: 0 });
  for (const id of ["d1", "nope", "far-too-long"]) {
    const [viaTrpc, direct] = await Promise.all([call("GET", `/find/${id}`), call("GET", `/find-direct/${id}`)]);
    expect(direct.status).toBe(viaTrpc.status);
    expect(await direct.json()).toEqual(await viaTrpc.json());
  }
  expect((await call("GET", "/find-direct/far-too-long")).status).toBe(400);
});

describe("one procedure with an admin route and a key route", () => {
  const shared = router({
    notes: router({
      list: textProcedure
        .meta({ rest: adminAndUserRoutes("/notes", "Notes", { method: "GET", summary: "List notes" }) })
        .output(z.string())
        .query(({ ctx }) => (ctx.auth.type === "admin" ? "every note" : `notes of ${ctx.auth.keyId}`)),
    }),
  });
  const sharedRoutes = buildRouteTable(shared, []);
  const sharedHandler = createRestHandler(sharedRoutes);
  const key = (permissions: { text: boolean }): AuthState => ({
    type: "apikey",
    keyId: "k1",
    name: "k",
    basicPath: "/",
    permissions: { text: permissions.text, file: false, mount: false },
    mountReadOnly: false,
    sessionId: null,
  });
  const admin: AuthState = { type: "admin", adminId: "a", username: "admin", sessionId: "s" };
  async function callAs(auth: AuthState | null, path: string) {
    const request = new Request(`http://localhost/api${path}`);
    const response = await serve(sharedHandler, request, auth);
    return { status: response.status, data: (await response.json()).data };
  }

  test("the admin path admits only the admin; the key path the admin and a key with the permission", async () => {
    expect(await callAs(admin, "/admin/notes")).toEqual({ status: 200, data: "every note" });
    expect((await callAs(key({ text: true }), "/admin/notes")).status).toBe(403);
    expect((await callAs(null, "/admin/notes")).status).toBe(401);
    expect(await callAs(key({ text: true }), "/user/notes")).toEqual({ status: 200, data: "notes of k1" });
    expect(await callAs(admin, "/user/notes")).toEqual({ status: 200, data: "every note" });
    expect((await callAs(key({ text: false }), "/user/notes")).status).toBe(403);
  });

  test("each route is its own operation in the document, with its tag, id and security", () => {
    const document = generateOpenApiDocument(sharedRoutes, "http://localhost:8787");
    type Operation = { operationId: string; tags: string[]; security: unknown };
    const adminOperation = document.paths["/admin/notes"]?.get as Operation;
    const keyOperation = document.paths["/user/notes"]?.get as Operation;
    expect(adminOperation).toMatchObject({ operationId: "notes.admin.list", tags: ["Notes (admin)"] });
    expect(adminOperation.security).toEqual([{ AdminToken: [] }]);
    expect(keyOperation).toMatchObject({ operationId: "notes.mine.list", tags: ["Notes (API key)"] });
    expect(keyOperation.security).not.toEqual([{ AdminToken: [] }]);
  });
});

describe("a raw route's declared access", () => {
  const handled: string[] = [];
  const rawRoutes = buildRouteTable(router({}), [
    defineRawRoute({
      method: "GET",
      path: "/blob",
      summary: "Needs file permission",
      tags: ["Items"],
      access: "file",
      query: z.object({ n: z.coerce.number().int() }),
      responses: [],
      async handle({ auth, query }) {
        // Typed by the declaration: a caller (never null past "file" access) and the parsed query.
        handled.push(`${auth.type} ${query.n}`);
        return new Response("ok");
      },
    }),
  ]);
  const rawHandler = createRestHandler(rawRoutes);
  const keyWith = (file: boolean): AuthState => ({
    type: "apikey",
    keyId: "k1",
    name: "k",
    basicPath: "/",
    permissions: { text: true, file, mount: false },
    mountReadOnly: false,
    sessionId: null,
  });
  async function statusAs(auth: AuthState | null, query: string) {
    const request = new Request(`http://localhost/api/blob${query}`);
    return (await serve(rawHandler, request, auth)).status;
  }

  test("refuses a caller without it before the query is read or the handler runs", async () => {
    expect(await statusAs(null, "?n=oops")).toBe(401);
    expect(await statusAs(keyWith(false), "?n=oops")).toBe(403);
    expect(await statusAs(keyWith(false), "?n=1")).toBe(403);
    expect(handled).toEqual([]);
    expect(await statusAs(keyWith(true), "?n=oops")).toBe(400);
    expect(await statusAs(keyWith(true), "?n=2")).toBe(200);
    expect(handled).toEqual(["apikey 2"]);
  });
});

describe("a raw route's JSON body and the admin's area", () => {
  const received: unknown[] = [];
  const bodyRoutes = createRestHandler(
    buildRouteTable(router({}), [
      defineRawRoute({
        method: "POST",
        path: "/admin/notes",
        summary: "The admin's path of an operation keys with text permission share",
        tags: ["Notes"],
        access: "admin",
        area: "text",
        body: z.object({ max_views: z.number().int().min(1) }),
        responses: [],
        async handle({ body }) {
          received.push(body);
          return new Response("ok");
        },
      }),
      defineRawRoute({
        method: "POST",
        path: "/admin/module",
        summary: "An admin-only module",
        tags: ["Notes"],
        access: "admin",
        responses: [],
        async handle() {
          received.push("module");
          return new Response("ok");
        },
      }),
    ]),
  );
  const admin = (areas?: { text: boolean; file: boolean; mount: boolean }): AuthState => ({
    type: "admin",
    adminId: "a",
    username: "admin",
    sessionId: "s",
    scope: areas ? { ...areas, basicPath: "/", readOnly: false } : undefined,
  });
  async function post(auth: AuthState | null, path: string, body: unknown) {
    const request = new Request(`http://localhost/api${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: json,
    });
    const response = await serve(bodyRoutes, request, auth);
    return { status: response.status, text: await response.text() };
  }

  test("the body is read as a procedure's: either spelling, an unknown field or a bad value refused", async () => {
    expect((await post(admin(), "/admin/notes", { maxViews: 2 })).status).toBe(200);
    const unknown = await post(admin(), "/admin/notes", { max_views: 2, colour: "red" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("colour");
    expect((await post(admin(), "/admin/notes", { max_views: 0 })).status).toBe(400);
    expect(received).toEqual([{ max_views: 2 }]);
  });

  test("an app password reaches the admin's path of its own area, never an admin-only module", async () => {
    received.length = 0;
    const textOnly = admin({ text: true, file: false, mount: false });
    const fileOnly = admin({ text: false, file: true, mount: false });
    expect((await post(textOnly, "/admin/notes", { max_views: 1 })).status).toBe(200);
    expect((await post(fileOnly, "/admin/notes", { max_views: 1 })).status).toBe(403);
    expect((await post(textOnly, "/admin/module", {})).status).toBe(403);
    expect((await post(admin(), "/admin/module", {})).status).toBe(200);
    expect(received).toEqual([{ max_views: 1 }, "module"]);
  });
});
