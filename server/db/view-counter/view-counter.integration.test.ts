// The view counter's contract (docs/decisions/0011-view-counter.md): the same cases (expiry boundary,
// view limit, burn after reading, password, concurrency) run through each counter the provider has
// (SQLite: the counting thread and the Prisma form; Postgres: the Prisma form) and through the full
// path (services/pastes/pastes.ts viewPaste), on SQLite and Postgres. The counter decides whether a delivery
// may happen, so its two forms of the rule must agree with each other and with the service.
import { Database as Sqlite } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startServerProcess } from "../../../scripts/test/server-process";
import { pasteSummaryColumns } from "../../services/pastes/paste-summary";
import { viewPaste } from "../../services/pastes/pastes";
import { createTestApp, DATABASE_PROVIDERS, type TestApp } from "../../test/harness";
import { sqliteFilePath } from "../migrate";
import { createPrismaViewCounter, createSqliteViewCounter, type ViewCounter } from "./view-counter";

const NOW = new Date("2030-06-01T12:00:00.000Z");
const ms = (offset: number) => new Date(NOW.getTime() + offset);

type Row = { expiresAt?: Date | null; maxViews?: number; views?: number; password?: boolean };
type Case = { name: string; row: Row; unlocked?: boolean; counts: boolean };

const CASES: Case[] = [
  { name: "no expiry, no limit", row: {}, counts: true },
  { name: "expires 1 ms after now", row: { expiresAt: ms(1) }, counts: true },
  { name: "expires exactly now (expired)", row: { expiresAt: ms(0) }, counts: false },
  { name: "expired 1 ms before now", row: { expiresAt: ms(-1) }, counts: false },
  { name: "one view left of 3", row: { maxViews: 3, views: 2 }, counts: true },
  { name: "3 of 3 views used", row: { maxViews: 3, views: 3 }, counts: false },
  { name: "burn after reading, unread", row: { maxViews: 1, views: 0 }, counts: true },
  { name: "burn after reading, read", row: { maxViews: 1, views: 1 }, counts: false },
  { name: "unlimited with many views", row: { maxViews: 0, views: 1_000_000 }, counts: true },
  { name: "protected, not unlocked", row: { password: true }, counts: false },
  { name: "protected, unlocked", row: { password: true }, unlocked: true, counts: true },
  {
    name: "protected, unlocked, but used up",
    row: { password: true, maxViews: 1, views: 1 },
    unlocked: true,
    counts: false,
  },
];

