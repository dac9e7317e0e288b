// `bun run db:generate` (also package.json postinstall): keeps the two Prisma schemas in step and
// generates both clients, offline.
//
// prisma/sqlite/schema.prisma is the one schema people edit. A Prisma schema has exactly one
// provider, so this script writes prisma/postgres/schema.prisma from it (provider "postgresql",
// client output server/db/generated/postgres) and runs `prisma generate` for each.
//
// `prisma generate` tries to download the native schema engine and fails on machines without
// internet; it does not actually need it, so PRISMA_SCHEMA_ENGINE_BINARY points at /bin/false.
//
// A client is regenerated only when its schema text or the Prisma version changed since the last
// run (a stamp file inside the generated folder records both), so postinstall and
// db:migration stay fast and quiet. `--force` regenerates anyway.
//
// Other scripts import `syncPostgresSchema`, `generateClients` and the paths from here.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dir, "../..");
export const sqliteSchemaPath = path.join(repoRoot, "prisma/sqlite/schema.prisma");
export const postgresSchemaPath = path.join(repoRoot, "prisma/postgres/schema.prisma");

export type Provider = "sqlite" | "postgres";

const POSTGRES_HEADER = "// generated from prisma/sqlite/schema.prisma by bun run db:generate; do not edit\n\n";

/** The postgres schema text for a given sqlite schema text. Throws when the text lacks what we rewrite. */
export function toPostgresSchema(sqliteSchema: string): string {
  let sawProvider = false;
  let sawOutput = false;
  // Only the `datasource` block's provider changes; a generator also has a `provider` line.
  let text = sqliteSchema.replace(/(datasource\s+\w+\s*\{[^}]*?provider\s*=\s*)"sqlite"/, (_m, head: string) => {
    sawProvider = true;
    return `${head}"postgresql"`;
  });
  text = text.replace(/(generator\s+\w+\s*\{[^}]*?output\s*=\s*")([^"]*\/)sqlite"/, (_m, head: string, dir: string) => {
    sawOutput = true;
    return `${head}${dir}postgres"`;
  });
  if (!sawProvider) throw new Error(`${rel(sqliteSchemaPath)}: no datasource with provider = "sqlite"`);
  if (!sawOutput) throw new Error(`${rel(sqliteSchemaPath)}: the generator output must end in /sqlite`);
  return POSTGRES_HEADER + text;
}

/** Writes prisma/postgres/schema.prisma when it differs. Returns both schema texts. */
export function syncPostgresSchema(): { sqlite: string; postgres: string; wrote: boolean } {
  const sqlite = readFileSync(sqliteSchemaPath, "utf8");
  const postgres = toPostgresSchema(sqlite);
  const current = existsSync(postgresSchemaPath) ? readFileSync(postgresSchemaPath, "utf8") : null;
  const wrote = current !== postgres;
  if (wrote) {
    mkdirSync(path.dirname(postgresSchemaPath), { recursive: true });
    writeFileSync(postgresSchemaPath, postgres);
  }
  return { sqlite, postgres, wrote };
}

function prismaVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, "node_modules/prisma/package.json"), "utf8"));
  return String(pkg.version);
}

function generatedDir(provider: Provider): string {
  return path.join(repoRoot, "server/db/generated", provider);
}

function stampFor(schemaText: string): string {
  return createHash("sha256").update(prismaVersion()).update("\0").update(schemaText).digest("hex");
}

/** Runs `prisma generate` for each provider whose schema (or Prisma version) changed. */
export async function generateClients(options: { force?: boolean } = {}): Promise<Provider[]> {
  const { sqlite, postgres } = syncPostgresSchema();
  const jobs: { provider: Provider; schemaPath: string; text: string }[] = [
    { provider: "sqlite", schemaPath: sqliteSchemaPath, text: sqlite },
    { provider: "postgres", schemaPath: postgresSchemaPath, text: postgres },
  ];
  const stale = jobs.filter(({ provider, text }) => {
    if (options.force) return true;
    const stampPath = path.join(generatedDir(provider), ".schema-stamp");
    return !existsSync(stampPath) || readFileSync(stampPath, "utf8") !== stampFor(text);
  });
  // The two generate runs are independent child processes: run them side by side.
  await Promise.all(stale.map((job) => runPrismaGenerate(job.schemaPath)));
  for (const { provider, text } of stale) {
    writeFileSync(path.join(generatedDir(provider), ".schema-stamp"), stampFor(text));
  }
  return stale.map((job) => job.provider);
}

async function runPrismaGenerate(schemaPath: string): Promise<void> {
  const cli = path.join(repoRoot, "node_modules/prisma/build/index.js");
  if (!existsSync(cli)) throw new Error("node_modules/prisma is missing: run `bun install` first");
  // Node runs the CLI, as it does for anyone calling `prisma`; Bun is the fallback. Its output is
  // shown only when it fails.
  const runtime = Bun.which("node") ?? process.execPath;
  const child = Bun.spawn([runtime, cli, "generate", "--schema", schemaPath], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || "/bin/false",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) {
    throw new Error(`prisma generate --schema ${rel(schemaPath)} failed (exit ${code}):\n${out}${err}`);
  }
}

function rel(file: string): string {
  return path.relative(repoRoot, file);
}

if (import.meta.main) {
  try {
    const generated = await generateClients({ force: process.argv.includes("--force") });
    console.log(
      generated.length === 0
        ? "db:generate: Prisma clients up to date"
        : `db:generate: generated the ${generated.join(" and ")} Prisma client${generated.length > 1 ? "s" : ""}`,
    );
  } catch (error) {
    console.error(`db:generate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
