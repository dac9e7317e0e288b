// One page of a management list of shares, pastes or file shares (docs/admin-lists.md): the same plan
// for both tables. A page without a search (the first, one by cursor, one at an offset) and its total
// are read on the driver connection under Prisma, by statements written here: Prisma's query building
// and result mapping cost more than the database does for a page of 20 (docs/performance.md
// "Admin lists"). A search goes through the trigram indexes: SQLite's FTS5 (sqliteSearchPage), or
// Postgres' pg_trgm through Prisma (postgresSearchPage).

import { paginationOf } from "@shared/schemas/common";
import { type Database, type DatabaseProvider, type DriverConnection, driverConnectionOf } from "../../db/client";
import { driverDate, driverDateColumn, driverFlag, driverQuery } from "../../db/driver-query";
import { afterCursor, cursorPage, decodeListCursor, type ListCursor, newestFirst } from "../../db/list-cursor";
import {
  columnIn,
  containsLiterally,
  inOrderOf,
  postgresSearchPage,
  type SearchColumn,
  type SqlCondition,
  sqliteSearchPage,
} from "../../db/literal-search";
import { type AuthState, createdByFilter } from "../auth/sessions";
import { creatorConditions, listedCreators, ownedBy } from "./delivery";

/** What Prisma's model delegates are given here (Prisma's own where types differ per model). */
type Where = Record<string, unknown>;

/** One of the two listed tables: how to read it through Prisma and on the driver. */
export type ShareTable<Row extends { id: string; createdAt: Date }> = {
  table: "Paste" | "FileShare";
  kind: "paste" | "file";
  /**
   * The page's columns as stored; those named in `dates`, `booleans`, `numbers` and `bigints` are decoded
   * from the driver's values (the app's SQLite connection answers every integer as a bigint).
   */
  columns: readonly string[];
  dates: readonly string[];
  booleans: readonly string[];
  numbers: readonly string[];
  bigints?: readonly string[];
  /** Anything a row needs beside its own columns (a file's storage name), read for the page's rows at once. */
  complete(driver: DriverConnection, rows: Record<string, unknown>[]): Promise<Row[]>;
  /** The rows listed beside the creator, as Prisma's filter and as SQL (the same rows). */
  listed: Where;
  listedSql: SqlCondition[];
  /** The searched columns (SQLite's FTS5 table) and Prisma's filter of a row containing `contains`. */
  searchColumns: SearchColumn[];
  searchWhere(contains: object): Where;
  /** Prisma reads for a search: matching ids and times, full rows by filter, a count. */
  findMatches(where: Where, take: number): Promise<{ id: string; createdAt: Date }[]>;
  findRows(args: { where: Where; orderBy?: typeof newestFirst; skip?: number; take?: number }): Promise<Row[]>;
  count(where: Where): Promise<number>;
  /** The unfiltered list's total from the kept counts (docs/admin-lists.md "Counts the database keeps"). */
  keptTotal(driver: DriverConnection, creators: readonly string[] | null): Promise<number>;
};

export type ShareListInput = {
  cursor?: string | undefined;
  offset: number;
  limit: number;
  search?: string | undefined;
  created_by?: string | undefined;
};

/** Numbers the `?` of `sql` for the driver (`?N`, which driverSql turns into `$N` on Postgres). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `?${++n}`);
}

/** A Date as the provider compares it with a stored creation time: Prisma's ISO text on SQLite, a UTC timestamp on Postgres. */
function dateParam(provider: DatabaseProvider, date: Date): string {
  const iso = date.toISOString();
  return provider === "sqlite" ? iso.replace("Z", "+00:00") : iso.slice(0, -1);
}

/** A column as the driver reads it (a timestamp: see driverDateColumn). */
function selected(driver: DriverConnection, table: string, column: string, isDate: boolean): string {
  const name = `"${table}"."${column}"`;
  return `${isDate ? driverDateColumn(driver, name) : name} AS "${column}"`;
}

/** A driver row with Prisma's types: Dates, booleans, bigints. */
function decoded(spec: ShareTable<never>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const column of spec.dates) out[column] = driverDate(row[column]);
  for (const column of spec.booleans) out[column] = driverFlag(row[column]);
  for (const column of spec.numbers) out[column] = Number(row[column]);
  for (const column of spec.bigints ?? []) out[column] = BigInt(row[column] as number | string | bigint);
  return out;
}

/**
 * A page of rows newest first on the driver: `creator` one creator (`createdBy = ?`, read through the
 * creator's index), several (IN), or every one (null).
 */
async function driverPage<Row extends { id: string; createdAt: Date }>(
  driver: DriverConnection,
  spec: ShareTable<Row>,
  creator: string | readonly string[] | null,
  cursor: ListCursor | null,
  offset: number,
  take: number,
): Promise<Row[]> {
  const at = (column: string) => `"${spec.table}"."${column}"`;
  const conditions: SqlCondition[] = [...spec.listedSql];
  if (typeof creator === "string") conditions.push({ sql: `${at("createdBy")} = ?`, params: [creator] });
  else if (creator) conditions.push(columnIn("createdBy", creator));
  if (cursor) {
    // As afterCursor (db/list-cursor.ts): the range on createdAt alone first, so the index is read from the cursor down.
    const when = dateParam(driver.provider, cursor.createdAt);
    conditions.push({
      sql: `${at("createdAt")} <= ? AND (${at("createdAt")} < ? OR ${at("id")} < ?)`,
      params: [when, when, cursor.id],
    });
  }
  const columns = spec.columns.map((column) => selected(driver, spec.table, column, spec.dates.includes(column)));
  const where = conditions.length ? ` WHERE ${conditions.map((condition) => `(${condition.sql})`).join(" AND ")}` : "";
  const rows = await driverQuery(
    driver,
    numbered(
      `SELECT ${columns.join(", ")} FROM {${spec.table}}${where} ORDER BY ${at("createdAt")} DESC, ${at("id")} DESC LIMIT ? OFFSET ?`,
    ),
    [...conditions.flatMap((condition) => condition.params), take, offset],
  );
  return spec.complete(
    driver,
    rows.map((row) => decoded(spec as unknown as ShareTable<never>, row)),
  );
}

