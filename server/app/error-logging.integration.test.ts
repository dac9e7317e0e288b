// What the server logs as an ERROR, on /api, /trpc and /dav alike: only a failure of its own (status
// >= 500) that a client is still waiting for. A refused caller, a bad request or a client that walks
// away in the middle of its upload is the client's business, not an error line an operator must read.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { type ServedTestApp, serveTestApp } from "../test/harness";

describe("error lines", () => {
  let served: ServedTestApp;
  let errorLines: string[];

  beforeAll(async () => {
    served = await serveTestApp("sqlite");
    errorLines = [];
    spyOn(served.t.logger, "error").mockImplementation((message: string) => {
      errorLines.push(message);
    });
  });
  afterAll(async () => {
    await served?.stop();
  });

  test("an anonymous refused /trpc call is a 401 with tRPC's UNAUTHORIZED code, and no ERROR line", async () => {
    errorLines.length = 0;
    const response = await fetch(`${served.origin}/trpc/keys.list`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { json: { data: { code: string; appCode: string } } } };
    expect(body.error.json.data).toMatchObject({ code: "UNAUTHORIZED", appCode: "UNAUTHORIZED" });
    expect(errorLines).toEqual([]);
  });

  test("an AppError thrown in a procedure keeps its code: a missing paste is NOT_FOUND on /trpc", async () => {
    errorLines.length = 0;
    const input = encodeURIComponent(JSON.stringify({ json: { slug: "no-such-paste" } }));
    const response = await fetch(`${served.origin}/trpc/pastes.view?input=${input}`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { json: { data: { code: string } } } };
    expect(body.error.json.data.code).toBe("NOT_FOUND");
    expect(errorLines).toEqual([]);
  });

  test("refusals on /api and /dav write no ERROR line", async () => {
    errorLines.length = 0;
    expect((await fetch(`${served.origin}/api/admin/api-keys`)).status).toBe(401);
    expect((await fetch(`${served.origin}/api/paste/no-such-paste`)).status).toBe(404);
    expect((await fetch(`${served.origin}/dav/`, { method: "PROPFIND" })).status).toBe(401);
    expect(errorLines).toEqual([]);
  });

  /** Sends the request line, headers and the start of a body much shorter than declared, then hangs up. */
  async function abandonBody(method: string, path: string, headers: Record<string, string>, start: string) {
    const { port } = new URL(served.origin);
    const socket = await Bun.connect({ hostname: "127.0.0.1", port: Number(port), socket: { data() {}, error() {} } });
    const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers, "Content-Length": String(8 * 1024 * 1024) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines}\r\n${start}`);
    socket.write(new Uint8Array(256 * 1024).fill(120));
    socket.flush();
    await Bun.sleep(300);
    socket.end();
    // The server notices the closed connection and unwinds the request; give it time to log, if it would.
    await Bun.sleep(1500);
  }

  test("a client abandoning its body mid-way is not a 500 error line (form, raw and JSON bodies)", async () => {
    errorLines.length = 0;
    const boundary = "----abandoned";
    await abandonBody(
      "POST",
      "/api/upload",
      { Authorization: served.admin, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    );
    await abandonBody(
      "PUT",
      "/api/upload-direct/big.bin",
      { Authorization: served.admin, "Content-Type": "application/octet-stream" },
      "",
    );
    await abandonBody(
      "POST",
      "/api/paste",
      { Authorization: served.admin, "Content-Type": "application/json" },
      '{"content":"',
    );
    await abandonBody(
      "POST",
      "/trpc/pastes.create",
      { Authorization: served.admin, "Content-Type": "application/json" },
      '{"json":{"content":"',
    );
    expect(errorLines).toEqual([]);
    // The server is unharmed: the next request is answered.
    expect((await fetch(`${served.origin}/api/health`)).status).toBe(200);
  });
});
