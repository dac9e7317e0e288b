// The search index's rows in the database (docs/search-index.md), read and written with raw SQL: many rows
// per statement, the same statements on SQLite and Postgres but for placeholders and the trigram
// lookup (SQLite: the FTS5 table "FsIndexName"; Postgres: LIKE served by pg_trgm). Keys are compared
// byte by byte on both (SQLite's default, Postgres `COLLATE "C"`), the order S3 lists them in.
// Statements go straight to the driver under Prisma (db/client.ts `driverConnectionOf`): through
// Prisma's raw-query path a search's few statements cost more CPU than SQLite took to answer them
// (docs/performance.md "Explorer search index"). SQLite's are kept prepared; Postgres' are not named,
// so each is planned for its own values (a generic plan cannot tell a rare trigram's LIKE from a
// common one's).

import type { Statement } from "bun:sqlite";
import type { Database, DatabaseProvider } from "../../db/client";
import { type DriverConnection, driverConnectionOf, postgresTarget, providerOf } from "../../db/client";
import { escapeLikeTerm } from "../../db/literal-search";
import {
  type NamePlan,
  type NameSample,
  planName,
  SAMPLE_DRAWS_MAX,
  SAMPLE_NAMES,
  SAMPLE_TTL_MS,
  sampledShares,
  sampleOf,
} from "./trigram-sample";

/** One key of a storage as the index keeps it. */
export type IndexRow = {
  key: string;
  size: number;
  isFolder: boolean;
  hasMarker: boolean;
  modifiedMs: number | null;
};

export type IndexedObject = IndexRow & { storageConfigId: string };

/** Rows per INSERT: a crawl's page of 1000 keys in one statement, 8 values each, under both databases' limit of parameters. */
const ROWS_PER_STATEMENT = 1000;
/** Postgres: rows a lookup by the needle's trigrams may read before the whole needle is asked instead. */
const WIDE_READS = 1000;
/** The trigram lookup needs three characters; shorter names are found by walking keys in order. */
export const TRIGRAM_LENGTH = 3;

/** The highest key beginning with `prefix`: keys in [prefix, prefixEnd) are the folder's. */
export const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** The last segment of a key ("a/b/" -> "b"), lower-cased as the search compares it. */
export function indexedNameOf(key: string): string {
  const trimmed = key.endsWith("/") ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1).toLowerCase();
}

/** The folder keys above `key` ("a/b/c.txt" -> "a/", "a/b/"), shallowest first. */
export function ancestorFolders(key: string): string[] {
  const segments = (key.endsWith("/") ? key.slice(0, -1) : key).split("/");
  const folders: string[] = [];
  for (let i = 1; i < segments.length; i++) folders.push(`${segments.slice(0, i).join("/")}/`);
  return folders;
}

export type IndexStore = {
  readonly provider: DatabaseProvider;
  /** Adds or refreshes rows seen at `seenMs`; a row some later write has already refreshed is left alone. */
  upsert(storageConfigId: string, rows: IndexRow[], seenMs: number): Promise<void>;
  /** Removes file rows, and clears the marker of folder keys (their rows go with `pruneFolders`). */
  remove(storageConfigId: string, keys: string[]): Promise<void>;
  /** Removes each folder row (deepest first) that has no marker and nothing beneath it any more. */
  pruneFolders(storageConfigId: string, folderKeys: string[]): Promise<void>;
  /** Removes rows under `prefix` not seen since `sinceMs`: what a finished crawl did not find. */
  dropUnseen(storageConfigId: string, prefix: string, sinceMs: number): Promise<number>;
  /**
   * Rows whose name contains `needle`, through the trigram index, a page of one folder at a time: up to `page.limit` rows of `page.storageConfigId` under
   * `page.prefix` whose name contains `needle`, in path order (`pathOrderKey`), after `page.after`.
   * The database still finds every match, but sorts them itself and hands over the page only. Null
   * when the needle is too short for the index or the sample of `storageConfigIds` (the storages
   * searched) says more than `cap` rows hold it: a walk in key order is then faster. With `count` (of
   * the same storage and folder) the first page also counts the folder's matches as `countByName`
   * does, from the same read of them (`counted`; null on a later page or without `count`).
   */
  findPageByName(
    storageConfigIds: string[],
    needle: string,
    cap: number,
    page: NamePage,
    count?: CountScope,
  ): Promise<{ rows: IndexedObject[]; counted: Counted | null } | null>;
  /**
   * Counts one folder's rows whose name contains `needle`, up to `scope.limit` (the database stops
   * there: a LIMIT under the count), leaving out `scope.excluded` and a folder's row whose file of the
   * same path is held too. `unsure` lists the keys counted that the caller must still judge one by one
   * (`CountScope.unsure`). Through the trigram index when the needle is long enough, else in key order.
   */
  countByName(storageConfigIds: string[], needle: string, scope: CountScope): Promise<Counted>;
  /**
   * Up to `limit` rows under `prefix`, after `afterKey` in key order, whose name contains `needle`;
   * `afterKey` starts at `prefix` (the folder itself is no match of its own).
   */
  walkByName(
    storageConfigId: string,
    prefix: string,
    afterKey: string,
    needle: string,
    limit: number,
  ): Promise<IndexedObject[]>;
  /** Files (not folders) indexed under `prefix`. */
  countFiles(storageConfigId: string, prefix: string): Promise<number>;
  /** What a search reads first, in one statement (search.ts `searchSetting`). */
  searchState(): Promise<SearchState>;
  /**
   * After a crawl wrote its rows (Postgres): VACUUM (ANALYZE) of the index's table, so the next searches
   * are planned with the rows' statistics (before its first ANALYZE the planner took a folder's key
   * range for a few rows and read all of them, 50-160 ms at 100,000) and the trigram index's pending
   * list is merged (read whole by every search until then). SQLite: nothing (it plans from the schema).
   */
  settle(): Promise<void>;
};

