// The one tRPC instance: context, meta, error shape and the base procedures every router builds on
// (docs/architecture.md #1). A procedure that is part of the public REST API declares `meta.rest`; the REST
// adapter and the OpenAPI document are generated from it.

import type { Language } from "@shared/constants";
import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import type { AppDeps } from "./deps";
import { AppError, describeError, withTrpcCode } from "./errors";
import type { FieldAliases } from "./rest/field-names";
import { type AuthState, isApiKeyFailure, type Permissions } from "./services/auth/sessions";
import { countCreation, RATE_LIMITS, recordFailure } from "./services/system/rate-limit";

export type Context = AppDeps & {
  auth: AuthState | null;
  /** Why the credentials sent were refused, reported only if a procedure needs them. */
  authFailure: AppError | null;
  language: Language;
  clientIp: string;
  request: Request;
  /** Headers added to the answer, whatever it is (Set-Cookie of the browser's session). */
  responseHeaders: Headers;
};

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type RestMeta = {
  method: HttpMethod;
  /** Path under /api, with `{name}` for path parameters, e.g. "/paste/{slug}". */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Other names of input fields this route accepts, alias -> the schema's name (rest/field-names.ts). */
  aliases?: FieldAliases;
  /** HTTP status of a success (default 200). */
  successStatus?: 200 | 201 | 202;
  /**
   * Answers that mean "nothing was done" without being errors (docs/api.md, Envelope: cancel and abort with
   * nothing to cancel): the envelope says success false with this message, status still 200.
   */
  softFailure?: { when: (data: unknown) => boolean; message: string };
  /**
   * A list the procedure answers in pages (input `limit` and `cursor`; output `items`, `next_cursor`,
   * `total`): a REST call with neither still gets the whole list, as documents written before paging
   * expect, but the adapter gathers it page by page (each page validated on its own) and writes it a
   * slice at a time (server/rest/whole-list.ts), so a large list never holds up other requests.
   * `order` sorts the whole as the unpaged answer was sorted.
   */
  wholeInPages?: { pageSize: number; order?: (a: never, b: never) => number };
  /**
   * The access this route needs when it is stricter than the procedure's: the admin's path of an
   * operation that API keys share (adminAndUserRoutes). The REST adapter checks it before the call.
   */
  access?: Access;
  /**
   * With several routes on one procedure: this route's name in its operationId ("admin" makes the
   * route of `pastes.list` the operation `pastes.admin.list`), so that every operation keeps one id.
   */
  variant?: string;
};

/** "METHOD /path" of a REST route: the line a reader looks for, as docs/api.md writes it. */
export type RouteLine = `${HttpMethod} /${string}`;

/**
 * A procedure's REST route, declared in one call: `.meta(rest("GET /admin/jobs", summary, tags))`, with
 * what few routes need more (`successStatus`, `description`, `aliases`...) in `more`.
 */
export function rest(
  route: RouteLine,
  summary: string,
  tags: string[],
  more: Omit<RestMeta, "method" | "path" | "summary" | "tags"> = {},
): ProcedureMeta {
  const at = route.indexOf(" ");
  return { rest: { method: route.slice(0, at) as HttpMethod, path: route.slice(at + 1), summary, tags, ...more } };
}

/** Who may call a procedure; set by the base procedures, read by the OpenAPI document. */
export type Access = "public" | "authed" | "admin" | keyof Permissions;

/** A procedure's REST route, or its routes when it is served under several paths (adminAndUserRoutes). */
export type ProcedureMeta = { rest?: RestMeta | RestMeta[]; access?: Access };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const description = describeError(error);
      return {
        ...shape,
        message: description.message,
        data: {
          ...shape.data,
          stack: undefined,
          appCode: description.code,
          messageKey: description.messageKey,
          httpStatus: description.status,
          issues: description.issues,
          details: description.data ?? undefined,
        },
      };
    },
  });

export const router = t.router;

/**
 * The first middleware of every procedure: errors map once, so an AppError thrown anywhere below (the
 * auth middlewares, the service) reaches tRPC with its own code instead of INTERNAL_SERVER_ERROR.
 */
const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  return result.ok ? result : { ...result, error: withTrpcCode(result.error) };
});

/**
 * The caller of a call that needs one (with `permission`, an API key must hold it; the admin passes).
 * The base procedures below call it through their middleware, raw routes through requireAccess. A refused API
 * key counts against the client address here, not when a public call merely carries a stale key.
 */
