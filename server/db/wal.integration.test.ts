// The SQLite write-ahead log stays bounded while the server runs (docs/security.md, the WAL row): counted views
// used to add one page (~4 KB) to the WAL each, forever. SQLite only: Postgres has no WAL file of ours.
import { Database } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { TEST_ADMIN_PASSWORD, useTestApp } from "../test/harness";
import { sqliteFilePath } from "./migrate";
import { openWalCheckpointer, WAL_CHECKPOINT_THRESHOLD_BYTES } from "./wal-checkpoint";

const MIB = 1024 * 1024;

describe("the SQLite WAL", () => {
  const { t } = useTestApp("sqlite");
  let admin: string;
  let dbPath: string;
  const walSize = () => statSync(`${dbPath}-wal`).size;

  async function createPaste(slug: string, maxViews = 0) {
    const created = await t.request("POST", "/api/paste", {
      headers: { authorization: admin },
      body: { content: "counted ".repeat(100), slug, max_views: maxViews },
    });
    expect(created.status).toBe(201);
  }

  /** `times` views, `concurrency` at once (views asked for together are committed together). */
  async function view(path: string, times: number, concurrency = 100) {
    for (let i = 0; i < times; i += concurrency) {
      const answers = await Promise.all(Array.from({ length: concurrency }, () => t.request("GET", path)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
    }
  }

  beforeAll(async () => {
    dbPath = sqliteFilePath(t.config.databaseUrl);
    const login = await t.request("POST", "/api/admin/login", {
      body: { username: "admin", password: TEST_ADMIN_PASSWORD },
    });
    admin = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;
  });

  test("5,000 counted views (JSON and raw) leave it under 8 MiB, and every view is counted", async () => {
    await createPaste("wal-views");
    await view("/api/paste/wal-views", 2_500);
    await view("/api/raw/wal-views", 2_500);
    // Before the fix each view left a 4 KB frame behind: 5,000 views made a 20 MB log.
    expect(walSize()).toBeLessThan(8 * MIB);
    // A log the automatic checkpoint keeps small is left alone: the periodic one would only sync the
    // files on the event loop.
    expect(walSize()).toBeLessThanOrEqual(WAL_CHECKPOINT_THRESHOLD_BYTES);
    const checkpoints = openWalCheckpointer(t.config.databaseUrl);
    try {
      expect(checkpoints?.checkpointIfGrown()).toBeNull();
    } finally {
      checkpoints?.close();
    }
    const answer = await t.request("GET", "/api/paste/wal-views");
    expect(((await answer.json()) as { data: { views: number } }).data.views).toBe(5_001);
  }, 60_000);

  test("a log that a long reader let grow is emptied by the periodic checkpoint once the reader is gone", async () => {
    // A limited paste: each view is committed before it is answered (an unlimited paste's views are
    // written in groups, db/view-counter/view-counter.ts), so one view at a time is one commit.
    await createPaste("wal-reader", 10_000);
    // A reader that keeps one snapshot open stops SQLite from restarting the log.
    const reader = new Database(dbPath, { readonly: true });
    reader.exec("BEGIN");
    reader.query("SELECT count(*) FROM Paste").all();
    // One at a time: each view its own commit, so the log grows by a page per view.
    await view("/api/paste/wal-reader", 3_000, 1);
    expect(walSize()).toBeGreaterThan(WAL_CHECKPOINT_THRESHOLD_BYTES);

    const checkpoints = openWalCheckpointer(t.config.databaseUrl);
    if (!checkpoints) throw new Error("SQLite has a checkpointer");
    try {
      // While the snapshot is held the checkpoint reports busy and loses nothing.
      expect(checkpoints.checkpointIfGrown()?.busy).toBe(true);
      reader.exec("COMMIT");
      reader.close();
      expect(checkpoints.checkpoint()).toMatchObject({ busy: false, walFrames: 0 });
      expect(walSize()).toBe(0);
    } finally {
      checkpoints.close();
    }
    const answer = await t.request("GET", "/api/paste/wal-reader");
    expect(((await answer.json()) as { data: { views: number } }).data.views).toBe(3_001);
  }, 60_000);
});
