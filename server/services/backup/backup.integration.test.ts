// Backup and restore against real databases on both providers: a backup made under write load
// restores every table as the archive holds it; SQLite -> Postgres -> SQLite answers the API alike;
// damaged, truncated, foreign, newer and wrongly unlocked archives are refused with nothing written.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import superjson from "superjson";
import tar from "tar-stream";
import { createDatabase, type Database, type DatabaseProvider } from "../../db/client";
import {
  createApiClient,
  createApiKey,
  createFileShare,
  createPaste,
  loginAdmin,
  type OpenedPaste,
  type PastePage,
} from "../../test/api-client";
import { asOlderArchive, withHeader } from "../../test/backup-archives";
import { createTestApp, DATABASE_PROVIDERS, type TestApp, tempDir } from "../../test/harness";
import { writeBackup } from "./create";
import { BACKED_UP_MODELS, TRANSIENT_MODELS, tableOf } from "./format";
import { BackupError, restoreBackup, verifyArchive } from "./restore";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function app(provider: DatabaseProvider, overrides: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp(provider, overrides);
  cleanups.push(() => t.cleanup());
  return t;
}

/** A second client on the app's database, as the CLI or a backup job opens one. */
function ownClient(t: TestApp): Database {
  const db = createDatabase(t.config.databaseUrl, t.pgSchema ? { pgSchema: t.pgSchema } : {});
  cleanups.push(() => db.$disconnect());
  return db;
}

function backupOf(t: TestApp, path: string, options: Parameters<typeof writeBackup>[2] = {}) {
  return writeBackup(
    { db: ownClient(t), provider: t.config.databaseProvider, dataDir: t.config.dataDir, secret: t.config.secret },
    path,
    options,
  );
}

function restoreInto(t: TestApp, path: string, options: Parameters<typeof restoreBackup>[2] = {}) {
  return restoreBackup(
    {
      db: t.db,
      provider: t.config.databaseProvider,
      dataDir: t.config.dataDir,
      secret: t.config.secret,
      isSecretFromEnv: true,
      pgSchema: t.pgSchema,
    },
    path,
    options,
  );
}

/** Every backed-up table, rows in key order, with local roots made relative to the data directory. */
async function dumpTables(t: TestApp) {
  const dump: Record<string, unknown[]> = {};
  for (const { model, orderBy } of BACKED_UP_MODELS) {
    const rows = await tableOf(t.db, model).findMany({ orderBy: orderBy.map((field) => ({ [field]: "asc" })) });
    dump[model] = rows.map((row) =>
      typeof row.rootPath === "string" ? { ...row, rootPath: row.rootPath.replace(t.config.dataDir, "<data>") } : row,
    );
  }
  return dump;
}

/** The rows an archive holds, per table, as the restore reads them. */
async function archiveRows(path: string) {
  const rows: Record<string, Record<string, unknown>[]> = {};
  const extract = tar.extract();
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const match = /^db\/([^/]+)\//.exec(entry.header.name);
      if (!match?.[1]) continue;
      const lines = Buffer.concat(chunks).toString("utf8").split("\n").filter(Boolean);
      rows[match[1]] = [
        ...(rows[match[1]] ?? []),
        ...lines.map((line) => superjson.parse<Record<string, unknown>>(line)),
      ];
    }
  })();
  extract.end(readFileSync(path));
  await done;
  return rows;
}

test("every model is backed up or deliberately left out", async () => {
  const { ModelName } = await import("../../db/generated/sqlite/internal/prismaNamespace");
  const listed = [...BACKED_UP_MODELS.map(({ model }) => model), ...TRANSIENT_MODELS].sort();
  expect(listed).toEqual(Object.values(ModelName).sort());
});

