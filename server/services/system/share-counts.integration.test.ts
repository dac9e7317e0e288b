// The counts the database keeps of pastes and file shares (ShareCount, docs/admin-lists.md) against the
// rows themselves, on both databases: after creates, deletes, expiry, the sweep's purge and status
// changes running at once, and after a backup is restored over a database that changed since.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createDatabase, type Database, driverConnectionOf } from "../../db/client";
import { driverQuery } from "../../db/driver-query";
import { createApiClient, createApiKey, createFileShare, createPaste, loginAdmin } from "../../test/api-client";
import { createTestApp, DATABASE_PROVIDERS, type TestApp, tempDir } from "../../test/harness";
import { countsAndRows } from "../../test/share-counts";
import { writeBackup } from "../backup/create";
import { restoreBackup } from "../backup/restore";
import { purgeGonePastes } from "../pastes/pastes";
import { shareSums } from "./dashboard-counts";
import { countFilesByStorage, countShares } from "./share-counts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function expectExact(db: Database) {
  const { rows, counted, pasteTotal, fileTotal } = await countsAndRows(db);
  expect(counted).toEqual(rows);
  expect((await countShares(db, { kind: "paste" })).rows).toBe(pasteTotal);
  expect((await countShares(db, { kind: "file" })).rows).toBe(fileTotal);
}

