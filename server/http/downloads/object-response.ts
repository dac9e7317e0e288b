// Streams a stored object to the client: RFC 9110 preconditions and single byte ranges
// (preconditions.ts), and the safety rules for user content (docs/security.md): Content-Disposition always
// set, nosniff, the content type normalised, and inline content other than PDF sandboxed by CSP, so an
// uploaded HTML or SVG file can never run script on the app's origin.

import { contentDisposition } from "@shared/content-disposition";
import { mediaTypeEssence } from "@shared/media-type";
import { AppError } from "../../errors";
import { deliverableContentType } from "../../storage/content-type";
import type { GetResult, StorageDriver } from "../../storage/driver";
import type { Downloader } from "./open-downloads";
import { evaluatePreconditions, selectRange, type Validators } from "./preconditions";

/** Types a browser shows without running anything; every other inline type is sent as text. */
const PASSIVE_INLINE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|text\/plain)$/;
const SANDBOX_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
const PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

export type ObjectResponseOptions = {
  /** Who downloads: the body counts against their address's open downloads (http/downloads/open-downloads.ts). */
  downloader: Downloader;
  disposition: "attachment" | "inline";
  filename: string;
  /** Overrides the stored content type. */
  contentType?: string;
  cacheSeconds?: number;
  /**
   * Called once the answer is known to carry the content (a 200 or 206 to a GET), before the body is
   * read: a share counts its view here, so a 304, a 412 or a HEAD costs none.
   */
  onDeliver?: () => Promise<void>;
};

/** Content-Type and Content-Security-Policy of an answer, decided from the normalised type only. */
export function deliveryTypeHeaders(stored: string | null | undefined, disposition: "attachment" | "inline") {
  const contentType = deliverableContentType(stored);
  const essence = mediaTypeEssence(contentType);
  if (disposition === "attachment") return { "Content-Type": contentType, "Content-Security-Policy": SANDBOX_CSP };
  // Inline: the browser's PDF viewer needs scripts of its own, so PDFs get no sandbox (only PDFs).
  // Active types (HTML, SVG, XML, scripts) are shown as their source text, besides the sandbox.
  return {
    "Content-Type": PASSIVE_INLINE.test(essence) ? contentType : "text/plain; charset=utf-8",
    "Content-Security-Policy": essence === "application/pdf" ? PDF_CSP : SANDBOX_CSP,
  };
}

export async function objectResponse(
  driver: StorageDriver,
  key: string,
  request: Request,
  options: ObjectResponseOptions,
): Promise<Response> {
  const head = await driver.head(key);
  if (!head) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  const validators: Validators = {
    etag: head.etag ? `"${head.etag}"` : null,
    lastModified: head.lastModified.toUTCString(),
  };
  const headers: Record<string, string> = {
    ...deliveryTypeHeaders(options.contentType || head.contentType, options.disposition),
    "Content-Disposition": contentDisposition(options.disposition, options.filename),
    "Accept-Ranges": "bytes",
    "Last-Modified": validators.lastModified,
    "Cache-Control": `private, max-age=${options.cacheSeconds ?? 0}`,
    "X-Content-Type-Options": "nosniff",
    // Previews are framed by the app's own file page.
    "X-Frame-Options": "SAMEORIGIN",
  };
  if (validators.etag) headers.ETag = validators.etag;
  const outcome = evaluatePreconditions(request, validators);
  if (outcome !== "proceed") return new Response(null, { status: outcome, headers });
  const range = selectRange(request, head.size, validators);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${head.size}` } });
  }
  if (request.method === "HEAD") {
    return new Response(null, { headers: { ...headers, "Content-Length": String(head.size) } });
  }
  // Refused before a view is counted or the object opened.
  const slot = options.downloader.openDownloads.take(options.downloader.clientIp);
  let object: GetResult;
  try {
    await options.onDeliver?.();
    object = await driver.get(key, range ? { range } : undefined);
  } catch (error) {
    slot.release();
    throw error;
  }
  const body = slot.hold(object.body);
  if (object.range) {
    return new Response(body, {
      status: 206,
      headers: {
        ...headers,
        "Content-Range": `bytes ${object.range.start}-${object.range.end}/${head.size}`,
        "Content-Length": String(object.range.end - object.range.start + 1),
      },
    });
  }
  return new Response(body, { headers: { ...headers, "Content-Length": String(head.size) } });
}