for (const provider of DATABASE_PROVIDERS) {
  describe(`backup and restore (${provider})`, () => {
    test("a backup made under write load restores exactly what it holds, and a quiet one every table", async () => {
      const source = await app(provider);
      const api = createApiClient(() => source.app);
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { text_permission: true, file_permission: true });
      await createPaste(api, key.auth, {
        content: "secret words",
        password: "hunter2",
        max_views: 5,
        slug: "locked-one",
      });
      await createFileShare(api, admin, { slug: "the-file" }, "file bytes on disk", "notes.txt");
      const appPassword = await api.call("POST", "/admin/app-passwords", {
        auth: admin,
        body: {
          name: "nas",
          permissions: { text: false, file: false, mount: true },
          basic_path: "/nas",
          read_only: true,
        },
        procedure: "appPasswords.create",
      });

      // Writers keep creating pastes and opening one while the backup runs.
      let writing = true;
      let created = 0;
      const load = (async () => {
        while (writing) {
          await createPaste(api, admin, {
            content: `load ${created}`,
            slug: `load-${String(created).padStart(5, "0")}`,
          });
          created++;
          await api.call<OpenedPaste>("GET", "/paste/locked-one");
        }
      })();
      await Bun.sleep(150);
      const dir = tempDir("backup");
      const underLoad = join(dir, "under-load.tar");
      const summary = await backupOf(source, underLoad, { passphrase: "correct horse" });
      writing = false;
      await load;
      expect(created).toBeGreaterThan(0);
      expect(summary.objects.count).toBe(1);

      // The snapshot holds a prefix of the load's pastes: no paste is missing before the last one it has.
      const held = await archiveRows(underLoad);
      const loadSlugs = (held.Paste ?? []).map((row) => String(row.slug)).filter((slug) => slug.startsWith("load-"));
      expect(loadSlugs).toEqual(loadSlugs.map((_, index) => `load-${String(index).padStart(5, "0")}`));

      const target = await app(provider, { secret: source.config.secret });
      await restoreInto(target, underLoad, { passphrase: "correct horse" });
      const restored = await dumpTables(target);
      for (const { model } of BACKED_UP_MODELS) {
        const expected = (held[model] ?? []).map((row) =>
          typeof row.rootPath === "string"
            ? { ...row, rootPath: row.rootPath.replace(source.config.dataDir, "<data>") }
            : row,
        );
        expect({ model, rows: restored[model] }).toEqual({ model, rows: expected });
      }

      // With the writers stopped, a second backup restores to an install equal to the source, table by table.
      const quiet = join(dir, "quiet.tar");
      await backupOf(source, quiet, { passphrase: "correct horse" });
      const again = await app(provider, { secret: source.config.secret });
      await restoreInto(again, quiet, { passphrase: "correct horse" });
      expect(await dumpTables(again)).toEqual(await dumpTables(source));

      // And what users see works: the password, the key, the file's bytes from local storage.
      const restoredApi = createApiClient(() => again.app);
      const opened = await restoredApi.call("POST", "/paste/locked-one", {
        body: { password: "hunter2" },
        procedure: "pastes.unlock",
      });
      expect(opened.status).toBe(200);
      expect(opened.body.data.content).toBe("secret words");
      expect(
        (await restoredApi.call("GET", "/test/api-key", { auth: key.auth, procedure: "keys.validate" })).status,
      ).toBe(200);
      const file = await restoredApi.call("GET", "/file-download/the-file");
      expect(file.status).toBe(200);
      expect(file.text).toBe("file bytes on disk");
      // The app password signs in again, still confined to its folder and read-only.
      const appLogin = await restoredApi.call("POST", "/admin/login", {
        body: { username: "admin", password: appPassword.body.data.password },
      });
      expect(appLogin.status).toBe(200);
      const kept = await restoredApi.call("GET", "/admin/app-passwords", {
        auth: await loginAdmin(restoredApi),
        procedure: "appPasswords.list",
      });
      expect(kept.body.data.map(({ name, basic_path, read_only }) => ({ name, basic_path, read_only }))).toEqual([
        { name: "nas", basic_path: "/nas", read_only: true },
      ]);
    });

    // Pastes' list preview and length are stored columns since 20261130020000_paste_list_summary; a
    // backup made before has neither in its rows, and the restore computes them (restore.ts): the
    // admin list shows each paste's first 200 characters and its size, "" for an encrypted one.
    test("an archive made before the list's preview and length columns restores them", async () => {
      const source = await app(provider);
      const api = createApiClient(() => source.app);
      const admin = await loginAdmin(api);
      const long = `${"é".repeat(150)}${"z".repeat(300)}`;
      await createPaste(api, admin, { content: long, slug: "long" });
      await createPaste(api, admin, { content: "short one", slug: "short" });
      const dir = tempDir("pre-preview");
      const current = join(dir, "current.tar");
      await backupOf(source, current);
      const older = join(dir, "older.tar");
      writeFileSync(
        older,
        await asOlderArchive(
          readFileSync(current),
          (model, row) => {
            if (model !== "Paste") return row;
            const { preview: _preview, contentLength: _length, ...before } = row;
            return before;
          },
          { schemaLevel: "20261130012522" },
        ),
      );
      const pasteRows = (await archiveRows(older)).Paste ?? [];
      expect(pasteRows).toHaveLength(2);
      for (const row of pasteRows) expect(Object.keys(row)).not.toContain("preview");

      const target = await app(provider, { secret: source.config.secret });
      await restoreInto(target, older);
      const targetApi = createApiClient(() => target.app);
      const listed = await targetApi.call<PastePage>("GET", "/admin/pastes", { auth: await loginAdmin(targetApi) });
      const bySlug = new Map(listed.body.data.map((paste) => [paste.slug, paste]));
      expect({ preview: bySlug.get("long")?.preview, length: bySlug.get("long")?.content_length }).toEqual({
        preview: long.slice(0, 200),
        length: long.length,
      });
      expect({ preview: bySlug.get("short")?.preview, length: bySlug.get("short")?.content_length }).toEqual({
        preview: "short one",
        length: 9,
      });
    });

    test("damaged, truncated, foreign, newer and wrongly unlocked archives are refused, nothing written", async () => {
      const source = await app(provider);
      const api = createApiClient(() => source.app);
      const admin = await loginAdmin(api);
      await createPaste(api, admin, { content: "keep me", slug: "kept" });
      await createFileShare(api, admin, { slug: "bytes" }, "x".repeat(5000), "x.txt");
      const dir = tempDir("refuse");
      const good = join(dir, "good.tar");
      await backupOf(source, good, { passphrase: "pw" });
      const bytes = readFileSync(good);

      const target = await app(provider, { secret: source.config.secret });
      const targetApi = createApiClient(() => target.app);
      const targetAdmin = await loginAdmin(targetApi);
      await createPaste(targetApi, targetAdmin, { content: "already here", slug: "here" });
      const before = await dumpTables(target);

      const variant = (name: string, body: Uint8Array) => {
        const path = join(dir, name);
        writeFileSync(path, body);
        return path;
      };
      const flipped = Buffer.from(bytes);
      const objectAt = flipped.indexOf("xxxxxxxx");
      flipped[objectAt + 100] = "y".charCodeAt(0);
      const cases: [string, string, Parameters<typeof restoreBackup>[2], BackupError["code"]][] = [
        ["corrupt", variant("corrupt.tar", flipped), { passphrase: "pw", force: true }, "corrupt"],
        [
          "truncated",
          variant("cut.tar", bytes.subarray(0, objectAt + 1000)),
          { passphrase: "pw", force: true },
          "truncated",
        ],
        ["not a backup", variant("paste.json", Buffer.from('{"metadata":{},"data":{}}')), { force: true }, "notBackup"],
        [
          "newer",
          variant("newer.tar", await withHeader(bytes, { formatVersion: 99 })),
          { passphrase: "pw", force: true },
          "newerVersion",
        ],
        ["wrong passphrase", good, { passphrase: "not it", force: true }, "wrongPassphrase"],
        ["no passphrase", good, { force: true }, "passphraseRequired"],
        ["not empty", good, { passphrase: "pw" }, "notEmpty"],
      ];
      for (const [label, path, options, code] of cases) {
        const refusal = await restoreInto(target, path, options).then(
          () => null,
          (error: unknown) => error,
        );
        expect({ label, code: refusal instanceof BackupError ? refusal.code : String(refusal) }).toEqual({
          label,
          code,
        });
      }
      expect(await dumpTables(target)).toEqual(before);
      // Forced, it replaces everything.
      await restoreInto(target, good, { passphrase: "pw", force: true });
      expect((await targetApi.call<OpenedPaste>("GET", "/paste/here")).status).toBe(404);
      expect((await targetApi.call<OpenedPaste>("GET", "/paste/kept")).status).toBe(200);
    });
  });
}