/** The lists' order between two rows (newestFirst): a negative number when `a` comes first. */
function compareNewestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The page restricted to `creators` (null: every creator). With several (a key's own list names two
 * spellings of it, a created_by filter three) each is read apart from the top of its
 * (createdBy, createdAt, id) index and the pages merged: `createdBy IN (...)` made SQLite read and
 * sort every row of those creators first (docs/admin-lists.md "Query plans"). A page at an offset reads
 * the rows above it anyway: one statement.
 */
async function newestByCreator<Row extends { id: string; createdAt: Date }>(
  driver: DriverConnection,
  spec: ShareTable<Row>,
  creators: readonly string[] | null,
  cursor: ListCursor | null,
  offset: number,
  take: number,
): Promise<Row[]> {
  if (creators === null) return driverPage(driver, spec, null, cursor, offset, take);
  if (creators.length === 0) return [];
  const [only] = creators;
  if (creators.length === 1 && only !== undefined) return driverPage(driver, spec, only, cursor, offset, take);
  if (offset > 0) return driverPage(driver, spec, creators, cursor, offset, take);
  const pages = await Promise.all(creators.map((creator) => driverPage(driver, spec, creator, cursor, 0, take)));
  return pages.flat().sort(compareNewestFirst).slice(0, take);
}

/** One page of `spec`'s list for `auth`, with its pagination and the next page's cursor. */
export async function listSharePage<Row extends { id: string; createdAt: Date }>(
  db: Database,
  provider: DatabaseProvider,
  spec: ShareTable<Row>,
  auth: AuthState,
  input: ShareListInput,
) {
  // A cursor (docs/admin-lists.md) reads the page below its row; offset and page are then not used.
  const cursor = input.cursor ? decodeListCursor(input.cursor) : null;
  const offset = cursor ? 0 : input.offset;
  const take = input.limit + 1;
  const creators = listedCreators(auth, input.created_by);
  const term = input.search;
  let page: { rows: Row[]; total: number };
  if (!term) {
    const driver = await driverConnectionOf(db);
    // Without a search the total is the database's kept count, not a count of the rows.
    const [rows, total] = await Promise.all([
      newestByCreator(driver, spec, creators, cursor, offset, take),
      spec.keptTotal(driver, creators),
    ]);
    page = { rows, total };
  } else if (provider === "sqlite") {
    const { ids, total } = await sqliteSearchPage(db, {
      table: spec.table,
      columns: spec.searchColumns,
      term,
      conditions: [...creatorConditions(auth, input.created_by), ...spec.listedSql],
      after: cursor,
      offset,
      limit: take,
    });
    page = { rows: inOrderOf(ids, await spec.findRows({ where: { id: { in: ids } } })), total };
  } else {
    const where = { ...ownedBy(auth), ...spec.listed, ...createdByFilter(input.created_by) };
    const matching = { AND: [where, spec.searchWhere(containsLiterally(provider, term))] };
    const searched = await postgresSearchPage({
      matches: (most) => spec.findMatches(matching, most),
      page: (ids) =>
        spec.findRows({
          where: { AND: [{ id: { in: ids } }, afterCursor(cursor)] },
          orderBy: newestFirst,
          skip: offset,
          take,
        }),
      after: cursor,
      offset,
      limit: take,
    });
    // More matches than the trigram read takes: the list walked in its order, counted apart.
    page =
      searched ??
      (await Promise.all([
        spec.findRows({
          where: { AND: [matching, afterCursor(cursor)] },
          orderBy: newestFirst,
          skip: offset,
          take,
        }),
        spec.count(matching),
      ]).then(([rows, total]) => ({ rows, total })));
  }
  const { page: rows, nextCursor } = cursorPage(page.rows, input.limit);
  return {
    rows,
    pagination: { ...paginationOf(page.total, input.limit, offset), hasMore: nextCursor !== null, nextCursor },
  };
}

/** The kept count of `kind` among `creators` (null: all) and the file list's filters, on the driver. */
export async function keptShareTotal(
  driver: DriverConnection,
  filter: {
    kind: "paste" | "file";
    creators: readonly string[] | null;
    statuses?: readonly string[];
    storageConfigId?: string;
  },
): Promise<number> {
  const conditions: SqlCondition[] = [{ sql: `"kind" = ?`, params: [filter.kind] }];
  if (filter.statuses) conditions.push(columnIn("status", filter.statuses));
  if (filter.creators) conditions.push(columnIn("createdBy", filter.creators));
  if (filter.storageConfigId !== undefined)
    conditions.push({ sql: `"storageConfigId" = ?`, params: [filter.storageConfigId] });
  const [row] = await driverQuery(
    driver,
    numbered(
      `SELECT COALESCE(SUM("rows"), 0) AS "rows" FROM {ShareCount} WHERE ${conditions.map((condition) => condition.sql).join(" AND ")}`,
    ),
    conditions.flatMap((condition) => condition.params),
  );
  return Number(row?.rows ?? 0);
}
