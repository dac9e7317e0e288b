// The admin's Backups routes on both databases: "create now" runs the backup job with the passphrase
// choice and shows its progress and result; the archive is listed, downloads whole and verifies with
// its passphrase (or holds no secret when none was given); delete removes it; names that are not the
// server's own are refused; the CloudPaste import of an uploaded file reports first and writes only
// when asked, and a file that is not CloudPaste's is a 400 in the caller's language.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDatabase } from "../../db/client";
import { backupJob } from "../../services/backup/backup-job";
import { restoreBackup, verifyArchive } from "../../services/backup/restore";
import { createJobLedger } from "../../services/jobs/ledger";
import { createScheduler } from "../../services/jobs/scheduler";
import { type CloudPasteImportReport, createPaste, createS3Storage, loginAdmin } from "../../test/api-client";
import { createTestApp, DATABASE_PROVIDERS, type TestApp, tempDir, useTestApp } from "../../test/harness";

const fixture = (name: string) => join(import.meta.dir, "../../services/backup/cloudpaste/fixtures", name);

/** The backup job on a test's database (its Postgres schema too), as main registers it. */
const backupJobOn = (t: TestApp, pattern?: string) =>
  backupJob({
    config: t.config,
    db: t.db,
    reads: t.reads,
    storage: t.storage,
    openDatabase: () => createDatabase(t.config.databaseUrl, t.pgSchema ? { pgSchema: t.pgSchema } : {}),
    pattern,
  });