/** A folder's matches counted (`countByName`): `rows` up to the limit, `unsure` the keys among them the caller must judge. */
export type Counted = { rows: number; unsure: string[] };

/** One page of a folder's matches in path order (`findPageByName`); `after` is the last row of the page before. */
export type NamePage = { storageConfigId: string; prefix: string; after: string | null; limit: number };

/**
 * A folder's matches to count (`countByName`): rows of `storageConfigId` under `prefix`, but for keys in
 * the half-open ranges `excluded`. Keys whose path may normalise elsewhere are counted and listed, to be
 * judged by the caller, and never left out by a range: "outward" those with a ".." or a control
 * character after the prefix; "odd" also those with an empty or "." segment, a backslash or a character
 * outside printable ASCII (a path not yet NFC); "every" every key.
 */
export type CountScope = {
  storageConfigId: string;
  prefix: string;
  excluded: (readonly [string, string])[];
  unsure: "outward" | "odd" | "every";
  limit: number;
};

/**
 * What a row sorts by in a page of matches: its key without the folder's trailing "/", the order of the
 * paths the search answers (a folder "a/b/" before "a/b c", as "/m/a/b" before "/m/a/b c"); the key
 * itself breaks ties ("a/b" and "a/b/" both held).
 */
export const pathOrderKey = (key: string) => (key.endsWith("/") ? key.slice(0, -1) : key);

export type SearchState = {
  /**
   * Every column of every mount and storage config row a search's mount tree is made of, as one text:
   * it differs whenever one of them does, so the tree loaded once serves searches until it changes.
   */
  treeStamp: string;
  /** Each storage's state row: its last complete crawl, null when never completed. */
  indexedAt: Map<string, Date | null>;
};

/** The mount and storage config columns a search's tree holds (explorer/mounts.ts `mountSelect`). */
const MOUNT_COLUMNS = ["id", "name", "mountPath", "storageType", "storageConfigId", "folder", "remark", "isActive"]
  .concat(["sortOrder", "cacheTtl", "createdBy", "createdAt", "updatedAt", "lastUsedAt", "lastRefreshAt"])
  .map((column) => `"${column}"`)
  .join(", ");
const STORAGE_COLUMNS = `"id", "name", "providerType", "shareFolder", "signatureExpiresIn"`;

type RawRow = {
  storageConfigId: string;
  key: string;
  size: unknown;
  isFolder: unknown;
  hasMarker: unknown;
  modifiedMs: unknown;
};

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const toBoolean = (value: unknown) => value === true || value === 1 || value === 1n || value === "1";

function objectOf(row: RawRow): IndexedObject {
  return {
    storageConfigId: row.storageConfigId,
    key: row.key,
    size: toNumber(row.size) ?? 0,
    isFolder: toBoolean(row.isFolder),
    hasMarker: toBoolean(row.hasMarker),
    modifiedMs: toNumber(row.modifiedMs),
  };
}

