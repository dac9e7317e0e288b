// Configuration for the ordinary Prisma CLI (`bunx prisma migrate deploy`, `migrate status`,
// `studio`, ...), for people with internet access, where Prisma can download its native engine.
// The project's own scripts (db:generate, db:migration, db:migrate) work offline without it.
//
// DATABASE_URL picks the provider, as it does for the server: `postgresql://` / `postgres://` uses
// prisma/postgres (schema + migrations), anything else prisma/sqlite, default file:./data/pastebox.db.
// process.env is read directly: Prisma's env() helper throws when the variable is unset, even for
// commands that need no database.
import path from "node:path";
import { defineConfig } from "prisma/config";

const root = import.meta.dirname;
const url = process.env.DATABASE_URL || "file:./data/pastebox.db";
const provider = /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";

// A relative SQLite path means "from the repo root", as for the server started there; made absolute
// so the CLI and the app open the same file.
function absoluteSqliteUrl(fileUrl: string): string {
  const filePath = fileUrl.replace(/^file:/, "");
  return path.isAbsolute(filePath) ? fileUrl : `file:${path.resolve(root, filePath)}`;
}

export default defineConfig({
  schema: path.join(root, "prisma", provider, "schema.prisma"),
  migrations: { path: path.join(root, "prisma", provider, "migrations") },
  datasource: { url: provider === "sqlite" ? absoluteSqliteUrl(url) : url },
});
