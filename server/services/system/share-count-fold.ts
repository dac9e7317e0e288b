// The daily "share-count-fold" job (services/jobs/system-jobs.ts; docs/admin-lists.md "Counts the
// database keeps"): ShareCount gains a bucket per quarter hour, kind, status, creator and storage as
// shares are made (about 96 a day for one creator), and a list's total sums every bucket of its
// kind. The fold sums the buckets older than FOLD_AFTER_DAYS into one bucket, 0, per kind, status,
// creator and storage, so the sum reads the last weeks' buckets and one more whatever the app's age.
// Every total stays exact; a count of a range of creation times (the dashboard's days and periods,
// at most a month back) is exact only after the fold's edge. It runs in a child process, as the audit
// purge does (docs/decisions/0013-idle-without-prisma.md).
import { answerParent, runChildTask } from "../../app/child-task";
import { loadConfig } from "../../config";
import { createDatabase, type Database, driverConnectionOf } from "../../db/client";
import { driverSql } from "./share-counts";

/** Buckets older than this many days are folded: past the dashboard's month and any time zone. */
export const FOLD_AFTER_DAYS = 40;
/** The buckets folded in one transaction: a week of them, oldest first. */
const STEP_SECONDS = 7 * 86_400;

/**
 * Folds the buckets created before `now` less `days`, a week of them per transaction, so a fold
 * stopped between two (a killed process) leaves every total exact and the next run goes on.
 * `afterStep` is called after each transaction (tests stop a fold there). Answers the buckets removed.
 */
export async function foldShareCounts(
  db: Database,
  options: { now?: Date; days?: number; afterStep?: (step: number) => void | Promise<void> } = {},
): Promise<{ folded: number; steps: number }> {
  const driver = await driverConnectionOf(db);
  const edge = Math.floor(
    ((options.now ?? new Date()).getTime() - (options.days ?? FOLD_AFTER_DAYS) * 86_400_000) / 1000,
  );
  const run = async (sql: string, params: unknown[]) => {
    const text = driverSql(driver, sql);
    if (driver.provider === "sqlite") return driver.sqlite.query(text).all(...(params as never[]));
    return (await driver.pool.query(text, params)).rows;
  };
  const [oldest] = (await run(
    `SELECT MIN("bucket") AS "oldest" FROM {ShareCount} WHERE "bucket" <> 0 AND "bucket" < ?1`,
    [edge],
  )) as { oldest: number | bigint | string | null }[];
  if (oldest?.oldest === null || oldest?.oldest === undefined) return { folded: 0, steps: 0 };
  let folded = 0;
  let steps = 0;
  for (let from = Number(oldest.oldest); from < edge; from += STEP_SECONDS) {
    const to = Math.min(edge, from + STEP_SECONDS);
    const range = `"bucket" >= ?1 AND "bucket" < ?2 AND "bucket" <> 0`;
    const key = `"kind", "status", "createdBy", "storageConfigId"`;
    const fold = `ON CONFLICT (${key}, "bucket") DO UPDATE SET "rows" = {ShareCount}."rows" + excluded."rows", "bytes" = {ShareCount}."bytes" + excluded."bytes"`;
    if (driver.provider === "sqlite") {
      // One transaction; SQLite lets one writer in at a time, so no trigger adds to these buckets between the two.
      const sum = driver.sqlite.query(
        driverSql(
          driver,
          `INSERT INTO {ShareCount} (${key}, "bucket", "rows", "bytes")
           SELECT ${key}, 0, SUM("rows"), SUM("bytes") FROM {ShareCount} WHERE ${range} GROUP BY ${key} ${fold}`,
        ),
      );
      const remove = driver.sqlite.query(driverSql(driver, `DELETE FROM {ShareCount} WHERE ${range}`));
      folded += driver.sqlite.transaction(() => {
        sum.run(from, to);
        return remove.run(from, to).changes;
      })();
    } else {
      // One statement: the rows it deletes are the rows it sums (a trigger's change to one of them waits
      // for it, then finds the bucket gone and creates it again).
      const [row] = (await run(
        `WITH "gone" AS (DELETE FROM {ShareCount} WHERE ${range} RETURNING *),
           "summed" AS (INSERT INTO {ShareCount} (${key}, "bucket", "rows", "bytes")
             SELECT ${key}, 0, SUM("rows"), SUM("bytes") FROM "gone" GROUP BY ${key} ${fold} RETURNING 1)
         SELECT (SELECT COUNT(*) FROM "gone") AS "folded"`,
        [from, to],
      )) as { folded: string | number }[];
      folded += Number(row?.folded ?? 0);
    }
    steps++;
    await options.afterStep?.(steps);
  }
  return { folded, steps };
}

/** One fold of the database at `databaseUrl`, in a child process. */
export function foldShareCountsInChildProcess(databaseUrl: string): Promise<{ folded: number; steps: number }> {
  return runChildTask(import.meta.path, { DATABASE_URL: databaseUrl });
}

async function foldInThisProcess() {
  const db = createDatabase(loadConfig().databaseUrl);
  try {
    return await foldShareCounts(db);
  } finally {
    await db.$disconnect();
  }
}

if (import.meta.main) await answerParent(foldInThisProcess);
