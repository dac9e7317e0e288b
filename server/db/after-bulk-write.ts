// After many shares were written at once (a restore, a CloudPaste import), on Postgres: the kept
// counts (ShareCount, docs/admin-lists.md) rewritten to their live rows, and the share tables'
// statistics taken, so that the first lists and dashboard after it read and plan as on a server that
// grew to the same size (docs/performance.md "Admin lists"). A restore clears and refills ShareCount
// in one transaction: every version of its rows written before the end stays in the table's pages,
// which a plain VACUUM frees but does not give back, and every sum of it reads them all. Autovacuum
// would take the statistics within a minute or so; the first lists would be planned without them.
// SQLite changes rows in place and plans from its schema: nothing to do there.
import { type Database, driverConnectionOf } from "./client";

export async function settleAfterBulkWrite(db: Database): Promise<void> {
  const driver = await driverConnectionOf(db);
  if (driver.provider !== "postgres") return;
  const table = (name: string) => `"${driver.schema}"."${name}"`;
  try {
    // VACUUM runs outside a transaction: pg's pool sends each query on its own. FULL rewrites the
    // table (a few thousand rows) under a lock that share writes wait for, a moment.
    await driver.pool.query(`VACUUM (FULL, ANALYZE) ${table("ShareCount")}`);
    await driver.pool.query(`ANALYZE ${table("Paste")}, ${table("FileShare")}`);
  } catch (error) {
    // The data is written either way; autovacuum takes the statistics later.
    console.warn(`after the bulk write, VACUUM/ANALYZE failed: ${error instanceof Error ? error.message : error}`);
  }
}
