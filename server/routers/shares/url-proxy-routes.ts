// URL upload through the server (docs/product.md §4: when the browser cannot download a URL itself, from CORS
// or the network, it retries through this proxy). The remote body is streamed through untouched, never
// buffered; the answer is always an attachment the browser will not sniff or render on our origin.

import { contentDisposition } from "@shared/content-disposition";
import { z } from "zod";
import { AppError } from "../../errors";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";
import { safeFetch } from "../../services/shares/upload/safe-fetch";
import { filenameFromResponse } from "../../services/shares/upload/url-info";

/** Headers of the origin must arrive within this; the body may take as long as it takes. */
export const URL_PROXY_TIMEOUT_MS = 30_000;

/**
 * Origin headers worth passing on; everything else (cookies, CSP, CORS...) stays behind.
 * Content-Length is set, but Bun.serve (1.4.5) drops it for a streamed body and answers chunked
 * (oven-sh/bun#10507); Content-Range (206) keeps the total, and url/info reports the size.
 */
const PASSED_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"];

/** Only a single or multiple byte-range spec is forwarded; anything else is dropped. */
function forwardableRange(value: string | null): string | null {
  if (!value || value.length > 200) return null;
  return /^bytes=\s*(\d*-\d*)(\s*,\s*\d*-\d*)*\s*$/i.test(value) ? value : null;
}

export const urlProxyRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/url/proxy",
    summary: "Download the file at a URL through the server",
    description:
      "Streams the remote body as an attachment (Content-Type, Content-Length and Range passed through when " +
      "the origin supports them). Same address rules as url/info: private, loopback, link-local and metadata " +
      "targets are refused with 400, also after a redirect; an origin error answers 502.",
    tags: ["URL upload"],
    access: "file",
    limitCreation: true,
    query: z.object({ url: z.string().min(1).max(8192) }),
    responses: [
      { status: 200, description: "The remote file", contentType: "application/octet-stream" },
      { status: 206, description: "The requested range of the remote file", contentType: "application/octet-stream" },
      jsonAnswer(400, "Invalid or refused URL, or too many redirects"),
      jsonAnswer(502, "The origin failed, answered an error or timed out"),
    ],
    async handle({ ctx, query }) {
      const isHead = ctx.request.method.toUpperCase() === "HEAD";
      const range = forwardableRange(ctx.request.headers.get("range"));
      const ifRange = range ? ctx.request.headers.get("if-range") : null;
      const upstream = await safeFetch(query.url, {
        method: isHead ? "HEAD" : "GET",
        allowPrivate: ctx.config.allowPrivateUrls,
        signal: ctx.request.signal,
        timeoutMs: URL_PROXY_TIMEOUT_MS,
        headers: { ...(range ? { range } : {}), ...(ifRange ? { "if-range": ifRange } : {}) },
      });
      if (upstream.status === 416) {
        await upstream.body?.cancel().catch(() => {});
        const contentRange = upstream.headers.get("content-range");
        throw new AppError(
          "RANGE_NOT_SATISFIABLE",
          "errors.rangeNotSatisfiable",
          {},
          contentRange ? { "Content-Range": contentRange } : {},
        );
      }
      if (upstream.status !== 200 && upstream.status !== 206) {
        await upstream.body?.cancel().catch(() => {});
        throw new AppError("BAD_GATEWAY", "errors.urlFetchFailed", { status: upstream.status });
      }
      const headers = new Headers({
        "Content-Type": upstream.headers.get("content-type") || "application/octet-stream",
        "Content-Disposition": contentDisposition("attachment", filenameFromResponse(upstream)),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      });
      for (const name of PASSED_HEADERS) {
        const value = upstream.headers.get(name);
        if (value) headers.set(name, value);
      }
      // We asked for identity; an origin that compressed anyway is passed on as it is, labelled.
      const encoding = upstream.headers.get("content-encoding");
      if (encoding && encoding.toLowerCase() !== "identity") headers.set("Content-Encoding", encoding);
      return new Response(isHead ? null : upstream.body, { status: upstream.status, headers });
    },
  }),
];