describe.each(DATABASE_PROVIDERS)("admin backups on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  /** The admin's CloudPaste import of an uploaded `body`: a dry run unless `real`. */
  const importCloudPaste = (body: Uint8Array, options: { real?: boolean; headers?: Record<string, string> } = {}) =>
    call<CloudPasteImportReport>("POST", `/admin/backups/cloudpaste-import${options.real ? "?dry_run=false" : ""}`, {
      auth: admin,
      body,
      headers: options.headers,
    });

  beforeAll(async () => {
    t.scheduler.register(backupJobOn(t));
    admin = await loginAdmin(api);
  });

  async function finishedOverview() {
    for (let i = 0; i < 300; i++) {
      const answer = await api.procedure("backups.overview", undefined, { auth: admin });
      expect(answer.status).toBe(200);
      if (answer.body.data.running === null && answer.body.data.last_run) return answer.body.data;
      await Bun.sleep(50);
    }
    throw new Error("the backup did not finish");
  }

  test("create now with a passphrase: listed, downloaded whole, opens with the passphrase only", async () => {
    await createPaste(api, admin, { content: "kept in the backup" });
    const started = await api.procedure(
      "backups.create",
      { passphrase: "correct horse battery", include_objects: true },
      { auth: admin },
    );
    expect(started.status).toBe(202);
    const overview = await finishedOverview();
    expect(overview.last_run?.status).toBe("succeeded");
    const result = JSON.parse(overview.last_run?.result ?? "{}");
    expect(result.secretIncluded).toBe(true);
    expect(overview.archives).toHaveLength(1);
    const [archive] = overview.archives;
    expect(archive?.name).toBe(result.name);
    expect(archive?.location).toBe("disk");

    const download = await call("GET", `/admin/backups/disk/${archive?.name}/download`, { auth: admin });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(archive?.name ?? "?");
    expect(download.bytes.length).toBe(archive?.size ?? -1);
    const copy = join(tempDir("backup-download"), "copy.tar");
    writeFileSync(copy, download.bytes);
    const verified = await verifyArchive(copy, { passphrase: "correct horse battery" });
    expect(verified.secret).toBe(t.config.secret);
    expect(verified.manifest.rows.Paste).toBe(1);
    expect(await verifyArchive(copy, { passphrase: "wrong horse battery" }).catch((error) => error.code)).toBe(
      "wrongPassphrase",
    );
  });

  test("create now without a passphrase leaves the secret out; delete removes the archive", async () => {
    const started = await api.procedure(
      "backups.create",
      { passphrase: null, include_objects: false },
      { auth: admin },
    );
    expect(started.status).toBe(202);
    const overview = await finishedOverview();
    const result = JSON.parse(overview.last_run?.result ?? "{}");
    expect(result.secretIncluded).toBe(false);
    expect(overview.archives.map((archive) => archive.name)).toContain(result.name);
    const path = join(t.config.dataDir, "backups", result.name);
    expect((await verifyArchive(path)).secret).toBeNull();

    const removed = await api.procedure("backups.remove", { location: "disk", name: result.name }, { auth: admin });
    expect(removed.status).toBe(200);
    const after = await api.procedure("backups.overview", undefined, { auth: admin });
    expect(after.body.data.archives.map((archive) => archive.name)).not.toContain(result.name);
    const again = await api.procedure("backups.remove", { location: "disk", name: result.name }, { auth: admin });
    expect(again.status).toBe(404);
  });

  test("a passphrase too short, a name that is a path and a stranger are refused", async () => {
    const short = await api.procedure(
      "backups.create",
      { passphrase: "short", include_objects: true },
      { auth: admin },
    );
    expect(short.status).toBe(400);
    const traversal = await call("GET", "/admin/backups/disk/..%2F..%2Fsecret.key/download", { auth: admin });
    expect(traversal.status).toBe(400);
    const missing = await call("GET", "/admin/backups/disk/pastebox-20200101-000000.tar/download", { auth: admin });
    expect(missing.status).toBe(404);
    const stranger = await call("GET", "/admin/backups", {});
    expect(stranger.status).toBe(401);
    const strangerImport = await call<CloudPasteImportReport>("POST", "/admin/backups/cloudpaste-import", {
      body: new Uint8Array([1]),
    });
    expect(strangerImport.status).toBe(401);
  });

  test("CloudPaste import of an upload: the dry run writes nothing, the real run imports, twice is once", async () => {
    const body = new Uint8Array(readFileSync(fixture("cloudpaste-1.9.1-modules.json")));
    const headers = { "content-type": "application/octet-stream" };
    const pastesBefore = await t.db.paste.count();
    const dry = await importCloudPaste(body, { headers });
    expect(dry.status).toBe(200);
    expect(dry.body.data.dry_run).toBe(true);
    expect(dry.body.data.source).toEqual({ kind: "backup", schema_version: 34 });
    const pasteItems = dry.body.data.items.filter((item: { kind: string }) => item.kind === "paste");
    expect(pasteItems.map((item: { name: string; action: string }) => [item.name, item.action])).toContainEqual([
      "team-notes",
      "import",
    ]);
    expect(await t.db.paste.count()).toBe(pastesBefore);

    const real = await importCloudPaste(body, { real: true, headers });
    expect(real.status).toBe(200);
    expect(real.body.data.dry_run).toBe(false);
    expect(await t.db.paste.count({ where: { slug: "team-notes" } })).toBe(1);
    const twice = await importCloudPaste(body, { real: true, headers });
    const again = twice.body.data.items.find((item) => item.name === "team-notes");
    expect(again).toMatchObject({ action: "skip", note: "already imported" });
    expect(await t.db.paste.count({ where: { slug: "team-notes" } })).toBe(1);

    // The report speaks the admin's language, notes and unmapped values alike.
    const chinese = await importCloudPaste(body, { headers: { ...headers, "accept-language": "zh-CN" } });
    const notes = chinese.body.data.items.flatMap((item: { note?: string }) => (item.note ? [item.note] : []));
    expect(notes).toContain("已导入");
    expect(notes.join("\n")).not.toMatch(/already|imported|exists/);
    expect(chinese.body.data.unmapped.join("\n")).not.toMatch(/not imported|no place|unlisted/);
  });

  test("a file that is not CloudPaste's is refused with a message in the caller's language", async () => {
    const body = new TextEncoder().encode("just some text");
    const english = await importCloudPaste(body);
    expect(english.status).toBe(400);
    expect(english.body.message).toContain("cannot be imported");
    const chinese = await importCloudPaste(body, { headers: { "accept-language": "zh-CN" } });
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toContain("无法导入");
    const empty = await importCloudPaste(new Uint8Array());
    expect(empty.status).toBe(400);
  });
});

