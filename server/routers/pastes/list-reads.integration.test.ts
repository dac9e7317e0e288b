// A page of the paste lists reads no paste's content (docs/admin-lists.md "Rows without their
// content"): the list's 200-character preview and the content's length are columns of their own,
// written with the content. Before, every list page (the admin's, a key's own, the CloudPaste routes,
// tRPC, a search's page) read the whole content of every listed paste to cut the preview from it: a
// page of 200 pastes of 10 MiB read about 2 GiB into the server.
//
// Measured where the database does the reading, on three list pages over 12 pastes of 4 MiB:
// - SQLite: the app's connection maps the database file (db/client.ts), so every page of content it
//   reads stays resident in the process; the file's resident pages must not grow. Before: +48.9 MiB.
//   Reading any column stored after a large value also walks all its overflow pages, so "content"
//   must be the table's last column (the second test).
// - Postgres: a large content lives in the table's TOAST relation; the list must read none of its
//   blocks (pg_statio_user_tables, for this test's schema). Before: 11,572 blocks (90 MiB).
import { Database as SqliteFile } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import { createPasteInput } from "@shared/schemas/pastes";
import { PrismaBunSqlite } from "prisma-adapter-bun-sqlite";
import type { Database } from "../../db/client";
import { PrismaClient } from "../../db/generated/sqlite/client";
import { sqliteFilePath } from "../../db/migrate";
import type { AuthState } from "../../services/auth/sessions";
import { createPaste as createPasteRow } from "../../services/pastes/pastes";
import { createApiKey, createPaste, loginAdmin, type PastePage } from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";
import { residentMappedBytes } from "../../test/mapped-pages";

const MIB = 1024 * 1024;
const PASTES = 12;
/**
 * How long until every backend's table statistics are reported: Postgres (15 and later) reports a
 * backend's pending counts at most once a second, and a backend that goes idle within that second
 * reports them after its idle interval, 10 s. A shorter wait counted the creations' own TOAST reads,
 * reported late, as the list's (3,680 blocks in one run).
 */
const STATS_SETTLE_MS = 11_000;

/** A Prisma client of its own on the SQLite file (no map), for writes the app's connection does not see. */
async function ownSqliteWriter(databaseUrl: string) {
  const db = new PrismaClient({ adapter: new PrismaBunSqlite({ url: databaseUrl }) }) as unknown as Database;
  return {
    db,
    async close() {
      await db.$disconnect();
      const file = new SqliteFile(sqliteFilePath(databaseUrl));
      try {
        // The pages leave the write-ahead log (read, never mapped) for the database file.
        file.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } finally {
        file.close();
      }
    },
  };
}

const adminAuth = (adminId: string): AuthState => ({
  type: "admin",
  adminId,
  username: "admin",
  sessionId: "list-reads",
});

const keyAuth = (keyId: string): AuthState => ({
  type: "apikey",
  keyId,
  name: "list-reads",
  basicPath: "/",
  permissions: { text: true, file: false, mount: false },
  mountReadOnly: false,
  sessionId: null,
});

/**
 * About 4 MiB, opening with characters beyond U+FFFF. On Postgres random hex, which its compression
 * cannot shrink into the row; on SQLite words, which its trigram search index takes in well under a
 * second (random text costs it seconds per MiB, a cost this test does not measure).
 */
function largeContent(provider: string, index: number): string {
  const body =
    provider === "postgres"
      ? Buffer.from(crypto.getRandomValues(new Uint8Array(2 * MIB))).toString("hex")
      : "words of a long paste ".repeat((4 * MIB) / 22);
  return `${"😀é".repeat(120)} paste ${index} ${body}`;
}

