// A restore from the admin panel (docs/decisions/0015-restore-from-the-panel.md) on SQLite and
// Postgres: a backup uploaded to a real server process is verified at once and kept, the data is not
// there until the server restarts, and after the restart it is (pastes, API keys under the backup's
// sealed secret, the admin's app password) with the pending files gone. Every refusal (not a backup,
// damaged, cut short, newer, no or a wrong passphrase, an install with data) says why in the
// admin's language and keeps nothing; a second upload waits for the first; cancelling deletes it.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startServerProcess } from "../../../scripts/test/server-process";
import { createDatabase } from "../../db/client";
import { writeBackup } from "../../services/backup/create";
import { PENDING_ARCHIVE, PENDING_DETAILS } from "../../services/backup/restore-marker";
import { createApiClient, createApiKey, createPaste, loginAdmin, type StagedRestore } from "../../test/api-client";
import { withHeader } from "../../test/backup-archives";
import {
  createTestApp,
  DATABASE_PROVIDERS,
  processDatabaseUrl,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  tempDir,
} from "../../test/harness";

const PASSPHRASE = "panel restore passphrase ✓";
const PASSPHRASE_HEADER = "X-Backup-Passphrase";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function app(provider: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(provider);
  cleanups.push(() => t.cleanup());
  return t;
}

/** An install with a paste, an API key and an app password, backed up with a passphrase to `path`. */
async function sourceBackup(provider: Parameters<typeof createTestApp>[0], path: string) {
  const source = await app(provider);
  const api = createApiClient(() => source.app);
  const admin = await loginAdmin(api);
  const key = await createApiKey(api, admin, { text_permission: true });
  await createPaste(api, key.auth, { content: "restored from the panel", slug: "from-the-panel" });
  const appPassword = await api.call("POST", "/admin/app-passwords", {
    auth: admin,
    body: { name: "nas", permissions: { text: true, file: false, mount: false } },
    procedure: "appPasswords.create",
  });
  const db = createDatabase(source.config.databaseUrl, source.pgSchema ? { pgSchema: source.pgSchema } : {});
  cleanups.push(() => db.$disconnect());
  await writeBackup({ db, provider, dataDir: source.config.dataDir, secret: source.config.secret }, path, {
    passphrase: PASSPHRASE,
  });
  return { key, appPassword: appPassword.body.data.password as string };
}

const pendingFiles = (dataDir: string) =>
  [PENDING_ARCHIVE, PENDING_DETAILS].filter((name) => existsSync(join(dataDir, name)));
