// The security audit log on SQLite and Postgres (docs/security.md, "Audit log"): what the admin does
// and what a guesser tries are listed newest first; the filters (event, outcome, address, period)
// narrow the list and the export alike; a cursor pages through equal timestamps without a gap or a
// repeat; the export is one JSON file streamed a page at a time; nobody but the admin reads either;
// and the daily job removes what is older than 90 days and nothing newer.
import { describe, expect, test } from "bun:test";
import { AUDIT_RETENTION_DAYS } from "@shared/audit-events";
import { AUDIT_EXPORT_PAGE, purgeOldAuditEvents } from "../../services/auth/audit-log";
import { AUDIT_PURGE_JOB } from "../../services/jobs/system-jobs";
import { type ApiAnswer, createApiKey, type OutputOf } from "../../test/api-client";
import { DATABASE_PROVIDERS, processDatabaseUrl, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";
import { runSystemJob } from "../../test/system-jobs";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASE_PROVIDERS)("audit log on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  const guesser = provider === "sqlite" ? "198.51.100.7" : "198.51.100.8";
  let admin = "";

  /** Rows written straight to the table, at known times, for the filter and paging checks. */
  async function seed(rows: { at: Date; event?: string; success?: boolean; ip?: string; detail?: string }[]) {
    await t.db.auditEvent.createMany({
      data: rows.map((row) => ({
        createdAt: row.at,
        event: row.event ?? "login",
        success: row.success ?? true,
        method: "password",
        ipAddress: row.ip ?? "192.0.2.1",
        userAgent: "seed",
        detail: row.detail ?? null,
      })),
    });
  }

  test("a failed guess, the sign-in and a new API key are listed newest first, with address and scope", async () => {
    const wrong = await call("POST", "/admin/login", {
      body: { username: "admin", password: "not-the-password" },
      ip: guesser,
    });
    expect(wrong.status).toBe(401);
    const login = await call("POST", "/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
      ip: "192.0.2.50",
      procedure: "admin.login",
    });
    admin = `Bearer ${login.body.data.token}`;
    const key = await call("POST", "/admin/api-keys", {
      auth: admin,
      body: { name: "backup script", mount_permission: true, mount_read_only: true, basic_path: "/nas" },
      ip: "192.0.2.50",
      procedure: "keys.create",
    });
    expect(key.status).toBe(201);

    const listed = await call("GET", "/admin/audit", { auth: admin, procedure: "audit.list" });
    expect(listed.status).toBe(200);
    const [newest, signIn, guess] = listed.body.data.items;
    expect(newest).toMatchObject({ event: "api_key.create", success: true, ip_address: "192.0.2.50" });
    expect(newest?.detail).toBe("backup script: mount read-only at /nas");
    expect(signIn).toMatchObject({ event: "login", success: true, method: "password", ip_address: "192.0.2.50" });
    expect(guess).toMatchObject({ event: "login", success: false, method: "password", ip_address: guesser });
    expect(listed.body.data.next_cursor).toBeNull();

    const removed = await call("DELETE", `/admin/api-keys/${key.body.data.id}`, { auth: admin });
    expect(removed.status).toBe(200);
    const after = await call("GET", "/admin/audit?limit=1", { auth: admin, procedure: "audit.list" });
    expect(after.body.data.items[0]).toMatchObject({ event: "api_key.delete", detail: "backup script" });
  });

  test("filters: event and outcome, the start of an address, and a period from (inclusive) to (exclusive)", async () => {
    const base = Date.UTC(2030, 0, 10, 12);
    await seed([
      { at: new Date(base), ip: "203.0.113.5", success: false },
      { at: new Date(base + 1000), ip: "203.0.113.6", event: "passkey.add" },
      { at: new Date(base + 2000), ip: "203.0.114.9", success: false },
      { at: new Date(base + DAY_MS), ip: "203.0.113.7", success: false },
    ]);
    const query = async (search: string) => {
      const answer = await call("GET", `/admin/audit?${search}`, { auth: admin, procedure: "audit.list" });
      expect(answer.status).toBe(200);
      return answer.body.data.items.map((item) => `${item.event}@${item.ip_address}`);
    };
    expect(await query("address=203.0.113.&event=login&outcome=failure")).toEqual([
      "login@203.0.113.7",
      "login@203.0.113.5",
    ]);
    expect(await query("address=203.0.11&outcome=success")).toEqual(["passkey.add@203.0.113.6"]);
    const from = new Date(base + 1000).toISOString();
    const to = new Date(base + DAY_MS).toISOString();
    expect(await query(`from=${from}&to=${to}`)).toEqual(["login@203.0.114.9", "passkey.add@203.0.113.6"]);
  });

  test("a cursor pages through events of one same instant without a gap or a repeat", async () => {
    const instant = new Date(Date.UTC(2031, 5, 1));
    await seed(Array.from({ length: 7 }, (_, index) => ({ at: instant, ip: "100.64.0.1", detail: `same ${index}` })));
    await seed([{ at: new Date(instant.getTime() - 1000), ip: "100.64.0.1", detail: "before" }]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const search: URLSearchParams = new URLSearchParams({
        address: "100.64.0.1",
        limit: "3",
        ...(cursor ? { cursor } : {}),
      });
      const page: ApiAnswer<OutputOf<"audit.list">> = await call("GET", `/admin/audit?${search}`, {
        auth: admin,
        procedure: "audit.list",
      });
      expect(page.status).toBe(200);
      expect(page.body.data.items.length).toBeLessThanOrEqual(3);
      for (const item of page.body.data.items) seen.push(item.detail ?? "");
      cursor = page.body.data.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen.at(-1)).toBe("before");
  });

  test("bad filters and cursors are refused with 400 in the caller's language; nobody but the admin reads", async () => {
    const unknown = await call("GET", "/admin/audit?event=nonsense", { auth: admin, lang: "zh" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("请选择审计日志记录的事件之一");
    const backwards = await call("GET", "/admin/audit?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z", {
      auth: admin,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain("must come after its start");
    const exportBackwards = await call("GET", "/admin/audit/export?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z", {
      auth: admin,
    });
    expect(exportBackwards.status).toBe(400);
    const badCursor = await call("GET", "/admin/audit?cursor=not-a-cursor", { auth: admin });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toContain("cursor is not valid");
    const tooMany = await call("GET", "/admin/audit?limit=100000", { auth: admin });
    expect(tooMany.status).toBe(400);

    const { auth: keyAuth } = await createApiKey(api, admin, {
      name: "everything",
      text_permission: true,
      file_permission: true,
      mount_permission: true,
    });
    expect((await call("GET", "/admin/audit", { auth: keyAuth, procedure: "audit.list" })).status).toBe(403);
    expect((await call("GET", "/admin/audit/export", { auth: keyAuth })).status).toBe(403);
    const made = await call("POST", "/admin/app-passwords", {
      auth: admin,
      body: { name: "all areas", permissions: { text: true, file: true, mount: true } },
      procedure: "appPasswords.create",
    });
    const scoped = await call("POST", "/admin/login", {
      body: { username: "admin", password: made.body.data.password },
      procedure: "admin.login",
    });
    const scopedAuth = `Bearer ${scoped.body.data.token}`;
    expect((await call("GET", "/admin/audit", { auth: scopedAuth, procedure: "audit.list" })).status).toBe(403);
    expect((await call("GET", "/admin/audit/export", { auth: scopedAuth })).status).toBe(403);
    expect((await call("GET", "/admin/audit/export")).status).toBe(401);
  });

  test("the export is one JSON file of what the filters match, newest first, streamed page by page", async () => {
    const start = Date.UTC(2032, 2, 1);
    const count = AUDIT_EXPORT_PAGE * 2 + 37;
    await seed(
      Array.from({ length: count }, (_, index) => ({
        at: new Date(start + index * 1000),
        ip: "100.100.1.1",
        success: index % 2 === 0,
        detail: `row ${index}`,
      })),
    );
    const response = await t.app.fetch(
      new Request("http://localhost/api/admin/audit/export?address=100.100.1.1", { headers: { authorization: admin } }),
      "127.0.0.1",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="pastebox-audit-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    // Each page of rows arrives as a chunk of its own: the server never held the whole export.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    const file = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    expect(file.filters).toEqual({ address: "100.100.1.1" });
    expect(typeof file.exported_at).toBe("string");
    expect(file.events).toHaveLength(count);
    expect(file.events[0].detail).toBe(`row ${count - 1}`);
    expect(file.events.at(-1).detail).toBe("row 0");

    const failures = await call("GET", "/admin/audit/export?address=100.100.1.1&outcome=failure", { auth: admin });
    expect(failures.status).toBe(200);
    const failed = JSON.parse(failures.text).events as { success: boolean }[];
    expect(failed).toHaveLength(Math.floor(count / 2));
    expect(failed.every((event) => !event.success)).toBe(true);

    const nothing = await call("GET", "/admin/audit/export?address=10.255.255.", { auth: admin });
    expect(JSON.parse(nothing.text).events).toEqual([]);
  });

  test("the purge removes what is older than 90 days and keeps the rest", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await seed([
      { at: daysAgo(AUDIT_RETENTION_DAYS + 1), ip: "100.65.0.1", detail: "too old" },
      { at: daysAgo(AUDIT_RETENTION_DAYS - 1), ip: "100.65.0.1", detail: "still kept" },
    ]);
    const before = await t.db.auditEvent.count();
    const { removed } = await purgeOldAuditEvents(t.db, now);
    expect(removed).toBe(1);
    expect(await t.db.auditEvent.count()).toBe(before - removed);
    const left = await call("GET", "/admin/audit?address=100.65.0.1", { auth: admin, procedure: "audit.list" });
    expect(left.body.data.items.map((item) => item.detail)).toEqual(["still kept"]);
  });

  test("the daily audit-purge job runs the purge in a child process", async () => {
    // The child opens the database by URL: on Postgres the URL names the test's schema.
    await seed([{ at: new Date(Date.now() - (AUDIT_RETENTION_DAYS + 5) * DAY_MS), ip: "100.66.0.1" }]);
    const run = await runSystemJob(processDatabaseUrl(t), AUDIT_PURGE_JOB);
    expect(run.schedule).toBe("17 4 * * *");
    expect(run.result).toEqual({ removed: 1 });
    expect(run.log).toEqual(["removed 1 audit events older than 90 days"]);
    expect(await t.db.auditEvent.count({ where: { ipAddress: "100.66.0.1" } })).toBe(0);
  });
});
