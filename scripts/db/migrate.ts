// `bun run db:migrate`: applies pending migrations to the database in DATABASE_URL, like
// `prisma migrate deploy` but offline (see server/db/migrate.ts). The server does the same at start,
// so this is for deploy scripts and for looking at a database by hand.
//
// DATABASE_URL defaults to the server's default, file:./data/pastebox.db (resolved from the working
// directory). A relative file: URL is resolved the same way. `--schema <name>` migrates that Postgres
// schema (the `pgSchema` option) instead of `public`.

import path from "node:path";
import { migrateDatabase, providerOfUrl, sqliteFilePath } from "../../server/db/migrate.ts";

function describe(url: string): string {
  // Never print a password that may be in a Postgres URL.
  if (providerOfUrl(url) === "sqlite") return path.relative(process.cwd(), sqliteFilePath(url)) || url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const schemaIndex = args.indexOf("--schema");
  const pgSchema = schemaIndex >= 0 ? args[schemaIndex + 1] : undefined;
  let url = process.env.DATABASE_URL || "file:./data/pastebox.db";
  try {
    if (providerOfUrl(url) === "sqlite") url = `file:${sqliteFilePath(url)}`;
    const started = performance.now();
    const { applied } = await migrateDatabase(url, pgSchema ? { pgSchema } : {});
    const ms = Math.round(performance.now() - started);
    const target = `${describe(url)}${pgSchema ? ` (schema ${pgSchema})` : ""}`;
    if (applied.length === 0) {
      console.log(`db:migrate: ${target} is up to date (${ms} ms)`);
    } else {
      console.log(
        `db:migrate: applied ${applied.length} migration${applied.length > 1 ? "s" : ""} to ${target} (${ms} ms)`,
      );
      for (const name of applied) console.log(`  ${name}`);
    }
    // The wasm engine leaves a 10 s timer behind (its advisory-lock timeout on Postgres): don't wait for it.
    process.exit(0);
  } catch (error) {
    console.error(`db:migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