const COLUMNS = `"storageConfigId", "key", "size", "isFolder", "hasMarker", "modifiedMs"`;

/** `pgSchema` overrides the schema the URL names, as the tests' databases do (db/client.ts). */
export function createIndexStore(db: Database, databaseUrl: string, pgSchema?: string): IndexStore {
  const provider = providerOf(databaseUrl);
  const isPostgres = provider === "postgres";
  const schema = isPostgres ? (postgresTarget(databaseUrl, pgSchema).schema ?? "public") : null;
  const table = schema ? `"${schema}"."FsIndexEntry"` : `"FsIndexEntry"`;
  // Byte order on both databases, whatever the Postgres database's collation.
  const keyColumn = (alias = "") => (isPostgres ? `${alias}"key" COLLATE "C"` : `${alias}"key"`);
  const bool = (value: boolean) => (isPostgres ? value : value ? 1 : 0);
  const substring = (column: string) => (isPostgres ? `strpos(${column}, ?) > 0` : `instr(${column}, ?) > 0`);
  /** SQL written with `?` placeholders, numbered for Postgres. */
  const sql = (text: string) => {
    if (!isPostgres) return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const statements = new StatementCache();
  /** Rows a statement answers; `text` is written with `?` placeholders. */
  async function query<T = RawRow>(text: string, params: unknown[]): Promise<T[]> {
    const driver = await driverConnectionOf(db);
    if (driver.provider === "sqlite") return statements.of(driver, text).all(...(params as never[])) as T[];
    return (await driver.pool.query(sql(text), params)).rows as T[];
  }
  /** Rows a statement changed. */
  async function execute(text: string, params: unknown[]): Promise<number> {
    const driver = await driverConnectionOf(db);
    if (driver.provider === "sqlite") return statements.of(driver, text).run(...(params as never[])).changes;
    return (await driver.pool.query(sql(text), params)).rowCount ?? 0;
  }

  /** Samples of names per set of storages (trigram-sample.ts), with the id range they were drawn from. */
  const samples = new Map<string, { sample: Promise<NameSample>; idSpan: number }>();
  /** A sample of these storages' names: ids drawn at random between the lowest and the highest, kept a while. */
  async function sampleFor(storageConfigIds: string[]): Promise<NameSample> {
    const [range] = await query<{ low: unknown; high: unknown }>(
      // Two subqueries: SQLite answers a lone MIN or MAX from the key's end, both at once by a full scan.
      `SELECT (SELECT MIN("id") FROM ${table}) AS "low", (SELECT MAX("id") FROM ${table}) AS "high"`,
      [],
    );
    const low = Number(range?.low ?? 0);
    const idSpan = Number(range?.high ?? 0) - low + 1;
    const cacheKey = [...storageConfigIds].sort().join(",");
    const known = samples.get(cacheKey);
    // A table grown or shrunk by half since is another mix of names.
    if (known && idSpan < known.idSpan * 1.5 && idSpan > known.idSpan / 1.5) {
      const sample = await known.sample;
      if (Date.now() - sample.takenMs < SAMPLE_TTL_MS) return sample;
    }
    const sample = (async () => {
      // Ids are drawn a page at a time until SAMPLE_NAMES of these storages' names are in: ids taken by
      // rows since deleted, or by other storages' rows, draw nothing, and the draws go on (up to a bound).
      const drawn = new Set<number>();
      const names: string[] = [];
      const draws = Math.min(SAMPLE_DRAWS_MAX, Math.max(0, idSpan));
      const storages = storageConfigIds.map(() => "?").join(", ");
      while (names.length < SAMPLE_NAMES && drawn.size < draws) {
        const chunk: number[] = [];
        while (chunk.length < ROWS_PER_STATEMENT && drawn.size < draws) {
          const id = low + Math.floor(Math.random() * idSpan);
          if (drawn.has(id)) continue;
          drawn.add(id);
          chunk.push(id);
        }
        const rows = await query<{ name: string }>(
          // "+" keeps SQLite on the ids: the storage's index would read every row of it.
          `SELECT "name" FROM ${table} WHERE "id" IN (${chunk.map(() => "?").join(", ")}) AND ${isPostgres ? "" : "+"}"storageConfigId" IN (${storages})`,
          [...chunk, ...storageConfigIds],
        );
        for (const row of rows) names.push(row.name);
      }
      // Rows of these storages, estimated from the share of drawn ids that are theirs.
      const rows = drawn.size === 0 ? 0 : Math.round((names.length / drawn.size) * idSpan);
      return sampleOf(names, rows, Date.now());
    })();
    samples.set(cacheKey, { sample, idSpan });
    sample.catch(() => samples.delete(cacheKey));
    return sample;
  }

  /**
   * What the trigram lookup asks of the index: the plan's trigrams (SQLite: FTS5 terms; Postgres:
   * LIKE patterns pg_trgm answers), or the whole needle.
   */
  function termsOf(sample: NameSample, needle: string, plan: NamePlan): string[] {
    if (plan.kind !== "trigrams") return [needle];
    // pg_trgm also indexes a word's edges (" 07" and "07 " of "2019-07-14"), which it takes from a
    // LIKE of the whole needle: where the runs of three letters or digits alone would read many more
    // rows than hold the needle (a date's "019"), the whole needle narrows further (docs/performance.md).
    if (isPostgres && /[^\p{L}\p{N}]/u.test(needle)) {
      const { reads, finds } = sampledShares(sample, needle, plan.trigrams);
      if (reads * sample.rows > WIDE_READS && reads > 4 * finds) return [needle];
    }
    return plan.trigrams;
  }
  const ftsMatchOf = (terms: string[]) => terms.map((gram) => `"${gram.replace(/"/g, '""')}"`).join(" AND ");

  /**
   * The parts of a count of one folder's matches (`countByName`) over rows aliased `e`: which keys the
   * caller must judge (`unsure`), the key ranges left out (`excluded`), and a folder's row whose file of
   * the same path is held too (`twin`, counted once).
   */
  function countClauses(scope: Omit<CountScope, "limit">) {
    // Keys that may normalise elsewhere, by what follows the prefix ("rel"): the caller judges them.
    const rel = `substr(e."key", ${[...scope.prefix].length + 1})`;
    const has = (text: string) => (isPostgres ? `strpos(${text}, ?) > 0` : `instr(${text}, ?) > 0`);
    const outward = `${has(rel)} OR ${isPostgres ? `${rel} ~ ?` : `${rel} GLOB ?`}`;
    const outwardParams = ["..", isPostgres ? "[\x01-\x1f\x7f]" : "*[\u0001-\u001f\u007f]*"];
    // The relative path between slashes, its trailing "/" (a folder's) not doubled.
    const between = `('/' || ${rel} || CASE WHEN ${isPostgres ? `right(${rel}, 1)` : `substr(${rel}, -1)`} = '/' THEN '' ELSE '/' END)`;
    const odd = `${outward} OR ${has(rel)} OR ${has(between)} OR ${has(between)} OR ${
      isPostgres ? `(${rel} COLLATE "C") ~ ?` : `${rel} GLOB ?`
    }`;
    const oddParams = [...outwardParams, "\\", "//", "/./", isPostgres ? "[^ -~]" : "*[^ -~]*"];
    const [unsure, unsureParams]: [string, unknown[]] =
      scope.unsure === "every"
        ? ["1 = 1", []]
        : scope.unsure === "outward"
          ? [outward, outwardParams]
          : [odd, oddParams];
    const key = isPostgres ? keyColumn("e.") : 'e."key"';
    const excluded = scope.excluded.map(() => `(${key} >= ? AND ${key} < ?)`).join(" OR ");
    // A folder's row ("a/b/") whose file of the same path ("a/b") is held too is one match, not two.
    const twin = `${isPostgres ? `right(e."key", 1)` : `substr(e."key", -1)`} = '/' AND EXISTS (SELECT 1 FROM ${table} x
      WHERE x."storageConfigId" = e."storageConfigId" AND x."key" = ${isPostgres ? `left(e."key", -1)` : `substr(e."key", 1, length(e."key") - 1)`})`;
    return { unsure, unsureParams, excluded, excludedParams: scope.excluded.flat(), key, twin };
  }

  /**
   * The trigram lookup of one page of matches (`findPageByName`), and with `count` (on the first page)
   * the folder's matches counted as `countByName` counts them, from the same read of the matches.
   */
  async function lookUp(
    storageConfigIds: string[],
    needle: string,
    cap: number,
    page: NamePage,
    count: CountScope | undefined,
  ): Promise<{ rows: RawRow[]; counted: Counted | null } | null> {
    if ([...needle].length < TRIGRAM_LENGTH || storageConfigIds.length === 0) return null;
    const sample = await sampleFor(storageConfigIds);
    const plan = planName(sample, needle, cap, isPostgres);
    if (plan.kind === "common") return null;
    const terms = termsOf(sample, needle, plan);
    // One storage's rows under the folder, in path order (`pathOrderKey`, then the key), after the
    // page before. SQLite: "+" keeps it on the trigram index, not walking the folder's keys in order.
    const key = isPostgres ? keyColumn("e.") : 'e."key"';
    const orderKey = isPostgres ? `rtrim(e."key", '/') COLLATE "C"` : `rtrim(e."key", '/')`;
    const plus = isPostgres ? "" : "+";
    const scope = `${plus}e."storageConfigId" = ? AND ${plus}${key} > ? AND ${plus}${key} < ?`;
    const scopeParams = [page.storageConfigId, page.prefix, prefixEnd(page.prefix)];
    const after = page.after === null ? "" : ` AND (${orderKey}, ${key}) > (?, ?)`;
    const afterParams = page.after === null ? [] : [pathOrderKey(page.after), page.after];
    // The trigrams narrow, the needle decides: the LIMIT counts only rows that truly hold it.
    const [from, match, matchParams] = isPostgres
      ? [
          `${table} e`,
          `${terms.map(() => `e."name" LIKE ?`).join(" AND ")} AND strpos(e."name", ?) > 0`,
          [...terms.map((gram) => `%${escapeLikeTerm(gram)}%`), needle],
        ]
      : [
          `"FsIndexName" f JOIN ${table} e ON e."id" = f.rowid`,
          `"FsIndexName" MATCH ? AND instr(e."name", ?) > 0`,
          [ftsMatchOf(plan.kind === "trigrams" ? plan.trigrams : [needle]), needle],
        ];
    const columns = COLUMNS.replace(/"(\w+)"/g, 'e."$1"');
    if (!count || page.after !== null) {
      const rows = await query(
        `SELECT ${columns} FROM ${from} WHERE ${scope}${after} AND ${match} ORDER BY ${orderKey}, ${key} LIMIT ?`,
        [...scopeParams, ...afterParams, ...matchParams, page.limit],
      );
      return { rows, counted: null };
    }
    // The page and the count from one read of the matches: the page sorts every match anyway, and a
    // second statement to count them read each again (its heap block, its trigram lists: a date's
    // common word edges cost Postgres 20-40 ms a read at 1,000,000 rows, docs/performance.md).
    const clauses = countClauses(count);
    const kept = `NOT (${clauses.twin})${clauses.excluded ? ` AND ((${clauses.unsure}) OR NOT (${clauses.excluded}))` : ""}`;
    const unsureList = isPostgres
      ? `COALESCE(json_agg(k) FILTER (WHERE k IS NOT NULL), '[]')::text`
      : `json_group_array(k) FILTER (WHERE k IS NOT NULL)`;
    const rows = await query<RawRow & { countRows: unknown; countUnsure: string | null }>(
      `WITH "m" AS MATERIALIZED (SELECT ${columns} FROM ${from} WHERE ${scope} AND ${match}),
         "p" AS (SELECT * FROM "m" e ORDER BY ${orderKey}, ${key} LIMIT ?),
         "c" AS (SELECT COUNT(*) AS "countRows", ${unsureList} AS "countUnsure" FROM (
           SELECT CASE WHEN (${clauses.unsure}) THEN e."key" END AS k FROM "m" e WHERE ${kept} LIMIT ?) s)
       SELECT e.*, "c".* FROM "c" LEFT JOIN "p" e ON ${isPostgres ? "true" : "1"} ORDER BY ${orderKey}, ${key}`,
      [
        ...scopeParams,
        ...matchParams,
        page.limit,
        ...clauses.unsureParams,
        ...(clauses.excluded ? [...clauses.unsureParams, ...clauses.excludedParams] : []),
        count.limit,
      ],
    );
    const first = rows[0];
    return {
      // A page of no rows is one row of the count alone.
      rows: rows.filter((row) => row.key !== null),
      counted: {
        rows: Number(first?.countRows ?? 0),
        unsure: JSON.parse(first?.countUnsure ?? "[]") as string[],
      },
    };
  }

  return {
    provider,

    async upsert(storageConfigId, rows, seenMs) {
      // One row per key: a page may name a folder both as a marker and as the parent of a key.
      const byKey = new Map<string, IndexRow>();
      for (const row of rows) {
        const known = byKey.get(row.key);
        byKey.set(row.key, known ? { ...row, hasMarker: row.hasMarker || known.hasMarker } : row);
      }
      // In key order: concurrent upserts then take the rows' locks in one order (Postgres: no deadlock).
      const unique = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      // Postgres takes the page as one array per column, all of it in one statement: a statement of
      // 7 values a row (VALUES) cost the database more to parse and plan than to write the rows.
      // SQLite has no arrays: VALUES, under its limit of parameters.
      const perStatement = isPostgres ? Math.max(1, unique.length) : ROWS_PER_STATEMENT;
      for (let i = 0; i < unique.length; i += perStatement) {
        const chunk = unique.slice(i, i + perStatement);
        const params: unknown[] = [];
        let page: string;
        if (isPostgres) {
          const columns: unknown[][] = [[], [], [], [], [], []];
          for (const row of chunk) {
            columns[0]?.push(row.key);
            columns[1]?.push(indexedNameOf(row.key));
            columns[2]?.push(row.size);
            columns[3]?.push(row.isFolder);
            columns[4]?.push(row.hasMarker);
            columns[5]?.push(row.modifiedMs);
          }
          params.push(seenMs, ...columns);
          page = `SELECT *, CAST(? AS BIGINT) AS "seenMs" FROM unnest(CAST(? AS TEXT[]), CAST(? AS TEXT[]),
            CAST(? AS BIGINT[]), CAST(? AS BOOLEAN[]), CAST(? AS BOOLEAN[]), CAST(? AS BIGINT[]))
            AS u ("key", "name", "size", "isFolder", "hasMarker", "modifiedMs")`;
        } else {
          for (const row of chunk) {
            params.push(
              row.key,
              indexedNameOf(row.key),
              row.size,
              bool(row.isFolder),
              bool(row.hasMarker),
              row.modifiedMs,
              seenMs,
            );
          }
          page = `VALUES ${chunk.map(() => "(?, ?, CAST(? AS BIGINT), CAST(? AS BOOLEAN), CAST(? AS BOOLEAN), CAST(? AS BIGINT), CAST(? AS BIGINT))").join(", ")}`;
        }
        // A key already indexed is written with the id its row has: an INSERT that meets a conflict
        // otherwise still takes a new id (SQLite's AUTOINCREMENT, a Postgres sequence), and a crawl
        // re-seeing a million keys each hour thinned the ids out by a million an hour, until the name
        // sample (trigram-sample.ts), which draws ids at random, found few rows. A new key takes the
        // next id (SQLite: a null id; Postgres: COALESCE asks the sequence only then). A row some later
        // write has refreshed is left alone (`seenMs` decides).
        const nextId = isPostgres ? `COALESCE(x."id", nextval(pg_get_serial_sequence('${table}', 'id')))` : `x."id"`;
        await execute(
          `WITH "page" ("key", "name", "size", "isFolder", "hasMarker", "modifiedMs", "seenMs") AS (${page})
           INSERT INTO ${table} AS e ("id", "storageConfigId", "key", "name", "size", "isFolder", "hasMarker", "modifiedMs", "seenMs")
           SELECT ${nextId}, ?, p."key", p."name", p."size", p."isFolder", p."hasMarker", p."modifiedMs", p."seenMs"
           FROM "page" p LEFT JOIN ${table} x ON x."storageConfigId" = ? AND x."key" = p."key"
           WHERE true ORDER BY ${keyColumn("p.")}
           ON CONFLICT ("storageConfigId", "key") DO UPDATE SET
             "size" = excluded."size",
             "isFolder" = excluded."isFolder",
             "hasMarker" = (excluded."hasMarker" OR e."hasMarker"),
             "modifiedMs" = COALESCE(excluded."modifiedMs", e."modifiedMs"),
             "seenMs" = excluded."seenMs"
           WHERE e."seenMs" <= excluded."seenMs"`,
          [...params, storageConfigId, storageConfigId],
        );
      }
    },

    async remove(storageConfigId, keys) {
      const files = keys.filter((key) => !key.endsWith("/"));
      const folders = keys.filter((key) => key.endsWith("/"));
      for (const [list, statement] of [
        [files, `DELETE FROM ${table} WHERE "storageConfigId" = ? AND "key" IN`],
        [
          folders,
          `UPDATE ${table} SET "hasMarker" = ${isPostgres ? "false" : "0"} WHERE "storageConfigId" = ? AND "key" IN`,
        ],
      ] as const) {
        for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) {
          const chunk = list.slice(i, i + ROWS_PER_STATEMENT);
          await execute(`${statement} (${chunk.map(() => "?").join(", ")})`, [storageConfigId, ...chunk]);
        }
      }
    },

    async pruneFolders(storageConfigId, folderKeys) {
      const depth = (key: string) => key.split("/").length;
      for (const folder of [...new Set(folderKeys)].sort((a, b) => depth(b) - depth(a))) {
        await execute(
          `DELETE FROM ${table} WHERE "storageConfigId" = ? AND "key" = ? AND "hasMarker" = ${isPostgres ? "false" : "0"}
             AND NOT EXISTS (SELECT 1 FROM ${table} c WHERE c."storageConfigId" = ?
               AND ${keyColumn("c.")} > ? AND ${keyColumn("c.")} < ?)`,
          [storageConfigId, folder, storageConfigId, folder, prefixEnd(folder)],
        );
      }
    },

    async dropUnseen(storageConfigId, prefix, sinceMs) {
      return execute(
        `DELETE FROM ${table} WHERE "storageConfigId" = ? AND ${keyColumn()} >= ? AND ${keyColumn()} < ? AND "seenMs" < ?`,
        [storageConfigId, prefix, prefixEnd(prefix), sinceMs],
      );
    },

    async findPageByName(storageConfigIds, needle, cap, page, count) {
      const found = await lookUp(storageConfigIds, needle, cap, page, count);
      return found === null ? null : { rows: found.rows.map(objectOf), counted: found.counted };
    },

    async countByName(storageConfigIds, needle, scope) {
      const { unsure, unsureParams, excluded, key, twin } = countClauses(scope);
      const has = (text: string) => (isPostgres ? `strpos(${text}, ?) > 0` : `instr(${text}, ?) > 0`);
      // Through the trigram index where the needle is long enough (whatever its rows: this reads no more
      // than the LIMIT of them), else the folder's keys in order. SQLite: "+" keeps the trigram lookup
      // from walking the folder's keys instead.
      const byTrigrams = [...needle].length >= TRIGRAM_LENGTH;
      const plus = byTrigrams && !isPostgres ? "+" : "";
      let from = `${table} e`;
      let terms = "";
      let termParams: unknown[] = [];
      if (byTrigrams) {
        const sample = await sampleFor(storageConfigIds);
        const grams = termsOf(sample, needle, planName(sample, needle, Number.POSITIVE_INFINITY, isPostgres));
        if (isPostgres) {
          terms = ` AND ${grams.map(() => `e."name" LIKE ?`).join(" AND ")}`;
          termParams = grams.map((gram) => `%${escapeLikeTerm(gram)}%`);
        } else {
          from = `"FsIndexName" f JOIN ${table} e ON e."id" = f.rowid`;
          terms = ` AND "FsIndexName" MATCH ?`;
          termParams = [ftsMatchOf(grams)];
        }
      }
      const inner = `SELECT CASE WHEN (${unsure}) THEN e."key" END AS k FROM ${from}
        WHERE ${plus}e."storageConfigId" = ? AND ${plus}${key} > ? AND ${plus}${key} < ?${terms} AND ${has('e."name"')}
          AND NOT (${twin})${excluded ? ` AND ((${unsure}) OR NOT (${excluded}))` : ""} LIMIT ?`;
      const [row] = await query<{ rows: unknown; unsure: string | null }>(
        isPostgres
          ? `SELECT COUNT(*) AS "rows", COALESCE(json_agg(k) FILTER (WHERE k IS NOT NULL), '[]')::text AS "unsure" FROM (${inner}) s`
          : `SELECT COUNT(*) AS "rows", json_group_array(k) FILTER (WHERE k IS NOT NULL) AS "unsure" FROM (${inner})`,
        [
          ...unsureParams,
          scope.storageConfigId,
          scope.prefix,
          prefixEnd(scope.prefix),
          ...termParams,
          needle,
          ...(excluded ? [...unsureParams, ...scope.excluded.flat()] : []),
          scope.limit,
        ],
      );
      return { rows: Number(row?.rows ?? 0), unsure: JSON.parse(row?.unsure ?? "[]") as string[] };
    },

    async walkByName(storageConfigId, prefix, afterKey, needle, limit) {
      const rows = await query(
        `SELECT ${COLUMNS} FROM ${table} WHERE "storageConfigId" = ? AND ${keyColumn()} > ? AND ${keyColumn()} < ?
           AND ${substring('"name"')} ORDER BY ${keyColumn()} LIMIT ?`,
        [storageConfigId, afterKey, prefixEnd(prefix), needle, limit],
      );
      return rows.map(objectOf);
    },

    async countFiles(storageConfigId, prefix) {
      const rows = await query<{ count: unknown }>(
        `SELECT COUNT(*) AS "count" FROM ${table} WHERE "storageConfigId" = ? AND ${keyColumn()} >= ? AND ${keyColumn()} < ?
           AND "isFolder" = ${isPostgres ? "false" : "0"}`,
        [storageConfigId, prefix, prefixEnd(prefix)],
      );
      return Number(rows[0]?.count ?? 0);
    },

    async settle() {
      if (isPostgres) await execute(`VACUUM (ANALYZE) ${table}`, []);
    },

    async searchState() {
      const tableOf = (name: string) => (schema ? `"${schema}"."${name}"` : `"${name}"`);
      // JSON arrays in id order: one text per table, compared whole. The crawl's date as epoch
      // milliseconds on Postgres (a timestamp without zone read as local time by pg otherwise).
      const [row] = await query<{ mounts: string; storages: string; states: string }>(
        isPostgres
          ? `SELECT
               (SELECT COALESCE(json_agg(json_build_array(${MOUNT_COLUMNS}) ORDER BY "id"), '[]')::text FROM ${tableOf("Mount")}) AS "mounts",
               (SELECT COALESCE(json_agg(json_build_array(${STORAGE_COLUMNS}) ORDER BY "id"), '[]')::text FROM ${tableOf("StorageConfig")}) AS "storages",
               (SELECT COALESCE(json_agg(json_build_array("storageConfigId", EXTRACT(EPOCH FROM "indexedAt") * 1000)), '[]')::text
                  FROM ${tableOf("FsIndexState")}) AS "states"`
          : `SELECT
               (SELECT json_group_array(json_array(${MOUNT_COLUMNS})) FROM (SELECT * FROM "Mount" ORDER BY "id")) AS "mounts",
               (SELECT json_group_array(json_array(${STORAGE_COLUMNS})) FROM (SELECT * FROM "StorageConfig" ORDER BY "id")) AS "storages",
               (SELECT json_group_array(json_array("storageConfigId", "indexedAt")) FROM "FsIndexState") AS "states"`,
        [],
      );
      const indexedAt = new Map<string, Date | null>();
      for (const [id, at] of JSON.parse(row?.states ?? "[]") as [string, string | number | null][]) {
        // SQLite holds Prisma's dates as ISO text (or epoch milliseconds); Date reads both.
        indexedAt.set(
          id,
          at === null ? null : new Date(typeof at === "string" && /^\d+(\.\d+)?$/.test(at) ? Number(at) : at),
        );
      }
      return { treeStamp: `${row?.mounts ?? ""}\n${row?.storages ?? ""}`, indexedAt };
    },
  };
}

/** Statements kept prepared per SQLite connection, the most recently used; bun:sqlite's own cache of
 * `query` (a few dozen texts, shared with every Prisma query) let the search's statements go. */
class StatementCache {
  static readonly SIZE = 64;
  private connection: DriverConnection | null = null;
  private readonly byText = new Map<string, Statement>();

  of(driver: DriverConnection & { provider: "sqlite" }, text: string): Statement {
    if (this.connection !== driver) {
      // Prisma reconnected: the old connection's statements went with it.
      this.byText.clear();
      this.connection = driver;
    }
    const known = this.byText.get(text);
    if (known) {
      this.byText.delete(text);
      this.byText.set(text, known);
      return known;
    }
    const statement = driver.sqlite.prepare(text);
    this.byText.set(text, statement);
    if (this.byText.size > StatementCache.SIZE) {
      const [oldest] = this.byText;
      if (oldest) {
        this.byText.delete(oldest[0]);
        oldest[1].finalize();
      }
    }
    return statement;
  }
}