describe("a move between databases", () => {
  test("SQLite -> Postgres -> SQLite gives the same answers from the API", async () => {
    const sqlite = await app("sqlite");
    const api = createApiClient(() => sqlite.app);
    const admin = await loginAdmin(api);
    const key = await createApiKey(api, admin, { text_permission: true, basic_path: "/team" });
    await createPaste(api, admin, {
      content: "# Title\n\nbody",
      slug: "md",
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await createPaste(api, key.auth, { content: "locked", password: "pw1", max_views: 3, slug: "locked" });
    await createFileShare(api, admin, { slug: "f1" }, "file one", "one.txt");
    await api.call<OpenedPaste>("GET", "/paste/md");

    const answers = async (t: TestApp) => {
      const call = createApiClient(() => t.app).call;
      const session = await loginAdmin(createApiClient(() => t.app));
      // The local root moves with each install's data directory; everything else must be equal.
      const strip = (answer: { status: number; text: string }) => ({
        status: answer.status,
        body: JSON.parse(answer.text.replaceAll(t.config.dataDir, "<data>")),
      });
      return {
        pastes: strip(await call<PastePage>("GET", "/admin/pastes", { auth: session })),
        keys: strip(await call("GET", "/admin/api-keys", { auth: session, procedure: "keys.list" })),
        files: strip(await call("GET", "/admin/files", { auth: session, procedure: "files.list" })),
        storage: strip(await call("GET", "/s3-configs", { auth: session, procedure: "storage.list" })),
        keyCheck: strip(await call("GET", "/test/api-key", { auth: key.auth, procedure: "keys.validate" })),
        mine: strip(await call<PastePage>("GET", "/user/pastes", { auth: key.auth })),
      };
    };
    const dir = tempDir("move");
    const first = await answers(sqlite);
    await backupOf(sqlite, join(dir, "a.tar"));
    const postgres = await app("postgres", { secret: sqlite.config.secret });
    await restoreInto(postgres, join(dir, "a.tar"));
    expect(await answers(postgres)).toEqual(first);
    await backupOf(postgres, join(dir, "b.tar"));
    const back = await app("sqlite", { secret: sqlite.config.secret });
    await restoreInto(back, join(dir, "b.tar"));
    expect(await answers(back)).toEqual(first);
    expect((await createApiClient(() => back.app).call("GET", "/file-download/f1")).text).toBe("file one");
  });
});

test("verifyArchive reads the manifest's counts", async () => {
  const t = await app("sqlite");
  const path = join(tempDir("verify"), "v.tar");
  await backupOf(t, path);
  const { manifest, secret } = await verifyArchive(path);
  expect(secret).toBeNull();
  expect(manifest.rows.Admin).toBe(1);
  expect(manifest.rows.StorageConfig).toBe(1);
});
