// A /trpc batch of searches from a caller whose search slots are all taken (services/system/
// search-slots.ts) is refused whole, before tRPC runs any of its calls. Each call refused one by one
// went through tRPC's middlewares, its input's parsing and checking, an error built, wrapped, shaped
// and translated: 4 callers' batches of 16 searches from one read-only key got 17,000-40,000 such
// refusals in 10 s, the work that held /api/health up in the hostile run's search phase
// (docs/performance.md). The answer is the one tRPC would give, shaped once and repeated per call.
// Paste and file lists with a search filter take a slot too, and are refused whole the same way.
import { TRPCError } from "@trpc/server";
import { type AnyRouter, getErrorShape, transformTRPCResponse } from "@trpc/server/unstable-core-do-not-import";
import { requestCredentials } from "../http/session-cookie";
import { currentLanguage } from "../i18n";
import { type AuthState, hashSecret } from "../services/auth/sessions";
import { searchesBusy, searchSlotsFull } from "../services/system/search-slots";
import type { Context } from "../trpc";

/** Procedures every call of which takes one of the caller's search slots. */
const ALWAYS_SEARCHES = new Set(["fs.search"]);
/**
 * Lists whose call takes a slot when its input has a `search` (services/pastes/pastes.ts, the shares
 * router): a batch of them from one caller costs what a batch of explorer searches does.
 */
const SEARCHES_WHEN_FILTERED = new Set(["pastes.list", "files.list"]);

/** Whether the batch's call `index` names a search (its input as the client's superjson link sends it). */
function searchesAt(inputs: Record<string, unknown> | null, index: number): boolean {
  const input = inputs?.[index] as { json?: { search?: unknown } } | undefined;
  const search = input?.json?.search;
  // The list's schema trims the filter: a blank one is no search (listFilterText).
  return typeof search === "string" && search.trim() !== "";
}

/** The procedure paths of a GET batch made of searches alone, or null. */
export function searchOnlyBatch(request: Request, url: URL): string[] | null {
  if (request.method !== "GET" || url.searchParams.get("batch") !== "1") return null;
  const paths = url.pathname.slice("/trpc/".length).split(",");
  if (paths.every((path) => ALWAYS_SEARCHES.has(path))) return paths;
  if (!paths.every((path) => ALWAYS_SEARCHES.has(path) || SEARCHES_WHEN_FILTERED.has(path))) return null;
  let inputs: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(url.searchParams.get("input") ?? "null");
    if (parsed !== null && typeof parsed === "object") inputs = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  return paths.every((path, index) => ALWAYS_SEARCHES.has(path) || searchesAt(inputs, index)) ? paths : null;
}

/**
 * Callers whose batch of searches was looked up lately, by the credentials they sent (requestCredentials):
 * while such a caller's search slots are all taken, its next batch with the same credentials is
 * refused before they are looked up (a statement to the database each): at a thousand refused batches
 * a second that lookup was most of a refusal's CPU (docs/performance.md, the hostile run). Only a
 * refusal is ever taken from here, never a right: a key revoked while its searches run is refused
 * "busy" until they end, then its next batch is looked up and refused as unknown. Credentials are
 * remembered by their SHA-256, so no key or session token is kept in the process's memory.
 */
const searchers = new Map<string, AuthState>();
/** Searchers remembered at most: the last ones win (each entry is a credentials hash and its AuthState). */
const MAX_SEARCHERS = 256;
/** Longer credentials are not remembered (a real key, token or cookie is far shorter). */
const MAX_CREDENTIALS_LENGTH = 512;

/** The key a request's credentials are remembered under, or null when it carries none to remember. */
function searcherKey(request: Request): string | null {
  const credentials = requestCredentials(request);
  if (credentials === null || credentials.length > MAX_CREDENTIALS_LENGTH) return null;
  return hashSecret(credentials);
}

/** Remembers the caller of a batch of searches whose credentials were looked up and found. */
export function rememberSearcher(request: Request, ctx: Context): void {
  if (!ctx.auth) return;
  const credentials = searcherKey(request);
  if (credentials === null) return;
  searchers.delete(credentials);
  searchers.set(credentials, ctx.auth);
  if (searchers.size > MAX_SEARCHERS) searchers.delete(searchers.keys().next().value as string);
}

/**
 * The 429 of a batch of searches whose credentials are a remembered searcher's with no slot free, or
 * null to look them up (createContext) and go on.
 */
export function refuseKnownBusySearcher(router: AnyRouter, paths: string[], request: Request, clientIp: string) {
  const credentials = searcherKey(request);
  const auth = credentials === null ? undefined : searchers.get(credentials);
  return auth && searchSlotsFull({ auth, clientIp }) ? busyAnswer(router, paths) : null;
}

/** The whole batch's 429 when the caller has no search slot free, or null to run it. */
export function refuseBusySearchBatch(router: AnyRouter, paths: string[], ctx: Context): Response | null {
  return searchSlotsFull(ctx) ? busyAnswer(router, paths, ctx.responseHeaders) : null;
}

/**
 * Answers already built, by the router's error formatter (a changed formatter shapes anew):
 * `shapes` holds one call's refusal by language and procedure (the shape carries its path; three
 * procedures at most), `bodies` whole answers by language and batch, sent again as they are. A body
 * built per refusal (5 KiB for 16 calls) was garbage the collector did not count: a server answering
 * nothing but 5,000 such refusals grew 13-34 MiB, against 5.5 MiB for one shared string. Bodies are
 * kept for the last batches seen, a few per caller in practice.
 */
const built = new WeakMap<object, { shapes: Map<string, string>; bodies: Map<string, string> }>();
const MAX_BODIES = 64;

function bodyOf(router: AnyRouter, paths: string[]): string {
  const config = router._def._config;
  let cache = built.get(config.errorFormatter);
  if (!cache) {
    cache = { shapes: new Map(), bodies: new Map() };
    built.set(config.errorFormatter, cache);
  }
  const { shapes, bodies } = cache;
  const language = currentLanguage();
  const shapeOf = (path: string) => {
    const key = `${language} ${path}`;
    let shape = shapes.get(key);
    if (shape === undefined) {
      const cause = searchesBusy();
      const error = new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
      // The formatter (server/trpc.ts) reads the error alone, not the context.
      const ctx = undefined;
      shape = JSON.stringify(
        transformTRPCResponse(config, {
          error: getErrorShape({ config, error, type: "query", path, input: undefined, ctx }),
        }),
      );
      shapes.set(key, shape);
    }
    return shape;
  };
  const key = `${language} ${paths.join(",")}`;
  let body = bodies.get(key);
  if (body === undefined) {
    body = `[${paths.map(shapeOf).join(",")}]`;
    if (bodies.size >= MAX_BODIES) bodies.clear();
    bodies.set(key, body);
  }
  return body;
}

const RETRY_AFTER = searchesBusy().headers;

function busyAnswer(router: AnyRouter, paths: string[], extraHeaders?: Headers): Response {
  const headers = new Headers(extraHeaders);
  headers.set("content-type", "application/json");
  for (const [name, value] of Object.entries(RETRY_AFTER)) headers.set(name, value);
  return new Response(bodyOf(router, paths), { status: 429, headers });
}
