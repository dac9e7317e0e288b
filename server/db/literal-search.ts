// Substring search for the management lists (pastes, file shares) with `%`, `_` and `\` taken as
// themselves: Prisma's `contains` puts the term into LIKE as it is, so "100%" also found "1000" and
// "a_c" found "abc". On Postgres the term is escaped for LIKE's default escape character (backslash)
// and stays a Prisma filter. SQLite's LIKE has no escape character unless the query names one, which
// Prisma's does not: there one raw query with `ESCAPE` finds the page of matching ids (and the total),
// then the rows are read through Prisma as before. A term of three characters or more is looked up
// first in the table's trigram index (SQLite: the FTS5 tables "PasteSearch" and "FileShareSearch",
// Postgres: pg_trgm GIN indexes that serve Prisma's ILIKE), so only the rows holding it are read and
// the LIKE above decides exactly (docs/admin-lists.md "Search"). A shorter term scans.
import type { Database, DatabaseProvider } from "./client";

/** `term` with LIKE's wildcards and the escape character escaped by a backslash. */
export function escapeLikeTerm(term: string): string {
  return term.replace(/[\\%_]/g, "\\$&");
}

/** Prisma's filter for "contains `term`" (Postgres: case ignored, as the lists always did). */
export function containsLiterally(provider: DatabaseProvider, term: string): object {
  return provider === "postgres" ? { contains: escapeLikeTerm(term), mode: "insensitive" } : { contains: term };
}

/** A condition of the raw query: SQL with `?` placeholders and their values. */
export type SqlCondition = { sql: string; params: unknown[] };

/** `"column" IN (?, ...)`; no values matches nothing. */
export function columnIn(column: string, values: readonly unknown[]): SqlCondition {
  if (values.length === 0) return { sql: "0", params: [] };
  return { sql: `"${column}" IN (${values.map(() => "?").join(", ")})`, params: [...values] };
}

export type SearchColumn = {
  name: string /** Only rows where this SQL holds are searched in this column. */;
  when?: string;
};

/**
 * SQLite: the ids of one page of `table`'s rows, newest first, where one of `columns` contains `term`
 * (ASCII case ignored, as LIKE does) and every condition holds; and how many rows match in all.
 */
export async function sqliteSearchPage(
  db: Database,
  options: {
    table: "Paste" | "FileShare";
    columns: SearchColumn[];
    term: string;
    conditions: SqlCondition[];
    /** Only rows after this list cursor (db/list-cursor.ts). */
    after?: { createdAt: Date; id: string } | null;
    offset: number;
    limit: number;
  },
): Promise<{ ids: string[]; total: number }> {
  const pattern = `%${escapeLikeTerm(options.term)}%`;
  // The trigram index finds every row holding the term in some column, and more (it folds case
  // further than LIKE): the rows it names are then checked by LIKE as before.
  const indexed = [...options.term].length >= 3;
  const from = indexed
    ? `(SELECT rowid AS "found" FROM "${options.table}Search" WHERE "${options.table}Search" MATCH ?) CROSS JOIN "${options.table}" ON "${options.table}".rowid = "found"`
    : `"${options.table}"`;
  const phrase = indexed ? [`"${options.term.replace(/"/g, '""')}"`] : [];
  const match = options.columns
    .map((column) => `(${column.when ? `${column.when} AND ` : ""}"${column.name}" LIKE ? ESCAPE '\\')`)
    .join(" OR ");
  const whereOf = (conditions: SqlCondition[]) => ({
    sql: [`(${match})`, ...conditions.map((condition) => `(${condition.sql})`)].join(" AND "),
    params: [...options.columns.map(() => pattern), ...conditions.flatMap((condition) => condition.params)],
  });
  // The total counts every match; the page starts after the cursor.
  const all = whereOf(options.conditions);
  const below = whereOf([...options.conditions, ...(options.after ? [sqliteAfterCursor(options.after)] : [])]);
  const [page, count] = await Promise.all([
    db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT "id" FROM ${from} WHERE ${below.sql} ORDER BY "createdAt" DESC, "id" DESC LIMIT ? OFFSET ?`,
      ...phrase,
      ...below.params,
      options.limit,
      options.offset,
    ),
    db.$queryRawUnsafe<{ total: number | bigint }[]>(
      `SELECT COUNT(*) AS "total" FROM ${from} WHERE ${all.sql}`,
      ...phrase,
      ...all.params,
    ),
  ]);
  return { ids: page.map((row) => row.id), total: Number(count[0]?.total ?? 0) };
}

/**
 * SQLite: the rows after a list cursor (db/list-cursor.ts), newest first. The search reads every row
 * anyway, so comparing the creation time as milliseconds (not as the stored text) costs nothing more.
 */
export function sqliteAfterCursor(cursor: { createdAt: Date; id: string }): SqlCondition {
  const ms = `CAST(ROUND((julianday("createdAt") - 2440587.5) * 86400000) AS INTEGER)`;
  const at = cursor.createdAt.getTime();
  return { sql: `(${ms} < ? OR (${ms} = ? AND "id" < ?))`, params: [at, at, cursor.id] };
}

/** `rows` in the order of `ids` (a Prisma `in` filter reads them in any order). */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