const spooled = (dataDir: string) => {
  const folder = join(dataDir, "tmp", "restores");
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe.each(DATABASE_PROVIDERS)("restore from the admin panel on %s", (provider) => {
  test("uploaded and verified now, applied when the spawned server restarts; the data is there", async () => {
    const archive = join(tempDir("panel-restore"), "site.tar");
    const { key, appPassword } = await sourceBackup(provider, archive);

    // The target: a real server on an empty install with a secret of its own (DATA_DIR/secret.key).
    const dataDir = tempDir("panel-target");
    const env: Record<string, string> = { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    if (provider === "postgres") env.DATABASE_URL = processDatabaseUrl(await app(provider));
    let server = await startServerProcess({ dataDir, env });
    cleanups.push(() => server.stop());
    const api = createApiClient(() => server.baseUrl);
    const admin = await loginAdmin(api);
    const secretBefore = readFileSync(join(dataDir, "secret.key"), "utf8");

    const uploaded = await api.call<StagedRestore>("POST", "/admin/backups/restore", {
      auth: admin,
      body: new Uint8Array(readFileSync(archive)),
      headers: { [PASSPHRASE_HEADER]: encodeURIComponent(PASSPHRASE), "content-type": "application/octet-stream" },
    });
    expect(uploaded.status).toBe(202);
    expect(uploaded.body.data).toMatchObject({ secret_included: true, other_secret: false, source_provider: provider });
    expect(uploaded.body.data.tables.Paste).toBe(1);
    expect(pendingFiles(dataDir)).toEqual([PENDING_ARCHIVE, PENDING_DETAILS]);
    // The passphrase is never kept; the secret only sealed.
    const details = readFileSync(join(dataDir, PENDING_DETAILS), "utf8");
    expect(details).not.toContain(PASSPHRASE);
    expect(details).not.toContain(encodeURIComponent(PASSPHRASE));
    const status = await api.call("GET", "/admin/backups/status", { auth: admin, procedure: "backups.status" });
    expect(status.body.data.pending_restore?.rows).toBe(uploaded.body.data.rows);
    // Nothing changed yet.
    expect((await api.call("GET", "/raw/from-the-panel")).status).toBe(404);

    await server.stop({ keepData: true });
    server = await startServerProcess({ dataDir, env });
    expect(server.output()).not.toContain("did not finish");
    const raw = await api.call("GET", "/raw/from-the-panel");
    expect(raw.text).toBe("restored from the panel");
    // The backup's secret is the server's now: the key and the app password work as they did.
    expect(readFileSync(join(dataDir, "secret.key"), "utf8")).not.toBe(secretBefore);
    expect((await api.call("GET", "/test/api-key", { auth: key.auth, procedure: "keys.validate" })).status).toBe(200);
    const appLogin = await api.call("POST", "/admin/login", { body: { username: "admin", password: appPassword } });
    expect(appLogin.status).toBe(200);
    expect(pendingFiles(dataDir)).toEqual([]);
    const after = await api.call("GET", "/admin/backups/status", {
      auth: await loginAdmin(api),
      procedure: "backups.status",
    });
    expect(after.body.data.pending_restore).toBeNull();
  }, 180_000);

  test("every refusal says why, in the admin's language, and keeps nothing; cancel deletes a pending one", async () => {
    const archive = join(tempDir("panel-refuse"), "site.tar");
    await sourceBackup(provider, archive);
    const bytes = readFileSync(archive);
    const t: TestApp = await app(provider);
    const api = createApiClient(() => t.app);
    const admin = await loginAdmin(api);
    const upload = (body: Uint8Array, options: { passphrase?: string; force?: boolean; lang?: string } = {}) =>
      api.call<StagedRestore>("POST", `/admin/backups/restore?force=${options.force ?? true}`, {
        auth: admin,
        body,
        lang: options.lang,
        headers:
          options.passphrase === undefined ? {} : { [PASSPHRASE_HEADER]: encodeURIComponent(options.passphrase) },
      });

    const flipped = Buffer.from(bytes);
    const at = flipped.indexOf("restored from the panel");
    flipped[at] = "R".charCodeAt(0);
    const cases: [string, Uint8Array, { passphrase?: string; force?: boolean; lang?: string }, number, string][] = [
      ["not a backup", new TextEncoder().encode('{"metadata":{}}'), {}, 400, "not a Pastebox backup"],
      ["damaged", flipped, { passphrase: PASSPHRASE }, 400, "damaged"],
      ["cut short", bytes.subarray(0, Math.floor(bytes.length / 2)), { passphrase: PASSPHRASE }, 400, "incomplete"],
      ["newer", await withHeader(bytes, { formatVersion: 99 }), { passphrase: PASSPHRASE }, 400, "newer version"],
      ["no passphrase", bytes, {}, 400, "enter its passphrase"],
      ["wrong passphrase", bytes, { passphrase: "not the passphrase" }, 400, "Wrong passphrase"],
      ["wrong, in Chinese", bytes, { passphrase: "not the passphrase", lang: "zh" }, 400, "口令错误"],
      ["empty body", new Uint8Array(), {}, 400, ""],
    ];
    for (const [label, body, options, status, message] of cases) {
      const answer = await upload(body, options);
      expect({ label, status: answer.status, says: String(answer.body?.message).includes(message) }).toEqual({
        label,
        status,
        says: true,
      });
      expect({ label, kept: pendingFiles(t.config.dataDir), spooled: spooled(t.config.dataDir) }).toEqual({
        label,
        kept: [],
        spooled: [],
      });
    }

    // An install with data is refused unless forced.
    await createPaste(api, admin, { content: "already here", slug: "here" });
    const notEmpty = await upload(bytes, { passphrase: PASSPHRASE, force: false });
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.message).toContain("already has data");
    expect(pendingFiles(t.config.dataDir)).toEqual([]);

    const forced = await upload(bytes, { passphrase: PASSPHRASE, force: true });
    expect(forced.status).toBe(202);
    const second = await upload(bytes, { passphrase: PASSPHRASE, force: true });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain("already waiting");
    const cancelled = await api.call("DELETE", "/admin/backups/restore", {
      auth: admin,
      procedure: "backups.cancelRestore",
    });
    expect(cancelled.body.data).toEqual({ cancelled: true });
    expect(pendingFiles(t.config.dataDir)).toEqual([]);
    const none = await api.call("GET", "/admin/backups/restore", { auth: admin, procedure: "backups.pendingRestore" });
    expect(none.body.data).toBeNull();
    // Only the admin uploads: no caller, no upload.
    expect(
      (await api.call<StagedRestore>("POST", "/admin/backups/restore", { body: new Uint8Array(bytes) })).status,
    ).toBe(401);
  }, 120_000);
});
