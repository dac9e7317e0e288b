// GET /metrics scraped from the real server process as Prometheus would: absent without METRICS_TOKEN,
// refused without its bearer token, and with it the figures an operator graphs (requests by group and
// status, counted views, upload bytes, scheduled job runs, server tasks, server faults by cause, memory,
// event-loop lag).
import { Database as SqliteConnection } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callOk, patternBytes, uploadFile } from "../../../scripts/hardening/kit";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../../../scripts/test/server-process";
import { createDatabase } from "../../db/client";
import { faultCauseOf, noteServerFault } from "../../errors";
import { SWEEP_JOB } from "../jobs/system-jobs";
import { routeGroup } from "./metrics";

const PASSWORD = "metrics-test-password";
const TOKEN = "metrics-token-0123456789";

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics", () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  test("without METRICS_TOKEN there is no /metrics", async () => {
    const server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
    servers.push(server);
    const answer = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(404);
  });

  test("with it, only the token's bearer reads requests, views, uploads, memory and event-loop lag", async () => {
    const server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD, METRICS_TOKEN: TOKEN } });
    servers.push(server);
    const { baseUrl } = server;
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`]) {
      const refused = await fetch(`${baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain("pastebox_");
    }

    const auth = await adminAuthorization(baseUrl, PASSWORD);
    const paste = await callOk(baseUrl, "POST", "/paste", { auth, body: { content: "measured" } });
    for (let i = 0; i < 3; i++) await callOk(baseUrl, "GET", `/paste/${paste.slug}`);
    expect((await fetch(`${baseUrl}/api/paste/no-such-paste`)).status).toBe(404);
    const bytes = patternBytes(100_000, 5);
    const uploaded = await fetch(`${baseUrl}/api/upload-direct/measured.bin`, {
      method: "PUT",
      headers: { authorization: auth, "content-length": String(bytes.length) },
      body: bytes,
    });
    expect(uploaded.status).toBe(201);
    expect((await uploadFile(baseUrl, auth, patternBytes(10, 6))).status).toBe(201);

    const scraped = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const text = await scraped.text();
    expect(sample(text, 'pastebox_http_requests_total{group="api/paste",method="GET",status="200"}')).toBe(3);
    expect(sample(text, 'pastebox_http_requests_total{group="api/paste",method="GET",status="404"}')).toBe(1);
    expect(sample(text, "pastebox_counted_views_total")).toBe(3);
    expect(sample(text, 'pastebox_http_request_duration_seconds_count{group="api/paste"}')).toBe(5);
    expect(sample(text, 'pastebox_http_request_duration_seconds_bucket{group="api/paste",le="+Inf"}')).toBe(5);
    expect(text).toContain("# TYPE pastebox_http_request_duration_seconds histogram");
    // The raw PUT's stated length, plus the form upload's (file and framing).
    expect(sample(text, "pastebox_upload_bytes_total")).toBeGreaterThan(bytes.length);
    expect(sample(text, "pastebox_uploads_in_flight")).toBe(0);
    expect(sample(text, "pastebox_clipboard_connections")).toBe(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10 * 2 ** 20);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  }, 60_000);

  test("scheduled job runs and server tasks are counted where an operator alerts on them", async () => {
    const server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD, METRICS_TOKEN: TOKEN } });
    servers.push(server);
    const { baseUrl } = server;
    const auth = await adminAuthorization(baseUrl, PASSWORD);
    const scrape = async () =>
      (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const sweeps = `pastebox_job_runs_total{job="${SWEEP_JOB}",status="succeeded"}`;
    const before = sample(await scrape(), sweeps) ?? 0;
    await callOk(baseUrl, "POST", `/admin/jobs/${SWEEP_JOB}/run`, { auth });
    let text = await scrape();
    for (let i = 0; i < 100 && (sample(text, sweeps) ?? 0) === before; i++) {
      await Bun.sleep(50);
      text = await scrape();
    }
    expect(sample(text, sweeps)).toBe(before + 1);
    expect(sample(text, `pastebox_job_run_duration_seconds_count{job="${SWEEP_JOB}"}`)).toBe(before + 1);

    // A delete task on a mount of the local storage: it is counted by its status, whatever that is by now.
    const configs = (await callOk(baseUrl, "GET", "/s3-configs", { auth })) as { id: string; provider_type: string }[];
    const local = configs.find((config) => config.provider_type === "local");
    await callOk(baseUrl, "POST", "/admin/mounts", {
      auth,
      body: { name: "Measured", mount_path: "/measured", storage_config_id: local?.id, folder: "measured" },
    });
    await callOk(baseUrl, "POST", "/admin/fs/tasks", {
      auth,
      body: { type: "delete", items: [{ sourcePath: "/measured/nothing-here" }] },
    });
    const tasks = (await scrape())
      .split("\n")
      .filter((line) => line.startsWith("pastebox_tasks{"))
      .reduce((sum, line) => sum + Number(line.split(" ")[1]), 0);
    expect(tasks).toBe(1);
  }, 60_000);

  test("a fault of the database is told apart from other server faults", async () => {
    const request = () => new Request("http://pastebox.test/api/paste/x");
    // Real errors: SQLite's own, and Prisma's on a database without the app's tables.
    const sqlite = new SqliteConnection(":memory:");
    const sqliteError = (() => {
      try {
        sqlite.query("SELECT * FROM missing").all();
      } catch (error) {
        return error;
      }
    })();
    const db = createDatabase(`file:${join(mkdtempSync(join(tmpdir(), "metrics-")), "empty.db")}`);
    const prismaError = await db.paste.findFirst().catch((error: unknown) => error);
    await db.$disconnect();
    for (const [error, cause] of [
      [sqliteError, "database"],
      [prismaError, "database"],
      [new Error("wrapped", { cause: prismaError }), "database"],
      [new TypeError("undefined is not a function"), "other"],
    ] as const) {
      const faulty = request();
      noteServerFault(faulty, error);
      expect(faultCauseOf(faulty)).toBe(cause);
    }
    expect(faultCauseOf(request())).toBeUndefined();
  });

  test("route groups stay a small set whatever path a caller sends", () => {
    expect(routeGroup("/api/paste/abc")).toBe("api/paste");
    expect(routeGroup("/api/raw/abc")).toBe("api/raw");
    expect(routeGroup("/dav/docs/a.txt")).toBe("dav");
    expect(routeGroup("/trpc/pastes.view")).toBe("trpc");
    expect(routeGroup("/assets/x.js")).toBe("static");
    expect(routeGroup(`/api/${"x".repeat(500)}`)).toBe("api/other");
    expect(routeGroup("/api/%00evil")).toBe("api/other");
  });
});
