// The fold of the kept share counts' old buckets (share-count-fold.ts, docs/admin-lists.md) on both
// databases: every total the lists and the dashboard read stays the count of the rows after a fold,
// after a fold stopped half-way, and after shares created before a fold are deleted or change status
// (the triggers then add -1 to a bucket the fold removed; before, their UPDATE found no bucket and the
// totals stayed one too high). The daily job runs the fold in a child process.
import { beforeAll, describe, expect, test } from "bun:test";
import { DATABASE_PROVIDERS, processDatabaseUrl, useTestApp } from "../../test/harness";
import { countsAndRows } from "../../test/share-counts";
import { runSystemJob } from "../../test/system-jobs";
import { SHARE_COUNT_FOLD_JOB } from "../jobs/system-jobs";
import { FOLD_AFTER_DAYS, foldShareCounts } from "./share-count-fold";
import { countShares } from "./share-counts";

const DAY_MS = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
const edge = Math.floor(daysAgo(FOLD_AFTER_DAYS).getTime() / 1000);

for (const provider of DATABASE_PROVIDERS) {
  describe(`fold of share counts on ${provider}`, () => {
    const { t } = useTestApp(provider);
    let storageId: string;
    /** Buckets older than the fold's edge that are not the folded one. */
    const oldBuckets = () => t.db.shareCount.count({ where: { bucket: { gt: 0n, lt: BigInt(edge) } } });
    /** The dashboard's kind of question: shares made in the last week. */
    const lastWeek = async () =>
      Promise.all(
        (["paste", "file"] as const).map(async (kind) => {
          const gte = new Date(Math.floor(daysAgo(7).getTime() / 900_000) * 900_000);
          const lt = new Date(Math.floor(now.getTime() / 900_000) * 900_000 + 900_000);
          return (await countShares(t.db, { kind, createdAt: { gte, lt } })).rows;
        }),
      );
    async function expectExact() {
      const { rows, counted, pasteTotal, fileTotal } = await countsAndRows(t.db);
      expect(counted).toEqual(rows);
      expect((await countShares(t.db, { kind: "paste" })).rows).toBe(pasteTotal);
      expect((await countShares(t.db, { kind: "file" })).rows).toBe(fileTotal);
    }

    beforeAll(async () => {
      storageId = (await t.db.storageConfig.findFirstOrThrow({ select: { id: true } })).id;
      // Shares made over the last 150 days by three creators, files in each status: 30 weeks of buckets.
      const creators = ["admin:fold", "apikey:fold-a", "apikey:fold-b"];
      await t.db.paste.createMany({
        data: Array.from({ length: 300 }, (_, i) => ({
          slug: `fold-p${i}`,
          content: "x",
          preview: "x",
          contentLength: 1,
          createdBy: creators[i % 3] as string,
          createdAt: daysAgo(i / 2 + 0.01),
        })),
      });
      await t.db.fileShare.createMany({
        data: Array.from({ length: 300 }, (_, i) => ({
          slug: `fold-f${i}`,
          filename: `fold-${i}.txt`,
          mimetype: "text/plain",
          size: 1000 + i,
          storageConfigId: storageId,
          storagePath: `fold-${i}.txt`,
          createdBy: creators[i % 3] as string,
          status: ["ready", "gone", "uploading"][i % 3] as string,
          createdAt: daysAgo(i / 2 + 0.01),
        })),
      });
    });

    test("a fold stopped half-way leaves every total exact, and the next one finishes it", async () => {
      await expectExact();
      const weekBefore = await lastWeek();
      const bucketsBefore = await oldBuckets();
      expect(bucketsBefore).toBeGreaterThan(0);
      const stopped = foldShareCounts(t.db, {
        now,
        afterStep: (step) => {
          if (step === 2) throw new Error("stopped after two steps");
        },
      });
      await expect(stopped).rejects.toThrow("stopped after two steps");
      const left = await oldBuckets();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(bucketsBefore);
      await expectExact();
      const done = await foldShareCounts(t.db, { now });
      expect(done.folded).toBe(left);
      expect(await oldBuckets()).toBe(0);
      await expectExact();
      expect(await lastWeek()).toEqual(weekBefore);
      // Nothing older than the edge: a second fold has nothing to do.
      expect(await foldShareCounts(t.db, { now })).toEqual({ folded: 0, steps: 0 });
    });

    test("shares made before a fold can be deleted and change status: the totals stay exact", async () => {
      const old = { createdAt: { lt: daysAgo(FOLD_AFTER_DAYS + 10) } };
      await t.db.paste.deleteMany({ where: { ...old, slug: { in: ["fold-p200", "fold-p201", "fold-p250"] } } });
      await t.db.fileShare.deleteMany({ where: { ...old, slug: { in: ["fold-f200", "fold-f250"] } } });
      await t.db.fileShare.updateMany({ where: { ...old, status: "uploading" }, data: { status: "ready" } });
      await t.db.fileShare.updateMany({ where: { slug: "fold-f202" }, data: { size: 5 } });
      await expectExact();
      // The buckets those changes made again are folded by the next run.
      expect(await oldBuckets()).toBeGreaterThan(0);
      await foldShareCounts(t.db, { now });
      expect(await oldBuckets()).toBe(0);
      await expectExact();
    });

    test("shares dated years back (an imported install) fold in one step per week that has any", async () => {
      await foldShareCounts(t.db, { now });
      // Twenty and ten years back, and a week that has two: between them a thousand empty weeks.
      const dates = [daysAgo(20 * 365), daysAgo(10 * 365), daysAgo(10 * 365 - 2), daysAgo(FOLD_AFTER_DAYS + 3)];
      await t.db.paste.createMany({
        data: dates.map((createdAt, i) => ({
          slug: `fold-old${i}`,
          content: "x",
          preview: "x",
          contentLength: 1,
          createdBy: "admin:fold",
          createdAt,
        })),
      });
      expect(await oldBuckets()).toBe(4);
      const steps: number[] = [];
      expect(await foldShareCounts(t.db, { now, afterStep: (step) => void steps.push(step) })).toEqual({
        folded: 4,
        steps: 3,
      });
      expect(steps).toEqual([1, 2, 3]);
      expect(await oldBuckets()).toBe(0);
      await expectExact();
    });

    test("the daily share-count-fold job runs the fold in a child process", async () => {
      await foldShareCounts(t.db, { now });
      await t.db.paste.create({
        data: {
          slug: "fold-late",
          content: "x",
          preview: "x",
          contentLength: 1,
          createdBy: "admin:fold",
          createdAt: daysAgo(90),
        },
      });
      expect(await oldBuckets()).toBe(1);
      const run = await runSystemJob(processDatabaseUrl(t), SHARE_COUNT_FOLD_JOB);
      expect(run.schedule).toBe("41 3 * * *");
      expect(run.result).toMatchObject({ folded: 1 });
      expect(run.log).toEqual([`folded 1 share count buckets older than ${FOLD_AFTER_DAYS} days`]);
      expect(await oldBuckets()).toBe(0);
      await expectExact();
    });
  });
}
