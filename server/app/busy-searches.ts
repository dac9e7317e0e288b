// A /trpc batch of searches from a caller whose search slots are all taken (services/system/
// search-slots.ts) is refused whole, before tRPC runs any of its calls. Each call refused one by one
// went through tRPC's middlewares, its input's parsing and checking, an error built, wrapped, shaped
// and translated: 4 callers' batches of 16 searches from one read-only key got 17,000-40,000 such
// refusals in 10 s, the work that held /api/health up in the hostile run's search phase
// (docs/performance.md). The answer is the one tRPC would give, shaped once and repeated per call.
// Paste and file lists with a search filter take a slot too, and are refused whole the same way.
import { TRPCError } from "@trpc/server";
import { type AnyRouter, getErrorShape, transformTRPCResponse } from "@trpc/server/unstable-core-do-not-import";
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

/** The whole batch's 429 when the caller has no search slot free, or null to run it. */
export function refuseBusySearchBatch(router: AnyRouter, paths: string[], ctx: Context): Response | null {
  if (!searchSlotsFull(ctx)) return null;
  const cause = searchesBusy();
  const error = new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
  const config = router._def._config;
  // Shaped once per procedure named (the shape carries its path), repeated for its other calls.
  const shapes = new Map<string, string>();
  const shapeOf = (path: string) => {
    let shape = shapes.get(path);
    if (shape === undefined) {
      shape = JSON.stringify(
        transformTRPCResponse(config, {
          error: getErrorShape({ config, error, type: "query", path, input: undefined, ctx }),
        }),
      );
      shapes.set(path, shape);
    }
    return shape;
  };
  const body = `[${paths.map(shapeOf).join(",")}]`;
  const headers = new Headers(ctx.responseHeaders);
  headers.set("content-type", "application/json");
  for (const [name, value] of Object.entries(cause.headers)) headers.set(name, value);
  return new Response(body, { status: 429, headers });
}
