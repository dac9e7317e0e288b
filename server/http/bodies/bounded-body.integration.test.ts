// Bodies without Content-Length (chunked) are counted while they arrive on every small-body reader:
// the REST adapter's JSON, tRPC's, WebDAV's XML. Past the limit the answer is 413 and the rest of the
// body is never read, so what one anonymous request makes the server hold is bounded by the limit.
import { describe, expect, test } from "bun:test";
import { JSON_BODY_LIMIT } from "../../rest/adapter";
import { DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";

const MiB = 1024 * 1024;

/** A chunked body of `total` bytes of JSON-ish text, counting how much the server pulled from it. */
function countedBody(total: number, prefix = '{"username":"') {
  const chunk = new TextEncoder().encode("a".repeat(MiB));
  const head = new TextEncoder().encode(prefix);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        sent += head.byteLength;
        controller.enqueue(head);
        return;
      }
      if (sent >= total) {
        controller.close();
        return;
      }
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

for (const provider of DATABASE_PROVIDERS) {
  describe(`chunked bodies are bounded (${provider})`, () => {
    const { t } = useTestApp(provider);

    async function send(method: string, path: string, total: number, headers: Record<string, string> = {}) {
      const body = countedBody(total);
      const request = new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json", ...headers },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      expect(request.headers.get("content-length")).toBeNull();
      const response = await t.app.fetch(request, "127.0.0.1");
      return { response, pulled: body.pulled() };
    }

    test("POST /api/admin/login with 256 MiB chunked answers 413 having read at most the limit", async () => {
      const { response, pulled } = await send("POST", "/api/admin/login", 256 * MiB);
      expect(response.status).toBe(413);
      expect((await response.json()).success).toBe(false);
      expect(pulled).toBeLessThan(JSON_BODY_LIMIT + 2 * MiB);
    });

    test("POST /trpc/admin.login with 256 MiB chunked answers 413 having read at most the limit", async () => {
      const { response, pulled } = await send("POST", "/trpc/admin.login", 256 * MiB);
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThan(JSON_BODY_LIMIT + 2 * MiB);
    });

    test("WebDAV PROPFIND with 64 MiB chunked answers 413 having read at most its 1 MiB limit", async () => {
      const auth = `Basic ${Buffer.from(`admin:${TEST_ADMIN_PASSWORD}`).toString("base64")}`;
      const { response, pulled } = await send("PROPFIND", "/dav/", 64 * MiB, { authorization: auth, depth: "0" });
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThan(3 * MiB);
    });

    test("a chunked body within the limit still works on /api and /trpc", async () => {
      const body = JSON.stringify({ username: "admin", password: TEST_ADMIN_PASSWORD });
      const chunked = (path: string, text: string) =>
        t.app.fetch(
          new Request(`http://localhost${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: new Blob([text]).stream(),
            duplex: "half",
          } as RequestInit),
          "127.0.0.1",
        );
      expect((await chunked("/api/admin/login", body)).status).toBe(200);
      const trpc = await chunked("/trpc/admin.login", JSON.stringify({ json: JSON.parse(body) }));
      expect(trpc.status).toBe(200);
    });
  });
}
