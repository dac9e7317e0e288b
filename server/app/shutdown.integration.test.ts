// Graceful shutdown of the real server process (server/main.ts): SIGTERM while counted views and an
// upload are in flight loses no counted view and leaves no half record, and the process exits 0 within
// 10 s (the grace Docker and podman give before SIGKILL); a second signal ends it at once.

import { Database as SqliteConnection } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import pg from "pg";
import { callOk, createScratchDatabase, patternBytes, sameBytes } from "../../scripts/hardening/kit";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../../scripts/test/server-process";
import type { DatabaseProvider } from "../db/client";
import { DATABASE_PROVIDERS, requirePostgresUrl, tempDir } from "../test/harness";

const PASSWORD = "shutdown-test-password";
const VIEWS = 400;
const UPLOAD_BYTES = 6 * 1024 * 1024;

type Row = { views: number } | { status: string; size: bigint | number };

/** One query against the server's database, whichever provider. */
async function queryDatabase(provider: DatabaseProvider, url: string, sql: string, values: unknown[]) {
  if (provider === "sqlite") {
    const connection = new SqliteConnection(url.slice("file:".length), { readonly: true });
    try {
      return connection.query(sql.replace(/\$\d+/g, "?")).all(...(values as string[])) as Row[];
    } finally {
      connection.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A request body that sends `bytes` in 64 KiB pieces over about `seconds`, so it is still arriving. */
function slowBody(bytes: Uint8Array, seconds: number): ReadableStream<Uint8Array> {
  const piece = 64 * 1024;
  const pieces = Math.ceil(bytes.length / piece);
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= pieces) return controller.close();
      await Bun.sleep((seconds * 1000) / pieces);
      controller.enqueue(bytes.subarray(sent * piece, (sent + 1) * piece));
      sent += 1;
    },
  });
}

describe.each(DATABASE_PROVIDERS)("graceful shutdown (%s)", (provider) => {
  let databaseUrl = "";
  let dropDatabase = async () => {};
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (provider === "postgres") {
      const scratch = await createScratchDatabase(requirePostgresUrl(), "shutdown");
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    } else {
      databaseUrl = `file:${join(tempDir("shutdown"), "pastebox.db")}`;
    }
  });

  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
  });

  test("SIGTERM during counted views and an upload: every answered view is counted, the upload completes, exit 0 within 10 s", async () => {
    server = await startServerProcess({ env: { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: PASSWORD } });
    const { baseUrl } = server;
    const auth = await adminAuthorization(baseUrl, PASSWORD);
    // One unlimited paste (its count is written after the answer, the case a shutdown could lose)
    // and one with a view limit (answered only once committed).
    const unlimited = await callOk(baseUrl, "POST", "/paste", { auth, body: { content: "counted" } });
    const limited = await callOk(baseUrl, "POST", "/paste", { auth, body: { content: "limited", max_views: 100_000 } });

    const bytes = patternBytes(UPLOAD_BYTES, 3);
    const upload = fetch(`${baseUrl}/api/upload-direct/in-flight.bin`, {
      method: "PUT",
      headers: {
        authorization: auth,
        "content-type": "application/octet-stream",
        "content-length": String(bytes.length),
      },
      body: slowBody(bytes, 2),
    });
    let answeredSoFar = 0;
    const views = Array.from({ length: VIEWS }, (_, i) =>
      fetch(`${baseUrl}/api/paste/${(i % 2 ? limited : unlimited).slug}`)
        .then((answer) => {
          answeredSoFar += 1;
          return { slug: i % 2 ? limited.slug : unlimited.slug, ok: answer.status === 200 };
        })
        .catch(() => ({ slug: "", ok: false })),
    );
    // The signal comes once views are being answered, with most of the burst still in flight.
    const waitUntil = Date.now() + 15_000;
    while (answeredSoFar < 20 && Date.now() < waitUntil) await Bun.sleep(5);
    const answeredAtSignal = answeredSoFar;
    const signalled = performance.now();
    server.signal("SIGTERM");
    const exitCode = await server.exited;
    const seconds = (performance.now() - signalled) / 1000;

    const answered = await Promise.all(views);
    expect(answered.filter((view) => view.ok).length).toBeGreaterThanOrEqual(20);
    // The signal came with views still in flight. Those the server had taken in are answered (and counted)
    // before it exits, so all of them may be: a fast run answered 400 of 400.
    expect(answeredAtSignal).toBeLessThan(VIEWS);
    const uploaded = await upload;
    expect(uploaded.status).toBe(201);
    const share = ((await uploaded.json()) as { data: { slug: string } }).data;
    expect({ exitCode, within10s: seconds < 10 }).toEqual({ exitCode: 0, within10s: true });
    console.log(
      `shutdown (${provider}): exit ${exitCode} after ${seconds.toFixed(2)} s; ${answered.filter((view) => view.ok).length} of ${VIEWS} views answered before it`,
    );

    for (const paste of [unlimited, limited]) {
      const answeredViews = answered.filter((view) => view.ok && view.slug === paste.slug).length;
      const [row] = await queryDatabase(provider, databaseUrl, 'SELECT views FROM "Paste" WHERE slug = $1', [
        paste.slug,
      ]);
      expect(Number((row as { views: number }).views)).toBe(answeredViews);
    }
    // No half record: every file share is complete, and the upload's bytes are all there.
    const files = await queryDatabase(provider, databaseUrl, 'SELECT status, size FROM "FileShare"', []);
    expect(files.map((row) => ({ ...row, size: Number((row as { size: number }).size) }))).toEqual([
      { status: "ready", size: UPLOAD_BYTES },
    ]);

    server = await startServerProcess({
      env: { DATABASE_URL: databaseUrl },
      dataDir: server.dataDir,
    });
    const details = await callOk(server.baseUrl, "GET", `/public/files/${share.slug}`);
    const download = await fetch(details.download_url as string);
    expect(sameBytes(new Uint8Array(await download.arrayBuffer()), bytes)).toBe(true);
  }, 60_000);

  test("a second signal ends the process at once", async () => {
    await server?.stop({ keepData: true });
    server = await startServerProcess({ env: { DATABASE_URL: databaseUrl } });
    // A request that holds the first shutdown open: a body that takes 5 s to arrive.
    const auth = await adminAuthorization(server.baseUrl, PASSWORD);
    const held = fetch(`${server.baseUrl}/api/upload-direct/held.bin`, {
      method: "PUT",
      headers: { authorization: auth, "content-length": String(1024 * 1024) },
      body: slowBody(patternBytes(1024 * 1024, 4), 5),
    }).catch(() => null);
    await Bun.sleep(300);
    server.signal("SIGTERM");
    await Bun.sleep(300);
    const second = performance.now();
    server.signal("SIGTERM");
    const exitCode = await server.exited;
    expect(exitCode).toBe(143);
    expect(performance.now() - second).toBeLessThan(1_000);
    await held;
  }, 60_000);
});
