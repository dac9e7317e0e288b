// Serves the built client (dist/client): hashed assets cached for a year, everything else revalidated,
// and index.html for client-side routes (the SPA decides what an unknown path shows).
import { existsSync, statSync } from "node:fs";
import { extname, resolve, sep } from "node:path";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest|xml)$/;

export type StaticHandler = {
  serve(request: Request, pathname: string): Promise<Response>;
};

export function createStaticHandler(clientDir: string): StaticHandler {
  const root = resolve(clientDir);
  const indexPath = resolve(root, "index.html");
  const indexHtml = existsSync(indexPath) ? Bun.file(indexPath) : null;
  const gzipCache = new Map<string, Uint8Array<ArrayBuffer>>();

  async function fileResponse(request: Request, path: string, cacheControl: string): Promise<Response> {
    const file = Bun.file(path);
    const headers: Record<string, string> = { "Cache-Control": cacheControl, "Content-Type": file.type };
    const acceptsGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    if (acceptsGzip && COMPRESSIBLE.test(path) && file.size > 1024) {
      let gzipped = gzipCache.get(path);
      if (!gzipped) {
        gzipped = Bun.gzipSync(new Uint8Array(await file.arrayBuffer()));
        gzipCache.set(path, gzipped);
      }
      return new Response(gzipped, { headers: { ...headers, "Content-Encoding": "gzip", Vary: "Accept-Encoding" } });
    }
    return new Response(file, { headers });
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
