// Statements on the driver connection under Prisma (db/client.ts driverConnectionOf), for the hot reads
// where Prisma's building and mapping of a query cost more than the database's own work (docs/performance.md
// "Admin lists"): the SQL written once for both providers, and the values read back in Prisma's types.
import type { DriverConnection } from "./client";

/** `sql` for the driver: parameters as `?N` (`$N` on Postgres), `{T}` a table (in its schema on Postgres). */
export function driverSql(driver: DriverConnection, sql: string): string {
  if (driver.provider === "sqlite") return sql.replace(/\{(\w+)\}/g, (_, table: string) => `"${table}"`);
  return sql
    .replace(/\{(\w+)\}/g, (_, table: string) => `"${driver.schema}"."${table}"`)
    .replace(/\?(\d+)/g, (_, n: string) => `$${n}`);
}

/** Runs `sql` (see `driverSql`) on the driver connection under Prisma: no query building, rows as the driver gives them. */
export async function driverQuery(
  driver: DriverConnection,
  sql: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const text = driverSql(driver, sql);
  if (driver.provider === "sqlite")
    return driver.sqlite.query(text).all(...(params as never[])) as Record<string, unknown>[];
  return (await driver.pool.query(text, params)).rows as Record<string, unknown>[];
}

/**
 * A timestamp column as the driver should read it: Postgres as epoch milliseconds (pg's own parser would
 * read it in the server's time zone), SQLite as it is (Prisma's ISO text).
 */
export function driverDateColumn(driver: DriverConnection, column: string): string {
  return driver.provider === "postgres" ? `(extract(epoch from ${column}) * 1000)::float8` : column;
}

/** A timestamp the driver read (see driverDateColumn) as a Date. */
export function driverDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return new Date(typeof value === "string" ? value : Number(value));
}

/** A boolean the driver read: Postgres' true, SQLite's 1. */
export function driverFlag(value: unknown): boolean {
  return value === true || Number(value) === 1;
}
