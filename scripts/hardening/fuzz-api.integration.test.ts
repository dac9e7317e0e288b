// Hostile input against a real server process: the fuzzer's 20,000 malformed requests across every
// REST operation (zero 5xx, every JSON 4xx an envelope, the process alive), and the cases it found
// once, kept as named regressions.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../test/server-process";
import { createFullApiKey, fuzzApi } from "./fuzz-api";

const PASSWORD = "fuzz-admin-password-123";
let server: ServerProcess;
let admin: string;

beforeAll(async () => {
  server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
  admin = await adminAuthorization(server.baseUrl, PASSWORD);
});

afterAll(async () => {
  await server?.stop();
});

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.baseUrl}/api${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("hostile input", () => {
  test("broken percent-encoding in a path parameter is a 404 envelope, not a 500", async () => {
    for (const id of ["%", "%ED%A0%80%C3%28", "%ZZ"]) {
      const answer = await send(`/admin/files/${id}`, { headers: { authorization: admin } });
      expect(answer.status).toBe(404);
      expect(answer.body.success).toBe(false);
    }
  });

  test("a form upload without a boundary, or cut short, is a 400 and the server lives on", async () => {
    for (const path of ["/upload", "/admin/fs/upload"]) {
      const noBoundary = await send(path, {
        method: "POST",
        headers: { authorization: admin, "content-type": "multipart/form-data" },
        body: "garbage",
      });
      expect(noBoundary.status).toBe(400);
      const truncated = await send(path, {
        method: "POST",
        headers: { authorization: admin, "content-type": "multipart/form-data; boundary=cut" },
        body: '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
      });
      expect(truncated.status).toBeGreaterThanOrEqual(400);
      expect(truncated.status).toBeLessThan(500);
    }
    expect(server.isAlive()).toBe(true);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });

  // A form that starts with its file is spooled and then stored with every field (the CloudPaste
  // document's order); once fields came first the file streams at once, so a field after it is refused.
  test("a field after the file, when fields also came before it, refuses the upload and keeps nothing of it", async () => {
    const form = [
      '--b\r\nContent-Disposition: form-data; name="max_views"\r\n\r\n3\r\n',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="late.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n',
      '--b\r\nContent-Disposition: form-data; name="remark"\r\n\r\ntoo late\r\n',
      "--b--\r\n",
    ].join("");
    const answer = await send("/upload", {
      method: "POST",
      headers: { authorization: admin, "content-type": "multipart/form-data; boundary=b" },
      body: form,
    });
    expect(answer.status).toBe(400);
    const files = await send("/admin/files?limit=100", { headers: { authorization: admin } });
    expect(files.body.data.files.map((file: { filename: string }) => file.filename)).not.toContain("late.txt");
  });

  test("20,000 malformed requests over every operation: no 5xx, envelopes only, still healthy", async () => {
    const key = await createFullApiKey(server.baseUrl, admin);
    const report = await fuzzApi({
      baseUrl: server.baseUrl,
      credentials: [admin, `Bearer ${key}`, null, "Bearer not-a-real-token"],
      requests: 20_000,
      seed: Number(process.env.FUZZ_SEED ?? 20261122),
    });
    console.log(`fuzz: ${report.sent} requests, by status ${JSON.stringify(report.byStatus)}`);
    expect(report.failures).toEqual([]);
    expect(report.sent).toBe(20_000);
    expect(server.isAlive()).toBe(true);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  }, 600_000);
});
