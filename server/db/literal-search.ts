// Substring search for the management lists (pastes, file shares) with `%`, `_` and `\` taken as
// themselves: Prisma's `contains` puts the term into LIKE as it is, so "100%" also found "1000" and
// "a_c" found "abc". On Postgres the term is escaped for LIKE's default escape character (backslash)
// and stays a Prisma filter. SQLite's LIKE has no escape character unless the query names one, which
// Prisma's does not: there one raw query with `ESCAPE` finds the page of matching ids (and the total),
// then the rows are read through Prisma as before. A term of three characters or more is looked up
// first in the table's trigram index (SQLite: the FTS5 tables "PasteSearch" and "FileShareSearch",
// Postgres: pg_trgm GIN indexes that serve Prisma's ILIKE), so only the rows holding it are read and
// the LIKE above decides exactly (docs/admin-lists.md "Search"). A shorter term scans. On SQLite the
// index is asked only for the term's rare trigrams, as the explorer's search asks it
// (services/search-index/trigram-sample.ts), learnt from a sample of the table's rows.
import { type NameSample, planName, SAMPLE_TTL_MS, sampleOf } from "../services/search-index/trigram-sample";
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
  /**
   * The column the trigram sample reads instead (a paste's stored preview for its content): SQLite
   * reads a whole value even for substr(), so sampling the content read up to 4,000 whole pastes.
   */
  sampleFrom?: string;
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
  const phrase = indexed ? [await matchQuery(db, options.table, options.columns, options.term)] : [];
  const match = options.columns
    .map((column) => `(${column.when ? `${column.when} AND ` : ""}"${column.name}" LIKE ? ESCAPE '\\')`)
    .join(" OR ");
  const whereOf = (conditions: SqlCondition[]) => ({
    sql: [`(${match})`, ...conditions.map((condition) => `(${condition.sql})`)].join(" AND "),
    params: [...options.columns.map(() => pattern), ...conditions.flatMap((condition) => condition.params)],
  });
  // The total counts every match; the page starts after the cursor.
  const all = whereOf(options.conditions);
  const count = async () => {
    const [row] = await db.$queryRawUnsafe<{ total: number | bigint }[]>(
      `SELECT COUNT(*) AS "total" FROM ${from} WHERE ${all.sql}`,
      ...phrase,
      ...all.params,
    );
    return Number(row?.total ?? 0);
  };
  if (!options.after) {
    // Without a cursor the page's rows are the counted ones: one pass reads both (a window count is
    // taken before the LIMIT), instead of fetching every matching row twice.
    const page = await db.$queryRawUnsafe<{ id: string; total: number | bigint }[]>(
      `SELECT "id", COUNT(*) OVER () AS "total" FROM ${from} WHERE ${all.sql} ORDER BY "createdAt" DESC, "id" DESC LIMIT ? OFFSET ?`,
      ...phrase,
      ...all.params,
      options.limit,
      options.offset,
    );
    // A page past the end has no row to carry the total.
    const total = page[0] ? Number(page[0].total) : options.offset > 0 ? await count() : 0;
    return { ids: page.map((row) => row.id), total };
  }
  const below = whereOf([...options.conditions, sqliteAfterCursor(options.after)]);
  const [page, total] = await Promise.all([
    db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT "id" FROM ${from} WHERE ${below.sql} ORDER BY "createdAt" DESC, "id" DESC LIMIT ? OFFSET ?`,
      ...phrase,
      ...below.params,
      options.limit,
      options.offset,
    ),
    count(),
  ]);
  return { ids: page.map((row) => row.id), total };
}

/** Rows read for a list's sample: enough to tell a trigram most rows hold from one few do. */
const LIST_SAMPLE_ROWS = 4000;
/** Characters of each searched column kept in the sample: a long paste would make it megabytes. */
const LIST_SAMPLE_CHARS = 1000;
/** A table this small is read in full by any plan: the whole term as a phrase then. */
const LIST_SAMPLE_MIN_ROWS = 500;

type KnownSample = { sample: Promise<NameSample>; span: number; renewing: boolean };
const listSamples = new WeakMap<Database, Map<string, KnownSample>>();

/**
 * A sample of the searched columns of `table`'s rows (rowids drawn at random), kept a while per
 * database: drawn anew, and waited for, when the rowid range grew or shrank by half (another mix of
 * rows); renewed in the background after SAMPLE_TTL_MS, the old one serving meanwhile.
 */
async function listSample(db: Database, table: "Paste" | "FileShare", columns: SearchColumn[]): Promise<NameSample> {
  const samples = listSamples.get(db) ?? new Map<string, KnownSample>();
  listSamples.set(db, samples);
  const [range] = await db.$queryRawUnsafe<{ low: unknown; high: unknown }[]>(
    // Two subqueries: SQLite answers a lone MIN or MAX from the key's end, both at once by a full scan.
    `SELECT (SELECT MIN(rowid) FROM "${table}") AS "low", (SELECT MAX(rowid) FROM "${table}") AS "high"`,
  );
  const low = Number(range?.low ?? 0);
  const span = range?.high === null || range?.high === undefined ? 0 : Number(range.high) - low + 1;
  const known = samples.get(table);
  if (!known || span >= known.span * 1.5 || span <= known.span / 1.5) {
    const sample = drawSample(db, table, columns, low, span);
    samples.set(table, { sample, span, renewing: false });
    sample.catch(() => samples.delete(table));
    return sample;
  }
  const current = await known.sample;
  if (Date.now() - current.takenMs >= SAMPLE_TTL_MS && !known.renewing) {
    known.renewing = true;
    const next = drawSample(db, table, columns, low, span);
    next.then(
      () => samples.set(table, { sample: next, span, renewing: false }),
      () => {
        known.renewing = false;
      },
    );
  }
  return current;
}

async function drawSample(
  db: Database,
  table: "Paste" | "FileShare",
  columns: SearchColumn[],
  low: number,
  span: number,
): Promise<NameSample> {
  const ids = new Set<number>();
  while (ids.size < Math.min(LIST_SAMPLE_ROWS, span)) ids.add(low + Math.floor(Math.random() * span));
  // Every searched column, lower-cased as the index folds case, one line each.
  const text = columns
    .map(
      (column) =>
        `coalesce(CASE WHEN ${column.when ?? "1"} THEN lower(substr("${column.sampleFrom ?? column.name}", 1, ${LIST_SAMPLE_CHARS})) END, '')`,
    )
    .join(" || char(10) || ");
  const texts: string[] = [];
  const drawn = [...ids];
  for (let i = 0; i < drawn.length; i += 1000) {
    const chunk = drawn.slice(i, i + 1000);
    const rows = await db.$queryRawUnsafe<{ text: string | null }[]>(
      `SELECT ${text} AS "text" FROM "${table}" WHERE rowid IN (${chunk.map(() => "?").join(", ")})`,
      ...chunk,
    );
    for (const row of rows) texts.push(row.text ?? "");
  }
  return sampleOf(texts, drawn.length === 0 ? 0 : Math.round((texts.length / drawn.length) * span), Date.now());
}

/**
 * The FTS5 query for `term`: its rare trigrams, chosen as the explorer's search chooses them; a
 * trigram nearly every row holds ("wor" of "words") costs a read of a row list as long as the table
 * and rules out nothing. A small table, whose sample says little, is asked for the whole term.
 */
async function matchQuery(db: Database, table: "Paste" | "FileShare", columns: SearchColumn[], term: string) {
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const sample = await listSample(db, table, columns);
  if (sample.names.length < LIST_SAMPLE_MIN_ROWS) return quoted(term);
  const plan = planName(sample, term.toLowerCase(), Number.POSITIVE_INFINITY, false);
  return plan.kind === "trigrams" ? plan.trigrams.map(quoted).join(" AND ") : quoted(term);
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

/** Rows a Postgres search takes from the trigram indexes before it orders them; more, and it walks the list instead. */
export const POSTGRES_SEARCH_MATCHES_MAX = 5000;

/**
 * Postgres: one page of a search (newest first) read through the trigram indexes, with the total;
 * null when more than POSTGRES_SEARCH_MATCHES_MAX rows match, where walking the list in its order
 * finds a page sooner. Asked for the page in its order, the planner walked the `createdAt` index and
 * tested each row for the term (its estimate of the matches is a guess): 0.2-0.5 s for a term in one
 * row of 1,000 of a million, seconds for one only old rows hold. Here `matches` (unordered, so read
 * through the indexes) names every matching row and its creation time, which gives the total; then
 * `page` reads the page among those that can be on it: the matches below the cursor down to the
 * creation time of the `offset + limit`-th, which the database orders as the list does (ties on
 * `createdAt` by `id` in its collation).
 */
export async function postgresSearchPage<Row>(options: {
  matches: (take: number) => Promise<{ id: string; createdAt: Date }[]>;
  page: (ids: string[]) => Promise<Row[]>;
  after: { createdAt: Date; id: string } | null;
  offset: number;
  limit: number;
}): Promise<{ rows: Row[]; total: number } | null> {
  const found = await options.matches(POSTGRES_SEARCH_MATCHES_MAX + 1);
  if (found.length > POSTGRES_SEARCH_MATCHES_MAX) return null;
  const before = options.after ? options.after.createdAt.getTime() : Number.POSITIVE_INFINITY;
  // Rows created in the cursor's millisecond may lie on either side of it: the database decides.
  const below = found
    .map((row) => row.createdAt.getTime())
    .filter((at) => at < before)
    .sort((a, b) => b - a);
  const oldest = below[options.offset + options.limit - 1] ?? Number.NEGATIVE_INFINITY;
  const ids = found
    .filter((row) => row.createdAt.getTime() <= before && row.createdAt.getTime() >= oldest)
    .map((row) => row.id);
  return { rows: ids.length === 0 ? [] : await options.page(ids), total: found.length };
}

/** `rows` in the order of `ids` (a Prisma `in` filter reads them in any order). */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
