// The view rule in SQL, for the SQLite forms of the counter (view-counter.ts): the thread's counting
// UPDATE and the server's read of a paste whose views are unlimited. One rule text for both, the same
// rule as the Prisma form (`liveViewWhere`); view-counter.integration.test.ts holds them to the same cases.

/**
 * Milliseconds since 1970 of a stored date. The Prisma adapter writes ISO 8601 text ("...+00:00", or
 * "Z" from older versions), or integer milliseconds with its `unixepoch-ms` option; julianday() reads
 * every ISO form, with any offset, so dates compare as instants and never as text.
 */
const epochMs = (column: string) =>
  `CASE typeof(${column}) WHEN 'integer' THEN ${column} WHEN 'null' THEN NULL
   ELSE CAST(round((julianday(${column}) - 2440587.5) * 86400000.0) AS INTEGER) END`;

/**
 * A view of the paste named ?1 counts at ?2 (epoch ms) when it is not protected (or ?3 = 1: the caller
 * checked its password), its view limit is not reached and its expiry is later than now.
 */
const LIVE_VIEW = `"slug" = ?1 AND ("passwordHash" IS NULL OR ?3 = 1)
    AND ("maxViews" = 0 OR "views" < "maxViews")
    AND ("expiresAt" IS NULL OR ${epochMs('"expiresAt"')} > ?2)`;

/** The columns of a delivery (CountedRow): dates as epoch milliseconds, booleans as 0/1. */
const COUNTED_COLUMNS = `"slug", "content", "format", "encrypted", "remark", "passwordHash" IS NOT NULL AS "hasPassword",
    ${epochMs('"expiresAt"')} AS "expiresAt", "maxViews", "views", ${epochMs('"createdAt"')} AS "createdAt"`;

/** Counts one view if the rule allows it, answering the paste with its new count. */
export const COUNT_VIEW_SQL = `UPDATE "Paste" SET "views" = "views" + 1 WHERE ${LIVE_VIEW} RETURNING ${COUNTED_COLUMNS}`;

/**
 * The paste, when a view of it counts now and its views are unlimited: nothing another view does can
 * take this one away, so it may be delivered before its count is written (view-counter.ts).
 */
export const UNLIMITED_LIVE_PASTE_SQL = `SELECT ${COUNTED_COLUMNS} FROM "Paste" WHERE "maxViews" = 0 AND ${LIVE_VIEW}`;

/** Adds views already delivered (of unlimited pastes) to the count. */
export const ADD_VIEWS_SQL = `UPDATE "Paste" SET "views" = "views" + ?2 WHERE "slug" = ?1`;
