import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { isAbortError } from "./engine/retry";
import { HttpStatusError } from "./upload-errors";
import { DownloadTooLargeError, downloadUrl, proxyUrlFor } from "./url-download";

const SITE = "https://files.example";
const BODY = new Uint8Array(300_000).map((_, index) => index % 256);

function chunked(bytes: Uint8Array, pieces = 3): ReadableStream<Uint8Array> {
  const size = Math.ceil(bytes.length / pieces);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

const proxyCalls: { url: string | null; authorization: string | null }[] = [];
const server = setupServer(
  http.get(
    `${SITE}/open.bin`,
    () =>
      new HttpResponse(chunked(BODY), {
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Length": String(BODY.length),
          "Access-Control-Allow-Origin": "*",
        },
      }),
  ),
  http.get(`${SITE}/closed.bin`, () => HttpResponse.error()),
  http.get(`${SITE}/missing.bin`, () => new HttpResponse("nope", { status: 404 })),
  http.get("*/api/url/proxy", ({ request }) => {
    const target = new URL(request.url).searchParams.get("url");
    proxyCalls.push({ url: target, authorization: request.headers.get("authorization") });
    if (target?.endsWith("private.bin")) {
      return HttpResponse.json(
        {
          code: 400,
          message: "This URL points to a private, loopback, link-local or metadata address, which cannot be fetched",
          data: null,
          success: false,
        },
        { status: 400 },
      );
    }
    return new HttpResponse(chunked(BODY, 4), { headers: { "Content-Type": "image/png" } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  proxyCalls.length = 0;
});
afterAll(() => server.close());

const headers = () => ({ Authorization: "Bearer token-1" });
const anywhere = async () => true;

describe("URL download", () => {
  test("the browser downloads the file itself when it may, reporting progress", async () => {
    const progress: [number, number | null][] = [];
    const result = await downloadUrl({
      url: `${SITE}/open.bin`,
      mayFetchDirect: anywhere,
      proxyHeaders: headers,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(result.via).toBe("direct");
    expect(result.blob.size).toBe(BODY.length);
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(BODY);
    expect(progress[0]).toEqual([0, BODY.length]);
    expect(progress.at(-1)).toEqual([BODY.length, BODY.length]);
    expect(progress.length).toBeGreaterThan(2);
    expect(proxyCalls).toEqual([]);
  });

  test("a CORS or network failure retries through the server's proxy, with the credentials", async () => {
    const result = await downloadUrl({
      url: `${SITE}/closed.bin`,
      sizeHint: BODY.length,
      mayFetchDirect: anywhere,
      proxyHeaders: headers,
    });
    expect(result.via).toBe("proxy");
    expect(result.blob.size).toBe(BODY.length);
    expect(result.contentType).toBe("image/png");
    expect(proxyCalls).toEqual([{ url: `${SITE}/closed.bin`, authorization: "Bearer token-1" }]);
  });

  test("a site the page's CSP does not allow goes to the proxy without trying", async () => {
    const result = await downloadUrl({
      url: `${SITE}/open.bin`,
      mayFetchDirect: async () => false,
      proxyHeaders: headers,
    });
    expect(result.via).toBe("proxy");
  });

  test("a site that answers an error status is not asked again through the proxy", async () => {
    const error = await downloadUrl({
      url: `${SITE}/missing.bin`,
      mayFetchDirect: anywhere,
      proxyHeaders: headers,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(404);
    expect(proxyCalls).toEqual([]);
  });

  test("the proxy's refusal carries its message", async () => {
    const error = await downloadUrl({
      url: "http://10.0.0.1/private.bin",
      mayFetchDirect: async () => false,
      proxyHeaders: headers,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(400);
    expect((error as HttpStatusError).reason).toContain("private, loopback");
    expect((error as HttpStatusError).isFromApp).toBe(true);
  });

  test("stops reading past the max upload size", async () => {
    const error = await downloadUrl({
      url: `${SITE}/open.bin`,
      mayFetchDirect: anywhere,
      proxyHeaders: headers,
      maxBytes: 1000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DownloadTooLargeError);
  });

  test("cancelling stops the download", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await downloadUrl({
      url: `${SITE}/open.bin`,
      mayFetchDirect: anywhere,
      proxyHeaders: headers,
      signal: controller.signal,
    }).catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
  });

  test("the proxy URL carries the target encoded", () => {
    expect(proxyUrlFor("https://x.example/a b?c=1&d=2")).toBe(
      "/api/url/proxy?url=https%3A%2F%2Fx.example%2Fa+b%3Fc%3D1%26d%3D2",
    );
  });
});