for (const provider of DATABASE_PROVIDERS) {
  describe(`share counts (${provider})`, () => {
    let t: TestApp;

    test("stay exact through concurrent creates, deletes, expiry, purges and status changes", async () => {
      t = await createTestApp(provider);
      cleanups.push(() => t.cleanup());
      const api = createApiClient(() => t.app);
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { text_permission: true, file_permission: true });

      const pastes = await Promise.all(
        Array.from({ length: 16 }, (_, i) => createPaste(api, i % 2 ? key.auth : admin, { content: `paste ${i}` })),
      );
      const files = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createFileShare(api, i % 2 ? key.auth : admin, {}, "x".repeat(10 + i))),
      );
      await expectExact(t.db);

      // Everything at once: more creates, deletes through the API, pastes expiring and the sweep
      // purging them, and file shares going "gone" (their object deleted through a mount).
      const toExpire = pastes.slice(0, 5).map((paste) => paste.id);
      await t.db.paste.updateMany({
        where: { id: { in: toExpire } },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => createPaste(api, i % 2 ? admin : key.auth, { content: `more ${i}` })),
        ...pastes
          .slice(5, 10)
          .map((paste) =>
            api
              .call("DELETE", `/admin/pastes/${paste.id}`, { auth: admin, procedure: "pastes.delete" })
              .then((a) => a.status),
          ),
        purgeGonePastes(t.db),
        purgeGonePastes(t.db),
        ...files
          .slice(0, 3)
          .map((file) => api.call("DELETE", `/admin/files/${file.id}`, { auth: admin, procedure: "files.delete" })),
        t.db.fileShare.updateMany({
          where: { id: { in: files.slice(3, 5).map((f) => f.id) } },
          data: { status: "gone" },
        }),
        createFileShare(api, admin, {}, "late file"),
      ]);
      expect(await t.db.paste.count()).toBe(14);
      await expectExact(t.db);
      const byStorage = await countFilesByStorage(t.db, ["ready"]);
      const readyRows = await t.db.fileShare.groupBy({
        by: ["storageConfigId"],
        where: { status: "ready" },
        _count: { _all: true },
      });
      expect(Object.fromEntries(byStorage)).toEqual(
        Object.fromEntries(readyRows.map((row) => [row.storageConfigId, row._count._all])),
      );
    });

    test("are exact after a backup is restored over a database that changed since", async () => {
      const api = createApiClient(() => t.app);
      const admin = await loginAdmin(api);
      const archive = join(tempDir("share-counts"), "backup.tar");
      const own = createDatabase(t.config.databaseUrl, t.pgSchema ? { pgSchema: t.pgSchema } : {});
      cleanups.push(() => own.$disconnect());
      await writeBackup({ db: own, provider, dataDir: t.config.dataDir, secret: t.config.secret }, archive);
      const before = await countsAndRows(t.db);
      await Promise.all(Array.from({ length: 5 }, (_, i) => createPaste(api, admin, { content: `after ${i}` })));
      await t.db.paste.deleteMany({ where: { content: { startsWith: "more" } } });
      await restoreBackup(
        {
          db: t.db,
          provider,
          dataDir: t.config.dataDir,
          secret: t.config.secret,
          isSecretFromEnv: true,
          pgSchema: t.pgSchema,
        },
        archive,
        { force: true },
      );
      await expectExact(t.db);
      expect((await countsAndRows(t.db)).counted).toEqual(before.counted);
      if (provider === "postgres") {
        // The restored tables are planned from statistics taken at once, not when autovacuum comes by.
        const analyzed = await driverQuery(
          await driverConnectionOf(t.db),
          `SELECT "relname" FROM pg_stat_user_tables WHERE "schemaname" = ?1 AND "last_analyze" IS NOT NULL ORDER BY 1`,
          [t.pgSchema],
        );
        expect(analyzed.map((row) => row.relname)).toEqual(["FileShare", "Paste", "ShareCount"]);
      }
    });

    if (provider === "postgres") {
      // A restore or an import writes thousands of shares a statement. Each share used to change its
      // bucket's row once, every change a new version of the row that stays until the transaction ends:
      // 1,000,000 shares made ShareCount 120 MB for 5,762 rows, and each list total and the dashboard
      // read all of it (docs/performance.md "Admin lists").
      test("thousands of shares written in one statement leave the counts a few pages to read", async () => {
        const driver = await driverConnectionOf(t.db);
        const storage = await t.db.storageConfig.findFirstOrThrow({ select: { id: true } });
        const pagesRead = async () => {
          const [row] = await driverQuery(
            driver,
            `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT "kind", "status", SUM("rows") FROM {ShareCount} GROUP BY "kind", "status"`,
            [],
          );
          const [explained] = (row?.["QUERY PLAN"] ?? []) as { Plan: Record<string, number> }[];
          const plan = explained?.Plan ?? {};
          return (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
        };
        // 20,000 of each over two creators and 20 quarter hours, files in two statuses.
        const spread = `generate_series(1, 20000) AS i`;
        const at = `(now() AT TIME ZONE 'UTC') - ((i % 20) * interval '15 minutes')`;
        await driverQuery(
          driver,
          `INSERT INTO {Paste} ("id", "slug", "content", "preview", "contentLength", "createdBy", "createdAt", "updatedAt")
           SELECT 'bulk-paste-' || i, 'bulkp' || i, 'x', 'x', 1, 'bulk:' || (i % 2), ${at}, ${at} FROM ${spread}`,
          [],
        );
        await driverQuery(
          driver,
          `INSERT INTO {FileShare} ("id", "slug", "filename", "mimetype", "size", "storageConfigId", "storagePath", "status", "createdBy", "createdAt", "updatedAt")
           SELECT 'bulk-file-' || i, 'bulkf' || i, 'f.txt', 'text/plain', i, ?1, 'bulk/' || i,
             CASE WHEN i % 3 = 0 THEN 'gone' ELSE 'ready' END, 'bulk:' || (i % 2), ${at}, ${at} FROM ${spread}`,
          [storage.id],
        );
        await expectExact(t.db);
        // The dashboard's sums read every page of ShareCount: 160 rows, a page or two (433 pages when
        // each share changed its bucket's row).
        expect(await pagesRead()).toBeLessThanOrEqual(4);
        const sums = await shareSums(t.db, []);
        expect(sums.pastes.rows).toBe(await t.db.paste.count());

        await driverQuery(driver, `DELETE FROM {Paste} WHERE "id" LIKE 'bulk-paste-%'`, []);
        await driverQuery(driver, `DELETE FROM {FileShare} WHERE "id" LIKE 'bulk-file-%' AND "status" = 'gone'`, []);
        await expectExact(t.db);
        expect(await pagesRead()).toBeLessThanOrEqual(4);
      });
    }
  });
}