describe.each(DATABASE_PROVIDERS)("scheduled backups to S3 on %s", (provider) => {
  const { t, api } = useTestApp(provider);
  let admin: string;
  /** The apps a test restores into, beside the one it backs up. */
  const targets: TestApp[] = [];

  beforeAll(async () => {
    admin = await loginAdmin(api);
  });
  afterAll(async () => {
    for (const target of targets) await target.cleanup();
  });

  test("a daily backup to an S3 storage config is created, pruned to keep, listed, downloaded and restored", async () => {
    await createPaste(api, admin, { content: "off-site copy", slug: `offsite-${provider}` });
    const bucket = await createS3Storage(api, admin, { is_public: false });
    const setSchedule = await api.procedure(
      "backups.setSchedule",
      {
        frequency: "daily",
        hour: new Date().getUTCHours(),
        keep: 1,
        location: bucket.id,
        include_objects: true,
        passphrase: "scheduled passphrase",
      },
      { auth: admin },
    );
    expect(setSchedule.status).toBe(200);
    expect(setSchedule.body.data.has_passphrase).toBe(true);
    const stored = await t.db.systemSetting.findUniqueOrThrow({ where: { key: "backup_schedule" } });
    expect(stored.value).not.toContain("scheduled passphrase");

    // Another process's scheduler, on a pattern of every second; the schedule (daily, this hour) says which run.
    const ledger = createJobLedger(t.config.databaseUrl, t.db);
    const scheduler = createScheduler({ ledger, logger: t.logger });
    scheduler.register(backupJobOn(t, "* * * * * *"));
    await scheduler.start();
    try {
      for (let i = 0; i < 600; i++) {
        const done = await t.db.jobRun.count({ where: { job: "backup", trigger: "schedule", status: "succeeded" } });
        if (done >= 2) break;
        await Bun.sleep(50);
      }
    } finally {
      await scheduler.stop();
      ledger.close();
    }
    const runs = await t.db.jobRun.findMany({ where: { job: "backup", trigger: "schedule" } });
    expect(runs.filter((run) => run.status === "failed").map((run) => run.result)).toEqual([]);
    expect(runs.filter((run) => run.status === "succeeded").length).toBeGreaterThanOrEqual(2);

    const overview = await api.procedure("backups.overview", undefined, { auth: admin });
    const offsite = overview.body.data.archives.filter((archive) => archive.location === bucket.id);
    // keep: 1, so the older scheduled archive was deleted from the bucket.
    expect(offsite).toHaveLength(1);
    expect(offsite[0]?.location_name).toBe(bucket.name);
    expect(overview.body.data.next_scheduled_at).not.toBeNull();
    // What the dashboard reads: the same last run and next slot, without listing the bucket.
    const status = await api.procedure("backups.status", undefined, { auth: admin });
    expect(status.body.data.last_run?.status).toBe("succeeded");
    expect(status.body.data.next_scheduled_at).toEqual(overview.body.data.next_scheduled_at);
    expect((await api.call("GET", "/admin/backups/status", { procedure: "backups.status" })).status).toBe(401);
    const name = offsite[0]?.name ?? "";
    const download = await api.call("GET", `/admin/backups/${bucket.id}/${name}/download`, { auth: admin });
    expect(download.status).toBe(200);
    const copy = join(tempDir("offsite"), name);
    writeFileSync(copy, download.bytes);

    const target = await createTestApp(provider);
    targets.push(target);
    const summary = await restoreBackup(
      {
        db: target.db,
        provider,
        dataDir: target.config.dataDir,
        secret: target.config.secret,
        isSecretFromEnv: false,
        pgSchema: target.pgSchema,
      },
      copy,
      { passphrase: "scheduled passphrase", force: true },
    );
    expect(summary.secretWritten).toBe(true);
    const restored = await target.db.paste.findUnique({ where: { slug: `offsite-${provider}` } });
    expect(restored?.content).toBe("off-site copy");
  });
});
