// The counts the database keeps (ShareCount, docs/admin-lists.md) beside what counting the rows says:
// the tests of the counts and of their fold compare the two.
import type { Database } from "../db/client";
import { countShares } from "../services/system/share-counts";

/** What the counts say beside what counting the rows says, per creator and (files) status and storage. */
export async function countsAndRows(db: Database) {
  const pasteRows = await db.paste.groupBy({ by: ["createdBy"], _count: { _all: true } });
  const fileRows = await db.fileShare.groupBy({
    by: ["createdBy", "status", "storageConfigId"],
    _count: { _all: true },
    _sum: { size: true },
  });
  const rows = {
    pastes: Object.fromEntries(pasteRows.map((row) => [row.createdBy, row._count._all])),
    files: Object.fromEntries(
      fileRows.map((row) => [
        `${row.createdBy} ${row.status} ${row.storageConfigId}`,
        [row._count._all, Number(row._sum.size ?? 0n)],
      ]),
    ),
  };
  const counted = {
    pastes: Object.fromEntries(
      await Promise.all(
        pasteRows.map(async (row) => [
          row.createdBy,
          (await countShares(db, { kind: "paste", creators: [row.createdBy] })).rows,
        ]),
      ),
    ),
    files: Object.fromEntries(
      await Promise.all(
        fileRows.map(async (row) => {
          const sums = await countShares(db, {
            kind: "file",
            creators: [row.createdBy],
            statuses: [row.status],
            storageConfigId: row.storageConfigId,
          });
          return [`${row.createdBy} ${row.status} ${row.storageConfigId}`, [sums.rows, sums.bytes]];
        }),
      ),
    ),
  };
  return { rows, counted, pasteTotal: await db.paste.count(), fileTotal: await db.fileShare.count() };
}