describe.each(DATABASE_PROVIDERS)("the view counter on %s", (provider) => {
  let t: TestApp;
  let slugs = 0;
  const counters: [string, ViewCounter][] = [];

  async function createRow(row: Row) {
    const slug = `vc-${provider}-${++slugs}`;
    await t.db.paste.create({
      data: {
        slug,
        content: `content of ${slug}`,
        ...pasteSummaryColumns(`content of ${slug}`, false),
        passwordHash: row.password ? await Bun.password.hash("right", { algorithm: "argon2id", timeCost: 1 }) : null,
        expiresAt: row.expiresAt ?? null,
        maxViews: row.maxViews ?? 0,
        views: row.views ?? 0,
        createdBy: "admin:test",
      },
    });
    return slug;
  }
  const viewsOf = async (slug: string) => (await t.db.paste.findUnique({ where: { slug } }))?.views;

  beforeAll(async () => {
    t = await createTestApp(provider);
    counters.push(["Prisma", createPrismaViewCounter(t.db)]);
    if (provider === "sqlite") counters.push(["SQLite thread", createSqliteViewCounter(t.config.databaseUrl)]);
  });
  afterAll(async () => {
    for (const [, counter] of counters) await counter.close();
    await t.cleanup();
  });

  for (const c of CASES) {
    test(`${c.name}: ${c.counts ? "counts" : "does not count"}, through every counter and the full path`, async () => {
      for (const [name, counter] of counters) {
        const slug = await createRow(c.row);
        const before = c.row.views ?? 0;
        const counted = await counter.count(slug, NOW, { unlocked: c.unlocked });
        expect({ name, counted: counted !== null }).toEqual({ name, counted: c.counts });
        // A limited paste's view is written before it is answered; an unlimited one's may follow it.
        if ((c.row.maxViews ?? 0) === 0) await counter.settled();
        expect(await viewsOf(slug)).toBe(c.counts ? before + 1 : before);
        if (counted) {
          expect(counted).toMatchObject({ slug, content: `content of ${slug}`, views: before + 1 });
          expect(counted.expiresAt).toEqual(c.row.expiresAt ?? null);
          expect(counted.hasPassword).toBe(c.row.password === true);
        }
      }
      // The full path with the same clock: what a visitor gets.
      const slug = await createRow(c.row);
      const request = { slug, clientIp: `10.77.${slugs}.1`, password: c.unlocked ? "right" : undefined };
      const outcome = await viewPaste(t, request, NOW).then(
        (view) => (view.content === null ? "locked" : "delivered"),
        (error: { code?: string }) => error.code,
      );
      const gone = c.row.expiresAt !== undefined || (c.row.maxViews ?? 0) > 0;
      expect(outcome).toBe(c.counts ? "delivered" : c.row.password && !c.unlocked ? "locked" : gone ? "GONE" : "?");
    });
  }

  test("an absent paste counts nothing: null from every counter, 404 from the full path", async () => {
    for (const [, counter] of counters) expect(await counter.count("vc-nobody", NOW)).toBeNull();
    await expect(viewPaste(t, { slug: "vc-nobody", clientIp: "10.77.0.1" }, NOW)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("60 views at once against max_views=10: exactly 10 counted, by each counter and by the full path", async () => {
    for (const [, counter] of counters) {
      const slug = await createRow({ maxViews: 10 });
      const results = await Promise.all(Array.from({ length: 60 }, () => counter.count(slug, NOW)));
      expect(results.filter((row) => row !== null).length).toBe(10);
      expect(results.flatMap((row) => (row ? [row.views] : [])).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 1),
      );
      expect(await viewsOf(slug)).toBe(10);
    }
    const slug = await createRow({ maxViews: 10 });
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () =>
        viewPaste(t, { slug, clientIp: "10.77.0.2" }, NOW).then(
          () => "delivered",
          (error: { code?: string }) => error.code,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "delivered").length).toBe(10);
    expect(outcomes.every((outcome) => outcome === "delivered" || outcome === "GONE" || outcome === "NOT_FOUND")).toBe(
      true,
    );
  });

  test("views of an unlimited paste, 50 at once then 5 one after another, are numbered 1-55 and all written", async () => {
    for (const [name, counter] of counters) {
      const slug = await createRow({});
      const together = await Promise.all(Array.from({ length: 50 }, () => counter.count(slug, NOW)));
      const numbers = together.map((row) => row?.views);
      for (let i = 0; i < 5; i++) numbers.push((await counter.count(slug, NOW))?.views);
      expect({ name, numbers: numbers.sort((a = 0, b = 0) => a - b) }).toEqual({
        name,
        numbers: Array.from({ length: 55 }, (_, i) => i + 1),
      });
      await counter.settled();
      expect(await viewsOf(slug)).toBe(55);
    }
  });

  if (provider === "sqlite") {
    test("closing the thread writes the views of unlimited pastes delivered before it", async () => {
      const counter = createSqliteViewCounter(t.config.databaseUrl);
      const slug = await createRow({});
      await Promise.all(Array.from({ length: 3 }, () => counter.count(slug, NOW)));
      await counter.close();
      expect(await viewsOf(slug)).toBe(3);
    });
  }

  test("two counters racing (as two server processes would) still count exactly max_views", async () => {
    // The counter the server uses on this provider, and a second one with its own connection.
    const [, first] = counters.at(-1) as [string, ViewCounter];
    const second =
      provider === "sqlite" ? createSqliteViewCounter(t.config.databaseUrl) : createPrismaViewCounter(t.db);
    try {
      const slug = await createRow({ maxViews: 7 });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).count(slug, NOW)),
      );
      expect(results.filter((row) => row !== null).length).toBe(7);
      expect(await viewsOf(slug)).toBe(7);
    } finally {
      await second.close();
    }
  });

  if (provider === "sqlite") {
    test("dates stored in other forms compare as instants, not as text", async () => {
      // The Prisma adapter writes "...+00:00"; older versions wrote "Z", its unixepoch-ms option integer
      // milliseconds, and any SQLite tool may write another offset. All name the same instants.
      const db = new Sqlite(sqliteFilePath(t.config.databaseUrl));
      const [, thread] = counters.find(([name]) => name === "SQLite thread") as [string, ViewCounter];
      const forms: [string, string | number, boolean][] = [
        ["Z, exactly now", "2030-06-01T12:00:00.000Z", false],
        ["Z, 1 ms later", "2030-06-01T12:00:00.001Z", true],
        ["+02:00, exactly now", "2030-06-01T14:00:00.000+02:00", false],
        ["+02:00, 1 ms later", "2030-06-01T14:00:00.001+02:00", true],
        ["-05:00, an hour earlier", "2030-06-01T06:00:00.000-05:00", false],
        ["integer ms, exactly now", NOW.getTime(), false],
        ["integer ms, 1 ms later", NOW.getTime() + 1, true],
      ];
      try {
        for (const [name, stored, counts] of forms) {
          const slug = await createRow({ expiresAt: ms(60_000) });
          db.query('UPDATE "Paste" SET "expiresAt" = ? WHERE "slug" = ?').run(stored, slug);
          const counted = await thread.count(slug, NOW);
          expect({ name, counted: counted !== null }).toEqual({ name, counted: counts });
          if (counted) expect(counted.expiresAt?.getTime()).toBe(NOW.getTime() + 1);
        }
      } finally {
        db.close();
      }
    });
  }
});

test("the server shuts down through the counting thread: its connection closes and shutdown finishes", async () => {
  const server = await startServerProcess({ env: { ADMIN_PASSWORD: "shutdown-test-password", LOG_LEVEL: "info" } });
  try {
    expect((await fetch(`${server.baseUrl}/api/raw/nothing-here`)).status).toBe(404);
  } finally {
    await server.stop({ keepData: true });
  }
  // Before close() held the thread, the process ended while waiting for it, before "stopped".
  expect(server.output()).toContain("stopped");
  expect(existsSync(join(server.dataDir, "pastebox.db-wal"))).toBe(false);
  rmSync(server.dataDir, { recursive: true, force: true });
}, 60_000);
