// A /trpc batch of searches from a caller whose search slots are all taken (services/system/
// search-slots.ts) is refused whole, before tRPC runs any of its calls. Each call refused one by one
// went through tRPC's middlewares, its input's parsing and checking, an error built, wrapped, shaped
// and translated: 4 callers' batches of 16 searches from one read-only key got 17,000-40,000 such
// refusals in 10 s, the work that held /api/health up in the hostile run's search phase
// (docs/performance.md). The answer is the one tRPC would give, shaped once and repeated per call.
import { TRPCError } from "@trpc/server";
import { type AnyRouter, getErrorShape, transformTRPCResponse } from "@trpc/server/unstable-core-do-not-import";
import { searchesBusy, searchSlotsFull } from "../services/system/search-slots";
import type { Context } from "../trpc";

/** Procedures every call of which takes one of the caller's search slots. */
const ALWAYS_SEARCHES = new Set(["fs.search"]);

/** The procedure paths of a GET batch made of searches alone, or null. */
export function searchOnlyBatch(request: Request, url: URL): string[] | null {
  if (request.method !== "GET" || url.searchParams.get("batch") !== "1") return null;
  const paths = url.pathname.slice("/trpc/".length).split(",");
  return paths.every((path) => ALWAYS_SEARCHES.has(path)) ? paths : null;
}

/** The whole batch's 429 when the caller has no search slot free, or null to run it. */
export function refuseBusySearchBatch(router: AnyRouter, paths: string[], ctx: Context): Response | null {
  if (!searchSlotsFull(ctx)) return null;
  const cause = searchesBusy();
  const error = new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
  const config = router._def._config;
  const items = paths.map((path, index) =>
    index > 0 && path === paths[index - 1]
      ? null
      : JSON.stringify(
          transformTRPCResponse(config, {
            error: getErrorShape({ config, error, type: "query", path, input: undefined, ctx }),
          }),
        ),
  );
  let last = "";
  const body = `[${items.map((item) => (last = item ?? last)).join(",")}]`;
  const headers = new Headers(ctx.responseHeaders);
  headers.set("content-type", "application/json");
  for (const [name, value] of Object.entries(cause.headers)) headers.set(name, value);
  return new Response(body, { status: 429, headers });
}
