// The admin dashboard's statistics on SQLite and Postgres, against seeded data: share counts with the
// services' expiry rule (time OR view limit), storage use per config against its capacity, keys,
// mounts, and the per-day activity in UTC and at a client's offset, over REST and tRPC.
import { beforeAll, describe, expect, test } from "bun:test";
import superjson from "superjson";
import { driverConnectionOf } from "../../db/client";
import { driverSql } from "../../db/driver-query";
import { pasteSummaryColumns } from "../../services/pastes/paste-summary";
import { getDashboardStats } from "../../services/system/dashboard";
import { smallCountsStatement } from "../../services/system/dashboard-counts";
import { createApiKey, loginAdmin, present } from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The calendar date of an instant at `offset` minutes east of UTC. */
const localDate = (instant: number, offset = 0) => new Date(instant + offset * 60_000).toISOString().slice(0, 10);

describe.each(DATABASE_PROVIDERS)("dashboard stats on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  let defaultStorageId: string;
  let secondStorageId: string;
  const seededAt = Date.now();
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}${provider.slice(0, 2)}${++sequence}${crypto.randomUUID().slice(0, 6)}`;

  function seedPaste(fields: { expiresAt?: Date | null; maxViews?: number; views?: number; createdAt?: Date }) {
    return t.db.paste.create({
      data: {
        slug: unique("p"),
        content: "hello",
        ...pasteSummaryColumns("hello", false),
        createdBy: "admin:test",
        ...fields,
      },
      select: { id: true },
    });
  }

  function seedFile(
    storageConfigId: string,
    fields: {
      size: number;
      status?: string;
      expiresAt?: Date | null;
      maxViews?: number;
      views?: number;
      createdAt?: Date;
    },
  ) {
    const slug = unique("f");
    return t.db.fileShare.create({
      data: {
        slug,
        filename: `${slug}.bin`,
        mimetype: "application/octet-stream",
        storageConfigId,
        storagePath: `seed/${slug}.bin`,
        createdBy: "admin:test",
        ...fields,
        size: BigInt(fields.size),
      },
      select: { id: true },
    });
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
    const storage = await t.db.storageConfig.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
    defaultStorageId = storage.id;
    const second = await t.db.storageConfig.create({
      data: {
        name: "Small disk",
        providerType: "local",
        rootPath: `${t.config.dataDir}/small`,
        totalStorageBytes: 1000n,
        createdBy: "admin:test",
      },
      select: { id: true },
    });
    secondStorageId = second.id;

    const now = seededAt;
    // Pastes: 2 active, 1 past its expiry, 1 with its views used up.
    await seedPaste({});
    await seedPaste({ expiresAt: new Date(now + DAY), maxViews: 3, views: 1, createdAt: new Date(now - 3 * DAY) });
    await seedPaste({ expiresAt: new Date(now - HOUR), createdAt: new Date(now - 3 * DAY) });
    await seedPaste({ maxViews: 2, views: 2, createdAt: new Date(now - 10 * DAY) });
    // Files: 1 active (100 B), 1 expired (50 B), 1 used up (25 B), and an upload still in flight (400 B),
    // which is not a share yet but does take its declared space.
    await seedFile(defaultStorageId, { size: 100 });
    await seedFile(secondStorageId, { size: 50, expiresAt: new Date(now - HOUR), createdAt: new Date(now - 3 * DAY) });
    await seedFile(secondStorageId, { size: 25, maxViews: 1, views: 1, createdAt: new Date(now - 10 * DAY) });
    await seedFile(secondStorageId, { size: 400, status: "uploading" });
    // What the storages hold (their usage records): the shares' objects, and on the second 300 B of
    // other objects (files a mount shows, put there outside the app).
    await t.db.storageUsage.upsert({
      where: { storageConfigId: defaultStorageId },
      create: { storageConfigId: defaultStorageId, usedBytes: 100n },
      update: { usedBytes: 100n },
    });
    await t.db.storageUsage.create({ data: { storageConfigId: secondStorageId, usedBytes: 375n } });
    // Keys: one without expiry, one expired, one expiring later.
    for (const expiresAt of [null, new Date(now - HOUR), new Date(now + DAY)]) {
      await t.db.apiKey.create({
        data: { name: unique("k"), keyHash: unique("h"), keyPrefix: "pb_", expiresAt },
        select: { id: true },
      });
    }
    // Mounts: one active, one switched off.
    for (const isActive of [true, false]) {
      await t.db.mount.create({
        data: {
          name: unique("m"),
          mountPath: `/${unique("m")}`,
          storageType: "local",
          storageConfigId: defaultStorageId,
          isActive,
          createdBy: "admin:test",
        },
        select: { id: true },
      });
    }
  });

  test("counts match the seeded data and the services' expiry rule", async () => {
    const answer = await call("GET", "/admin/dashboard/stats", { auth: admin, procedure: "dashboard.stats" });
    expect(answer.status).toBe(200);
    const stats = answer.body.data;
    expect(stats.pastes).toMatchObject({ total: 4, active: 2, expired: 2 });
    expect(stats.files).toMatchObject({ total: 3, active: 1, expired: 2, total_bytes: 175, totalSize: "175B" });
    expect(stats.storage).toEqual({ configs: 2, mounts: 2 });
    expect(stats.apiKeys).toEqual({ total: 3, active: 2, expired: 1 });
    expect(stats.mounts).toEqual({ total: 2, active: 1, inactive: 1 });
    expect(new Date(stats.generated_at).getTime()).toBeGreaterThanOrEqual(seededAt);
  });

  test("storage use per config, against its capacity (unlimited is null)", async () => {
    const { body } = await call("GET", "/admin/dashboard/stats", { auth: admin, procedure: "dashboard.stats" });
    const storage = body.data.storage_configs as Record<string, unknown>[];
    // The default comes first.
    expect(storage.map((row) => row.id)).toEqual([defaultStorageId, secondStorageId]);
    expect(storage[0]).toMatchObject({ is_default: true, provider_type: "local", used_bytes: 100, file_count: 1 });
    expect(storage[0]).toMatchObject({ total_bytes: null });
    expect(storage[1]).toEqual({
      id: secondStorageId,
      name: "Small disk",
      provider_type: "local",
      is_default: false,
      // 375 B held plus the 400 B upload in flight.
      used_bytes: 775,
      file_count: 3,
      total_bytes: 1000,
    });
    // The same figure the storage-config module and the capacity check use.
    const configs = await call("GET", "/s3-configs", { auth: admin, procedure: "storage.list" });
    const second = (configs.body.data as { id: string; used_storage_bytes: number }[]).find(
      (row) => row.id === secondStorageId,
    );
    expect(second?.used_storage_bytes).toBe(775);
  });

  test("the last 7 days in UTC by default, oldest first, uploads in flight left out", async () => {
    const { body } = await call("GET", "/admin/dashboard/stats", { auth: admin, procedure: "dashboard.stats" });
    const { activity } = body.data;
    expect(activity.tz_offset).toBe(0);
    expect(activity.days).toHaveLength(7);
    const dates = activity.days.map((day: { date: string }) => day.date);
    expect(dates.at(-1)).toBe(localDate(Date.now()));
    expect(dates[0]).toBe(localDate(Date.now() - 6 * DAY));
    expect([...dates].sort()).toEqual(dates);
    const on = (date: string) =>
      present(
        activity.days.find((day) => day.date === date),
        date,
      );
    expect(on(localDate(seededAt))).toMatchObject({ pastes: 1, files: 1 });
    expect(on(localDate(seededAt - 3 * DAY))).toMatchObject({ pastes: 2, files: 1 });
    // Ten days ago is outside the window.
    const sum = (field: "pastes" | "files") => activity.days.reduce((total, day) => total + day[field], 0);
    expect(sum("pastes")).toBe(3);
    expect(sum("files")).toBe(2);
  });

  test("days follow the client's offset at their local midnights", async () => {
    // 02:00 UTC on 10 March is 10:00 on 10 March at UTC+8.
    const now = new Date("2020-03-10T02:00:00Z");
    const rows = [
      // 01:00 on the 10th at UTC+8, still the 9th in UTC.
      await seedPaste({ createdAt: new Date("2020-03-09T17:00:00Z") }),
      // 00:30 on the 4th at UTC+8: the first day of that window; the 3rd in UTC, outside its window.
      await seedPaste({ createdAt: new Date("2020-03-03T16:30:00Z") }),
      // 23:59 on the 3rd at UTC+8: outside both windows.
      await seedPaste({ createdAt: new Date("2020-03-03T15:59:00Z") }),
    ];
    const files = [
      await seedFile(defaultStorageId, { size: 1, createdAt: new Date("2020-03-10T01:00:00Z") }),
      // Later today in UTC; 04:00 on the 11th at UTC+8, so after that window's today.
      await seedFile(defaultStorageId, { size: 1, createdAt: new Date("2020-03-10T20:00:00Z") }),
    ];
    try {
      const east = await getDashboardStats(t.db, { now, tzOffsetMinutes: 480 });
      expect(east.activity).toEqual({
        tz_offset: 480,
        days: [
          { date: "2020-03-04", pastes: 1, files: 0 },
          { date: "2020-03-05", pastes: 0, files: 0 },
          { date: "2020-03-06", pastes: 0, files: 0 },
          { date: "2020-03-07", pastes: 0, files: 0 },
          { date: "2020-03-08", pastes: 0, files: 0 },
          { date: "2020-03-09", pastes: 0, files: 0 },
          { date: "2020-03-10", pastes: 1, files: 1 },
        ],
      });
      // The CloudPaste document's today, thisWeek (from Monday the 9th) and thisMonth, in the same calendar.
      const periods = (stats: typeof east, kind: "pastes" | "files") => {
        const { today, thisWeek, thisMonth } = stats[kind];
        return { today, thisWeek, thisMonth };
      };
      expect(periods(east, "pastes")).toEqual({ today: 1, thisWeek: 1, thisMonth: 3 });
      expect(periods(east, "files")).toEqual({ today: 1, thisWeek: 2, thisMonth: 2 });
      const utc = await getDashboardStats(t.db, { now });
      expect(periods(utc, "pastes")).toEqual({ today: 0, thisWeek: 1, thisMonth: 3 });
      expect(periods(utc, "files")).toEqual({ today: 2, thisWeek: 2, thisMonth: 2 });
      expect(utc.activity.days.map((day) => [day.date, day.pastes, day.files])).toEqual([
        ["2020-03-04", 0, 0],
        ["2020-03-05", 0, 0],
        ["2020-03-06", 0, 0],
        ["2020-03-07", 0, 0],
        ["2020-03-08", 0, 0],
        ["2020-03-09", 1, 0],
        ["2020-03-10", 0, 2],
      ]);
      // West of UTC: 02:00 UTC on the 10th is 21:00 on the 9th at UTC-5.
      const west = await getDashboardStats(t.db, { now, tzOffsetMinutes: -300 });
      expect(west.activity.days.at(-1)).toEqual({ date: "2020-03-09", pastes: 1, files: 1 });
    } finally {
      await t.db.paste.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
      await t.db.fileShare.deleteMany({ where: { id: { in: files.map((row) => row.id) } } });
    }
  });

  test("the offset travels over REST and tRPC, and a bad one is a translated 400", async () => {
    const rest = await call("GET", "/admin/dashboard/stats?tz_offset=480", {
      auth: admin,
      procedure: "dashboard.stats",
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.activity.tz_offset).toBe(480);
    expect(rest.body.data.activity.days.at(-1)?.date).toBe(localDate(Date.now(), 480));

    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ tz_offset: -300 })));
    const trpc = await t.request("GET", `/trpc/dashboard.stats?input=${input}`, { headers: { authorization: admin } });
    expect(trpc.status).toBe(200);
    const result = superjson.deserialize<{ activity: { tz_offset: number }; pastes: { total: number } }>(
      ((await trpc.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } }).result.data,
    );
    expect(result.activity.tz_offset).toBe(-300);
    expect(result.pastes.total).toBe(4);

    const tooFar = await call("GET", "/admin/dashboard/stats?tz_offset=900", { auth: admin, lang: "zh-CN" });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe("tz_offset: 时区偏移必须是 -720 到 840 之间的整数分钟");
    const fraction = await call("GET", "/admin/dashboard/stats?tz_offset=1.5", { auth: admin });
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toContain("whole minutes");
  });

  test("only the admin may read it", async () => {
    expect((await call("GET", "/admin/dashboard/stats", { procedure: "dashboard.stats" })).status).toBe(401);
    const key = await createApiKey(api, admin, {
      name: "dashboard reader",
      text_permission: true,
      file_permission: true,
      mount_permission: true,
    });
    const asKey = await call("GET", "/admin/dashboard/stats", { auth: key.auth });
    expect(asKey.status).toBe(403);
  });
});

// "Expired" from two index reads (services/system/dashboard-counts.ts): the rows past their expiry, and
// the used-up rows not past it from a partial index that holds used-up rows only, so a share counts
// once whichever way it is gone, and a million live shares with a view limit are never read.
describe.each(DATABASE_PROVIDERS)("dashboard expired figure on %s", (provider) => {
  const { t } = useTestApp(provider);

  test("counts each gone share once, as the services' rule does, from an index of used-up rows", async () => {
    const now = Date.now();
    const storage = await t.db.storageConfig.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
    let n = 0;
    const paste = (fields: { expiresAt?: Date; maxViews?: number; views?: number }) =>
      t.db.paste.create({
        data: { slug: `x${++n}`, content: "hi", ...pasteSummaryColumns("hi", false), createdBy: "admin:t", ...fields },
        select: { id: true },
      });
    const file = (fields: { status?: string; expiresAt?: Date; maxViews?: number; views?: number }) =>
      t.db.fileShare.create({
        data: {
          slug: `y${++n}`,
          filename: "a.bin",
          mimetype: "application/octet-stream",
          storageConfigId: storage.id,
          storagePath: `seed/${n}`,
          createdBy: "admin:t",
          size: 10n,
          ...fields,
        },
        select: { id: true },
      });
    const past = new Date(now - HOUR);
    const later = new Date(now + DAY);
    // Live: no limit, a limit not reached (with and without an expiry to come).
    for (let i = 0; i < 5; i++) await paste({ maxViews: 3, views: 2 });
    await paste({});
    await paste({ maxViews: 3, views: 1, expiresAt: later });
    // Gone: used up, used up with an expiry to come, past its expiry, and both at once.
    await paste({ maxViews: 2, views: 2 });
    await paste({ maxViews: 2, views: 5, expiresAt: later });
    await paste({ expiresAt: past });
    await paste({ maxViews: 1, views: 1, expiresAt: past });
    for (let i = 0; i < 4; i++) await file({ maxViews: 3, views: 2 });
    await file({ maxViews: 1, views: 1 });
    await file({ maxViews: 1, views: 1, expiresAt: later });
    await file({ maxViews: 1, views: 1, expiresAt: past });
    await file({ expiresAt: past });
    // Not shares: an upload in flight and a purged file, used up or not.
    await file({ status: "uploading", maxViews: 1, views: 1 });
    await file({ status: "gone", maxViews: 1, views: 1 });
    await file({ status: "gone", expiresAt: past });

    const pastesGone = await t.db.paste.count({
      where: {
        OR: [
          { expiresAt: { lte: new Date(now) } },
          { maxViews: { gt: 0 }, views: { gte: t.db.paste.fields.maxViews } },
        ],
      },
    });
    const filesGone = await t.db.fileShare.count({
      where: {
        status: { notIn: ["uploading", "gone"] },
        OR: [
          { expiresAt: { lte: new Date(now) } },
          { maxViews: { gt: 0 }, views: { gte: t.db.fileShare.fields.maxViews } },
        ],
      },
    });
    expect([pastesGone, filesGone]).toEqual([4, 4]);
    const stats = await getDashboardStats(t.db, { now: new Date(now) });
    expect(stats.pastes).toMatchObject({ total: 11, expired: 4, active: 7 });
    expect(stats.files).toMatchObject({ total: 8, expired: 4, active: 4 });

    // The used-up counts read the partial indexes (migration 20261130050000_used_up_index), the
    // counts past their expiry the expiresAt indexes.
    const driver = await driverConnectionOf(t.db);
    const statement = smallCountsStatement(driver.provider, new Date(now));
    const sql = driverSql(driver, statement.sql);
    let plan: string;
    if (driver.provider === "sqlite") {
      const rows = driver.sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all(...statement.params) as { detail: string }[];
      plan = rows.map((row) => row.detail).join("\n");
    } else {
      const client = await driver.pool.connect();
      try {
        // A table of a few rows is read whole whatever its indexes: ask for the plan an index would give.
        await client.query("SET enable_seqscan = off");
        const rows = (await client.query(`EXPLAIN ${sql}`, statement.params)).rows as { "QUERY PLAN": string }[];
        plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      } finally {
        await client.query("RESET enable_seqscan");
        client.release();
      }
    }
    expect(plan).toContain("Paste_usedUp_idx");
    expect(plan).toContain("FileShare_usedUp_idx");
    expect(plan).toContain("Paste_expiresAt_idx");
    expect(plan).toContain("FileShare_expiresAt_idx");
  });
});

// SQLite: older versions of the adapter wrote "Z" times and it can write integer milliseconds; an
// expiry is an instant whichever form it is in (the statement narrows by the index as text first).
describe("dashboard expired figure on sqlite, dates in every stored form", () => {
  const { t } = useTestApp("sqlite");

  test("an expiry written as Z text or as integer milliseconds counts as the instant it is", async () => {
    const now = Date.now();
    const forms = { iso: (ms: number) => new Date(ms).toISOString(), integer: (ms: number) => ms };
    let n = 0;
    for (const [form, write] of Object.entries(forms)) {
      for (const at of [now - HOUR, now + HOUR]) {
        const { id } = await t.db.paste.create({
          data: { slug: `${form}${++n}`, content: "hi", ...pasteSummaryColumns("hi", false), createdBy: "admin:t" },
          select: { id: true },
        });
        await t.db.$executeRawUnsafe(`UPDATE "Paste" SET "expiresAt" = ? WHERE "id" = ?`, write(at), id);
      }
    }
    const stats = await getDashboardStats(t.db, { now: new Date(now) });
    expect(stats.pastes).toMatchObject({ total: 4, expired: 2, active: 2 });
  });
});