describe.each(DATABASE_PROVIDERS)("a page of large pastes on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin = "";
  let key = "";
  const contents = new Map<string, string>();

  beforeAll(async () => {
    admin = await loginAdmin(api);
    const created = await createApiKey(api, admin, { text_permission: true });
    key = created.auth;
    // On SQLite the pastes are written through a client of their own, which maps nothing, and moved
    // from the write-ahead log into the database file: the app's connection has then read none of
    // their pages, as after a restart, and what a list reads shows in its mapped pages.
    const writer = provider === "sqlite" ? await ownSqliteWriter(t.config.databaseUrl) : null;
    // The pastes' TOAST rows (thousands of inserted chunks) start an autovacuum of the TOAST table within
    // a minute, whose reads count in the same statistics as a list's (12,620 blocks in one run).
    if (provider === "postgres") {
      await t.db.$executeRawUnsafe(
        `ALTER TABLE "${t.pgSchema}"."Paste" SET (autovacuum_enabled = false, toast.autovacuum_enabled = false)`,
      );
    }
    const adminRow = await t.db.admin.findFirstOrThrow({ select: { id: true } });
    for (let index = 0; index < PASTES; index++) {
      const content = largeContent(provider, index);
      const asKey = index % 3 === 0;
      if (writer) {
        const auth = asKey ? keyAuth(created.id) : adminAuth(adminRow.id);
        const paste = await createPasteRow({ ...t, db: writer.db }, auth, createPasteInput.parse({ content }));
        contents.set(paste.slug, content);
      } else {
        contents.set((await createPaste(api, asKey ? key : admin, { content })).slug, content);
      }
    }
    await writer?.close();
  }, 120_000);

  /** The admin's list page (every paste), a key's own, and the admin's by cursor: what a list reads. */
  async function listAll() {
    const pages: PastePage[] = [];
    for (const [path, auth] of [
      ["/admin/pastes?limit=200", admin],
      ["/user/pastes?limit=200", key],
      ["/admin/pastes?limit=5&page=2", admin],
    ] as const) {
      const answer = await call<PastePage>("GET", path, { auth });
      expect(answer.status).toBe(200);
      pages.push(answer.body.data);
    }
    return pages;
  }

  // Registered on one provider each: the test command counts a skipped test as failed. The SQLite one
  // runs first: a list before it would have mapped the pages it measures.
  if (provider === "sqlite") {
    test("listing them leaves none of their content mapped into the server: the file's resident pages grow under 8 MiB", async () => {
      const file = sqliteFilePath(t.config.databaseUrl);
      const before = residentMappedBytes(file);
      await listAll();
      expect(residentMappedBytes(file) - before).toBeLessThan(8 * MIB);
    });

    test("content is the last column of Paste, so reading the others walks none of its overflow pages", async () => {
      const columns = (
        await t.db.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM pragma_table_info('Paste')`)
      ).map((column) => column.name);
      expect(columns.at(-1)).toBe("content");
    });
  }

  if (provider === "postgres") {
    test("listing them reads no block of their content (the table's TOAST relation)", async () => {
      const toastBlocks = async () => {
        // A fresh snapshot of the statistics, not the one this session read last.
        await t.db.$executeRawUnsafe("SELECT pg_stat_clear_snapshot()");
        const [row] = await t.db.$queryRawUnsafe<{ blocks: bigint | number | null }[]>(
          `SELECT coalesce(toast_blks_read, 0) + coalesce(toast_blks_hit, 0) AS "blocks"
             FROM pg_statio_user_tables WHERE schemaname = $1 AND relname = 'Paste'`,
          t.pgSchema,
        );
        return Number(row?.blocks ?? 0);
      };
      // The creations' own reads reported first.
      await Bun.sleep(STATS_SETTLE_MS);
      const before = await toastBlocks();
      await listAll();
      await Bun.sleep(STATS_SETTLE_MS);
      const listed = await toastBlocks();
      expect(listed - before).toBe(0);
      // The measure sees a read of content: opening one paste reads its blocks.
      const [slug] = contents.keys();
      expect((await call("GET", `/paste/${slug}`)).status).toBe(200);
      await Bun.sleep(STATS_SETTLE_MS);
      expect((await toastBlocks()) - listed).toBeGreaterThan(100);
    }, 60_000);
  }

  test("the lists show each paste's first 200 characters and its length, as before", async () => {
    const [all, own] = await listAll();
    expect(all).toHaveLength(PASTES);
    expect(own).toHaveLength(PASTES / 3);
    for (const listed of [...(all ?? []), ...(own ?? [])]) {
      const content = contents.get(listed.slug) ?? "";
      expect(listed.preview).toBe(content.slice(0, 200));
      expect(listed.content_length).toBe(content.length);
      expect(listed).not.toHaveProperty("content");
    }
  });

  test("an edit's new content is what the lists show next", async () => {
    const paste = await createPaste(api, admin, { content: "before the edit" });
    const edited = `${"é😀".repeat(150)} after`;
    const changed = await call("PUT", `/admin/pastes/${paste.id}`, { auth: admin, body: { content: edited } });
    expect(changed.status).toBe(200);
    const found = await call<PastePage>("GET", `/admin/pastes?search=${encodeURIComponent("after")}`, { auth: admin });
    expect(found.body.data).toEqual([
      expect.objectContaining({ slug: paste.slug, preview: edited.slice(0, 200), content_length: edited.length }),
    ]);
  });
});
