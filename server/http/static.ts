// Serves the built client (dist/client): hashed assets cached for a year, everything else revalidated,
// and index.html for client-side routes (the SPA decides what an unknown path shows).
// The build writes brotli (.br) and gzip (.gz) copies beside each text file (vite.config.ts,
// precompressedAssets): the copy the request accepts is sent as it is, so nothing is compressed
// while serving. A Range request always gets the file itself: ranges then count the bytes the
// client will see, whatever it accepts.
import { existsSync, statSync } from "node:fs";
import { extname, resolve, sep } from "node:path";
import Negotiator from "negotiator";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/** Content codings the build writes, best first, with the suffix of their copies. */
const PRECOMPRESSED = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;
const CODINGS: string[] = PRECOMPRESSED.map(({ coding }) => coding);

/** The service worker's script (vite.config.ts): a worker runs under the headers its script came with. */
const SERVICE_WORKER_PATH = "/sw.js";

/** A page or the service worker gets the page-only security headers; the files they load do not. */
export function staticAnswerKind(pathname: string, response: Response): "document" | "asset" {
  const isHtml = response.headers.get("Content-Type")?.startsWith("text/html") === true;
  return isHtml || pathname === SERVICE_WORKER_PATH ? "document" : "asset";
}

export type StaticHandler = {
  serve(request: Request, pathname: string): Promise<Response>;
};

export function createStaticHandler(clientDir: string): StaticHandler {
  const root = resolve(clientDir);
  const indexPath = resolve(root, "index.html");
  const indexHtml = existsSync(indexPath) ? Bun.file(indexPath) : null;
  /** The codings the build wrote an up-to-date copy of `path` in (a copy older than its file is stale). */
  function copiesOf(path: string): string[] {
    const original = statSync(path);
    return PRECOMPRESSED.filter(({ suffix }) => {
      const copy = statSync(path + suffix, { throwIfNoEntry: false });
      return copy?.isFile() === true && copy.mtimeMs >= original.mtimeMs;
    }).map(({ coding }) => coding);
  }

  function fileResponse(request: Request, path: string, cacheControl: string): Response {
    const file = Bun.file(path);
    const headers: Record<string, string> = { "Cache-Control": cacheControl, "Content-Type": file.type };
    const copies = copiesOf(path);
    if (copies.length === 0) return new Response(file, { headers });
    // Caches must key this answer by Accept-Encoding, the uncompressed one included.
    headers.Vary = "Accept-Encoding";
    if (request.headers.has("range")) return new Response(file, { headers });
    const negotiator = new Negotiator({ headers: { "accept-encoding": request.headers.get("accept-encoding") ?? "" } });
    const coding = negotiator.encoding([...copies, "identity"], { preferred: CODINGS });
    const copy = PRECOMPRESSED.find((entry) => entry.coding === coding);
    if (!copy) return new Response(file, { headers });
    return new Response(Bun.file(path + copy.suffix), { headers: { ...headers, "Content-Encoding": copy.coding } });
  }

  return {
    async serve(request, pathname) {
      if (!indexHtml) {
        return new Response("The client is not built yet: run `bun run build`.", {
          status: 503,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        decoded = "/";
      }
      const candidate = resolve(root, `.${decoded}`);
      const isInside = candidate.startsWith(root + sep);
      if (isInside && !decoded.includes("\0") && existsSync(candidate) && statSync(candidate).isFile()) {
        const cacheControl = decoded.startsWith("/assets/") ? IMMUTABLE : REVALIDATE;
        return fileResponse(request, candidate, cacheControl);
      }
      // A missing asset or top-level file (/sw.js, /favicon.ico) is a real 404: answering index.html
      // would break the module loader. Deeper paths with dots are client routes (/mount-explorer/v1.2).
      const isTopLevelFile = extname(decoded) !== "" && decoded.lastIndexOf("/") === 0;
      if (decoded.startsWith("/assets/") || isTopLevelFile) {
        return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      }
      return fileResponse(request, indexPath, REVALIDATE);
    },
  };
}

/** Reads index.html once so its inline scripts can be allowed by hash. */
export async function readIndexHtml(clientDir: string): Promise<string | null> {
  const file = Bun.file(resolve(clientDir, "index.html"));
  return (await file.exists()) ? file.text() : null;
}