export async function requireCaller(ctx: Context, permission?: keyof Permissions): Promise<AuthState> {
  if (!ctx.auth) {
    const failure = ctx.authFailure ?? new AppError("UNAUTHORIZED", "errors.unauthorized");
    if (isApiKeyFailure(failure)) await recordFailure(ctx.db, RATE_LIMITS.apiKeyFailure, ctx.clientIp);
    throw failure;
  }
  if (permission && ctx.auth.type === "apikey" && !ctx.auth.permissions[permission]) {
    throw new AppError("FORBIDDEN", "errors.forbidden");
  }
  // Signed in with an app password: only the areas it names.
  if (permission && ctx.auth.type === "admin" && ctx.auth.scope && !ctx.auth.scope[permission]) {
    throw new AppError("FORBIDDEN", "errors.appPasswordScope");
  }
  return ctx.auth;
}

/**
 * Refuses a caller without `access`: signed in, the admin, or the admin or a key holding a permission.
 * Answers the caller (none needed for public access). The REST adapter checks with it the access a
 * route declares: a procedure's route stricter than its procedure, and every raw route (rest/raw-route.ts).
 */
export async function requireAccess(ctx: Context, access: Exclude<Access, "public">): Promise<AuthState>;
export async function requireAccess(ctx: Context, access: Access): Promise<AuthState | null>;
export async function requireAccess(ctx: Context, access: Access): Promise<AuthState | null> {
  if (access === "public") return ctx.auth;
  const auth = await requireCaller(ctx, access === "authed" || access === "admin" ? undefined : access);
  if (access === "admin" && auth.type !== "admin") throw new AppError("FORBIDDEN", "errors.forbidden");
  return auth;
}

/** The admin-only modules (settings, keys, security, backups...) are never open to an app password's session. */
export function refuseAppPasswordScope(auth: AuthState) {
  if (auth.type === "admin" && auth.scope) throw new AppError("FORBIDDEN", "errors.appPasswordScope");
}

const requireAuth = t.middleware(async ({ ctx, next }) => {
  const auth = await requireCaller(ctx);
  return next({ ctx: { ...ctx, auth } });
});

/** Signed in (admin or API key): downstream, `ctx.auth` is non-null. */
const signedInProcedure = baseProcedure.use(requireAuth);

/** Admin, or an API key holding `permission` (docs/product.md §6); chained after requireAuth. */
function withPermission(permission: keyof Permissions) {
  return signedInProcedure.use(async ({ ctx, next }) => {
    await requireCaller(ctx, permission);
    return next();
  });
}

export const publicProcedure = baseProcedure.meta({ access: "public" });
export const authedProcedure = signedInProcedure.meta({ access: "authed" });
export const adminProcedure = signedInProcedure
  .use(({ ctx, next }) => {
    if (ctx.auth.type !== "admin") throw new AppError("FORBIDDEN", "errors.forbidden");
    refuseAppPasswordScope(ctx.auth);
    // Passing the narrowed auth on types `ctx.auth` as the admin's downstream (next() merges it in).
    return next({ ctx: { auth: ctx.auth } });
  })
  .meta({ access: "admin" });
export const textProcedure = withPermission("text").meta({ access: "text" });
export const fileProcedure = withPermission("file").meta({ access: "file" });
export const mountProcedure = withPermission("mount").meta({ access: "mount" });

/**
 * For procedures that create something (a paste, an upload, a URL fetch): counts it against the
 * caller's creation limits (services/system/rate-limit.ts countCreation) before it runs.
 */
export const limitCreation = t.middleware(async ({ ctx, next }) => {
  if (ctx.auth) await countCreation(ctx.db, ctx.auth, ctx.clientIp);
  return next();
});

/** What one operation's declaration says of its routes; adminAndUserRoutes adds the paths, tags and access. */
type SharedRouteMeta = Omit<RestMeta, "path" | "tags" | "access" | "variant">;

/**
 * The REST routes of an operation the admin and API keys share (docs/architecture.md, "One procedure
 * per operation"): `/admin<path>` for the admin only, and `/user<path>` for whoever the procedure
 * admits (the admin, or a key holding its permission). The service scopes each caller: the admin
 * reaches everything, a key its own. Tags are "<area> (admin)" and "<area> (API key)".
 */
export function adminAndUserRoutes(path: string, area: string, rest: SharedRouteMeta): RestMeta[] {
  return [
    { ...rest, path: `/admin${path}`, tags: [`${area} (admin)`], access: "admin", variant: "admin" },
    { ...rest, path: `/user${path}`, tags: [`${area} (API key)`], variant: "mine" },
  ];
}

/**
 * Declares the operations of an area the admin and API keys share: `operation(path, rest)` is
 * `procedure` (the admin, or a key holding the area's permission; `authedProcedure`: any key, the
 * service scoping it to its own) served at `/admin<base><path>` and `/user<base><path>` (adminAndUserRoutes).
 */
export function sharedOperations(procedure: typeof authedProcedure, base: string, area: string) {
  return (path: string, rest: SharedRouteMeta) =>
    procedure.meta({ rest: adminAndUserRoutes(`${base}${path}`, area, rest) });
}
