// The REST adapter: serves /api/... from the same tRPC procedures the client calls, with the JSON
// envelope of docs/api.md. Input is the path parameters plus the query string (GET, DELETE) or the
// JSON body (POST, PUT); errors become envelopes with the status of their error code.
import { callTRPCProcedure } from "@trpc/server";
import { z } from "zod";
import { AppError, isServerFault, noteServerFault } from "../errors";
import { readBoundedText } from "../http/bodies/bounded-body";
import { nextTurn } from "../http/sliced-answer";
import { translate } from "../i18n";
import { countCreation } from "../services/system/rate-limit";
import { type Context, refuseAppPasswordScope, requireAccess, requireCaller } from "../trpc";
import { envelopeResponse, errorResponse } from "./envelope";
import { canonicalFields, type FieldSpellings, pathAsSent } from "./field-names";
import type { RawRoute } from "./raw-route";
import { matchRoute, type ProcedureRoute, type RestRoute } from "./routes";
import { wholeListResponse } from "./whole-list";

/** JSON bodies larger than this are refused before parsing: the editor's 10 MB plus room. */
export const JSON_BODY_LIMIT = 12 * 1024 * 1024;

export function queryToObject(searchParams: URLSearchParams): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    result[key] = values.length > 1 ? values : values[0];
  }
  return result;
}

/** A JSON body's text, its bytes counted as they arrive (413 past JSON_BODY_LIMIT, whatever the framing). */
export function readJsonText(request: Request): Promise<string> {
  return readBoundedText(request, JSON_BODY_LIMIT, () => new AppError("PAYLOAD_TOO_LARGE", "errors.payloadTooLarge"));
}

/** A body past this is parsed in a turn of the loop of its own, apart from reading and decoding it. */
const LARGE_JSON_BYTES = 1024 * 1024;

async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await readJsonText(request);
  if (text.trim() === "") return {};
  // Decoding and parsing a 10 MB body cost tens of milliseconds each: not both in one turn.
  if (text.length > LARGE_JSON_BYTES) await nextTurn();
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType && !/\bjson\b/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors.unsupportedMediaType", { contentType });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "errors.invalidJson");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("BAD_REQUEST", "errors.jsonObjectExpected");
  }
  // Parsing and checking a 10 MB body (a clipboard item's envelope is scanned whole) cost 15-35 ms
  // each: not both in one turn either.
  if (text.length > LARGE_JSON_BYTES) await nextTurn();
  return parsed as Record<string, unknown>;
}

/** What a procedure without input accepts in a body: nothing. */
const NO_INPUT = z.object({});

/**
 * Runs a procedure as tRPC's own handlers do (middlewares, input and output validation), through
 * tRPC's public callTRPCProcedure: no caller proxy per request, which costs more than many
 * procedures themselves.
 */
function invokeProcedure(route: ProcedureRoute, ctx: Context, input: unknown): Promise<unknown> {
  return callTRPCProcedure({
    router: route.router,
    path: route.procedurePath,
    type: route.type,
    ctx,
    getRawInput: async () => input,
    signal: ctx.request.signal,
    batchIndex: 0,
  });
}

async function callProcedure(
  route: ProcedureRoute,
  ctx: Context,
  params: Record<string, string>,
  url: URL,
  spellings: FieldSpellings,
): Promise<Response> {
  const bodyInput = route.method === "POST" || route.method === "PUT" ? await readJsonBody(ctx.request) : {};
  const queryInput = queryToObject(url.searchParams);
  const schema = route.input ?? NO_INPUT;
  // Either spelling of a field is read as the schema's; an unknown body field is refused (field-names.ts).
  // The query first: the body's spelling of a field in both is the one errors name, as its value is used.
  const aliases = route.meta.aliases;
  const query = canonicalFields(schema, queryInput, false, spellings, aliases) as Record<string, unknown>;
  const body = canonicalFields(schema, bodyInput, true, spellings, aliases) as Record<string, unknown>;
  // Path parameters win: a body cannot retarget the resource named in the URL.
  const input = route.input ? { ...query, ...body, ...params } : undefined;
  // A route stricter than its procedure (the admin's path of an operation keys share) is checked
  // where the procedure's own middleware would check it: after the body is read, before the input.
  if (route.meta.access) await requireAccess(ctx, route.meta.access);
  const whole = route.meta.wholeInPages;
  if (whole && input && input.limit === undefined && !input.cursor) {
    const message = translate("errors.ok");
    return wholeListResponse(whole, input, message, (page) => invokeProcedure(route, ctx, page));
  }
  const data = await invokeProcedure(route, ctx, input);
  const soft = route.meta.softFailure;
  if (soft?.when(data)) return envelopeResponse(200, translate(soft.message), null, {}, false);
  const status = route.meta.successStatus ?? 200;
  return envelopeResponse(status, translate(status === 201 ? "errors.created" : "errors.ok"), data ?? null);
}

