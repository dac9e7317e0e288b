// The daily "share-count-fold" job (services/jobs/system-jobs.ts; docs/admin-lists.md "Counts the
// database keeps"): ShareCount gains a bucket per quarter hour, kind, status, creator and storage as
// shares are made (about 96 a day for one creator), and a list's total sums every bucket of its
// kind. The fold sums the buckets older than FOLD_AFTER_DAYS into one bucket, 0, per kind, status,
// creator and storage, so the sum reads the last weeks' buckets and one more whatever the app's age.
// Every total stays exact; a count of a range of creation times (the dashboard's days and periods,
// at most a month back) is exact only after the fold's edge. It runs in a child process, as the audit
// purge does (docs/decisions/0013-idle-without-prisma.md).
import { answerParentOnDatabase, runChildTask } from "../../app/child-task";
import { type Database, driverConnectionOf } from "../../db/client";
import { driverQuery, driverSql } from "../../db/driver-query";

/** Buckets older than this many days are folded: past the dashboard's month and any time zone. */
export const FOLD_AFTER_DAYS = 40;
/** The buckets folded in one transaction: a week of them from the oldest left. */
const STEP_SECONDS = 7 * 86_400;

/**
 * Folds the buckets created before `now` less `days`, a week of them per transaction, so a fold
 * stopped between two (a killed process) leaves every total exact and the next run goes on. Each
 * week starts at the oldest bucket left: weeks without shares cost nothing, so shares dated years
 * back (an import of an old install) take one step, not one per empty week since. `afterStep` is
 * called after each transaction (tests stop a fold there). Answers the buckets removed and the steps.
 */
export async function foldShareCounts(
  db: Database,
  options: { now?: Date; days?: number; afterStep?: (step: number) => void | Promise<void> } = {},
): Promise<{ folded: number; steps: number }> {
  const driver = await driverConnectionOf(db);
  const edge = Math.floor(
    ((options.now ?? new Date()).getTime() - (options.days ?? FOLD_AFTER_DAYS) * 86_400_000) / 1000,
  );
  const range = `"bucket" >= ?1 AND "bucket" < ?2 AND "bucket" <> 0`;
  /** The oldest bucket to fold at or after `from`, or null when none is left. */
  const oldestFrom = async (from: number) => {
    const [row] = await driverQuery(driver, `SELECT MIN("bucket") AS "oldest" FROM {ShareCount} WHERE ${range}`, [
      from,
      edge,
    ]);
    const oldest = row?.oldest as number | bigint | string | null | undefined;
    return oldest === null || oldest === undefined ? null : Number(oldest);
  };
  const key = `"kind", "status", "createdBy", "storageConfigId"`;
  const fold = `ON CONFLICT (${key}, "bucket") DO UPDATE SET "rows" = {ShareCount}."rows" + excluded."rows", "bytes" = {ShareCount}."bytes" + excluded."bytes"`;
  let folded = 0;
  let steps = 0;
  let next = await oldestFrom(Number.MIN_SAFE_INTEGER);
  while (next !== null) {
    const from = next;
    const to = Math.min(edge, from + STEP_SECONDS);
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
      const [row] = await driverQuery(
        driver,
        `WITH "gone" AS (DELETE FROM {ShareCount} WHERE ${range} RETURNING *),
           "summed" AS (INSERT INTO {ShareCount} (${key}, "bucket", "rows", "bytes")
             SELECT ${key}, 0, SUM("rows"), SUM("bytes") FROM "gone" GROUP BY ${key} ${fold} RETURNING 1)
         SELECT (SELECT COUNT(*) FROM "gone") AS "folded"`,
        [from, to],
      );
      folded += Number(row?.folded ?? 0);
    }
    steps++;
    await options.afterStep?.(steps);
    // Past what this step folded: a bucket a trigger makes again behind it waits for the next run.
    next = to < edge ? await oldestFrom(to) : null;
  }
  return { folded, steps };
}

/** One fold of the database at `databaseUrl`, in a child process. */
export function foldShareCountsInChildProcess(databaseUrl: string): Promise<{ folded: number; steps: number }> {
  return runChildTask(import.meta.path, { DATABASE_URL: databaseUrl });
}

if (import.meta.main) await answerParentOnDatabase((db) => foldShareCounts(db));
