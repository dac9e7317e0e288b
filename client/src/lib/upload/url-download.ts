// URL upload, first half (docs/product.md §4): the browser downloads the file itself when the site allows
// it (CORS) and the page's CSP lets it connect there; on a cross-origin or network failure it asks
// the server's proxy (GET /api/url/proxy) instead. Progress is reported as bytes; the caller maps
// it to 0-49 %.
import { AbortedError, isAbortError } from "./engine/retry";
import { statusError } from "./engine/upload-api";

export const URL_PROXY_PATH = "/api/url/proxy";

export type DownloadRequest = {
  url: string;
  /** From url.info; used when the answer does not state its length. */
  sizeHint?: number | null;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number | null) => void;
  /** Whether a direct request is worth trying (the page's CSP; lib/shares/download/csp.ts). */
  mayFetchDirect: (url: string) => Promise<boolean>;
  /** Credentials and language for the proxy. */
  proxyHeaders: () => Record<string, string>;
  /** Refuses before reading on when the download outgrows this (the max upload size). */
  maxBytes?: number;
  fetchImpl?: typeof fetch;
};

export type DownloadResult = { blob: Blob; via: "direct" | "proxy"; contentType: string | null };

export class DownloadTooLargeError extends Error {
  override name = "DownloadTooLargeError";
  constructor(readonly size: number) {
    super("download too large");
  }
}

export function proxyUrlFor(url: string): string {
  return `${URL_PROXY_PATH}?${new URLSearchParams({ url }).toString()}`;
}

function totalOf(response: Response, sizeHint: number | null | undefined): number | null {
  const length = Number(response.headers.get("content-length"));
  if (Number.isFinite(length) && length > 0) return length;
  const range = /\/(\d+)$/.exec(response.headers.get("content-range") ?? "");
  if (range?.[1]) return Number(range[1]);
  return sizeHint ?? null;
}

async function readBody(response: Response, request: DownloadRequest): Promise<Blob> {
  const total = totalOf(response, request.sizeHint);
  if (request.maxBytes !== undefined && total !== null && total > request.maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new DownloadTooLargeError(total);
  }
  const type = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  request.onProgress?.(0, total);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      if (request.maxBytes !== undefined && loaded > request.maxBytes) throw new DownloadTooLargeError(loaded);
      request.onProgress?.(loaded, total);
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    if (request.signal?.aborted) throw new AbortedError();
    throw error;
  }
  return new Blob(chunks, { type });
}

export async function downloadUrl(request: DownloadRequest): Promise<DownloadResult> {
  const fetchImpl = request.fetchImpl ?? fetch;
  if (request.signal?.aborted) throw new AbortedError();
  if (await request.mayFetchDirect(request.url)) {
    let response: Response | null = null;
    try {
      response = await fetchImpl(request.url, {
        signal: request.signal,
        mode: "cors",
        credentials: "omit",
        redirect: "follow",
        referrerPolicy: "no-referrer",
      });
    } catch (error) {
      if (isAbortError(error) || request.signal?.aborted) throw new AbortedError();
      // TypeError: CORS refused or the network failed; the proxy may still reach it.
      response = null;
    }
    if (response) {
      // The site answered: its status is the truth (a 404 through the proxy would be a 404 too).
      if (!response.ok) {
        void response.body?.cancel().catch(() => undefined);
        throw statusError(response.status, "");
      }
      try {
        return {
          blob: await readBody(response, request),
          via: "direct",
          contentType: response.headers.get("content-type"),
        };
      } catch (error) {
        if (isAbortError(error) || error instanceof DownloadTooLargeError) throw error;
        // The body broke off mid-way: start again through the proxy.
      }
    }
  }
  let response: Response;
  try {
    response = await fetchImpl(proxyUrlFor(request.url), { signal: request.signal, headers: request.proxyHeaders() });
  } catch (error) {
    if (isAbortError(error) || request.signal?.aborted) throw new AbortedError();
    throw error;
  }
  if (!response.ok) throw statusError(response.status, await response.text().catch(() => ""));
  return { blob: await readBody(response, request), via: "proxy", contentType: response.headers.get("content-type") };
}
