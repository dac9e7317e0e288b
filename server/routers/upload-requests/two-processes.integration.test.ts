// Upload request limits across processes: two servers on one Postgres database, 20 senders split between
// them against "at most 5 files": exactly 5 are kept, because each slot is taken by one conditional UPDATE
// of the shared row. Postgres only: a second server cannot start on a SQLite file another one has open
// (its start-up migration times out on the lock), so SQLite is one process by design; the in-process
// tests (upload-requests.integration.test.ts) check the same UPDATE on SQLite under 20 parallel senders.
import { afterAll, describe, expect, test } from "bun:test";
import { createScratchDatabase } from "../../../scripts/hardening/kit";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../../../scripts/test/server-process";
import { requirePostgresUrl, TEST_ADMIN_PASSWORD } from "../../test/harness";

describe("upload request limits across two processes on postgres", () => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.allSettled(servers.map((server) => server.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  test("20 senders through two servers against at most 5 files leave exactly 5", async () => {
    const database = await createScratchDatabase(requirePostgresUrl(), "uploadreq");
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    // One after the other: the first migrates the database.
    servers.push(await startServerProcess({ env }));
    servers.push(await startServerProcess({ env }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const authorization = await adminAuthorization(a.baseUrl, TEST_ADMIN_PASSWORD);
    const storages = await fetch(`${a.baseUrl}/api/s3-configs`, { headers: { authorization } });
    const storageId = ((await storages.json()) as { data: { id: string; is_default: boolean }[] }).data.find(
      (storage) => storage.is_default,
    )?.id;
    const created = await fetch(`${a.baseUrl}/api/upload-requests`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ storage_config_id: storageId, max_files: 5, max_file_size: 100, max_total_size: 1000 }),
    });
    expect(created.status).toBe(201);
    const { slug, id } = ((await created.json()) as { data: { slug: string; id: string } }).data;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const form = new FormData();
        form.set("file", new File([`sender ${index}`], `from-${index}.txt`));
        const server = index % 2 === 0 ? a : b;
        return (
          await fetch(`${server.baseUrl}/api/public/upload-requests/${slug}/files`, { method: "POST", body: form })
        ).status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const detail = await fetch(`${b.baseUrl}/api/upload-requests/${id}`, { headers: { authorization } });
    const request = ((await detail.json()) as { data: { files_count: number; files: unknown[] } }).data;
    expect(request.files_count).toBe(5);
    expect(request.files).toHaveLength(5);
  }, 120_000);
});