export type RestHandler = (ctx: Context, url: URL, apiPath: string) => Promise<Response>;

function parseRawQuery(route: RawRoute, url: URL, spellings: FieldSpellings): Record<string, unknown> {
  const query = queryToObject(url.searchParams);
  const schema = route.query;
  return schema ? schema.parse(canonicalFields(schema, query, false, spellings, route.aliases)) : query;
}

/** A raw route's JSON body, read as a procedure's is (callProcedure): either spelling, unknown fields refused. */
async function parseRawBody(route: RawRoute, schema: z.ZodObject, request: Request, spellings: FieldSpellings) {
  return schema.parse(canonicalFields(schema, await readJsonBody(request), true, spellings, route.aliases));
}

/**
 * A raw route's one door: the caller its access admits (401/403 otherwise, before anything of the
 * request is read), its query and JSON body, then its creation count, then the handler.
 */
async function runRawRoute(
  route: RawRoute,
  ctx: Context,
  params: Record<string, string>,
  url: URL,
  spellings: FieldSpellings,
): Promise<Response> {
  const auth = await requireAccess(ctx, route.access);
  // A raw route for the admin alone (a backup's download) is an admin-only module, as adminProcedure's
  // are; the admin's path of a shared operation is open to an app password scoped to its area.
  if (route.access === "admin" && auth) {
    if (route.area) await requireCaller(ctx, route.area);
    else refuseAppPasswordScope(auth);
  }
  const query = parseRawQuery(route, url, spellings);
  const body = route.body ? await parseRawBody(route, route.body, ctx.request, spellings) : undefined;
  if (route.limitCreation && auth) await countCreation(ctx.db, auth, ctx.clientIp);
  return route.handle({ ctx, auth, params, query, body });
}

export function createRestHandler(routes: RestRoute[]): RestHandler {
  return async (ctx, url, apiPath) => {
    const method = ctx.request.method.toUpperCase();
    // Fields the request spelled otherwise than our schemas (`query` for `q`): a 400 names them as sent.
    const spellings: FieldSpellings = new Map();
    try {
      const match = matchRoute(routes, method, apiPath);
      if (match.kind === "not-found") {
        throw new AppError("NOT_FOUND", "errors.routeNotFound", { method, path: `/api${apiPath}` });
      }
      if (match.kind === "method-not-allowed") {
        const allowed = match.allowed.join(", ");
        throw new AppError("METHOD_NOT_ALLOWED", "errors.methodNotAllowed", { method, allowed }, { Allow: allowed });
      }
      const { route, params } = match;
      const response =
        route.kind === "raw"
          ? await runRawRoute(route.route, ctx, params, url, spellings)
          : await callProcedure(route, ctx, params, url, spellings);
      return method === "HEAD" ? new Response(null, { status: response.status, headers: response.headers }) : response;
    } catch (error) {
      const { response, description } = errorResponse(error, (path) => pathAsSent(path, spellings));
      if (isServerFault(description.status, ctx.request)) {
        noteServerFault(ctx.request, error);
        ctx.logger.error("request failed", { path: apiPath, error: String(error) });
      }
      return response;
    }
  };
}
