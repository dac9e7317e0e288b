// The management lists' queries on SQLite read their rows through an index in list order
// (docs/admin-lists.md "Query plans"): every statement a list page sends, Prisma's and those sent on
// the driver connection under it (services/shares/share-list.ts), is captured where both reach SQLite
// (the connection's `query`) and put to EXPLAIN QUERY PLAN, which must show neither a read of every FileShare or Paste row nor a
// sort of the matching rows before the page. SQLite picks a plan from the schema alone (no ANALYZE
// statistics), so a small table shows the plan a million rows get: a file list whose "files in sets"
// count read the whole table took 1.1 s at 1,000,000 rows. Postgres plans by its statistics and is
// measured by `bun run bench admin-lists` instead.
import { Database as SqliteFile } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { listPastesInput } from "@shared/schemas/pastes";
import { listFilesInput } from "@shared/schemas/shares/shares";
import type { AuthState } from "../services/auth/sessions";
import { pasteSummaryColumns } from "../services/pastes/paste-summary";
import { listPastes } from "../services/pastes/pastes";
import { listFiles } from "../services/shares/manage";
import { createTestApp, type TestApp } from "../test/harness";
import { createDatabase, type Database, driverConnectionOf } from "./client";
import { encodeListCursor } from "./list-cursor";

type Statement = { sql: string; params: unknown[] };

let t: TestApp;
let logged: Database;
let file: SqliteFile;
const sent: Statement[] = [];
let admin: AuthState;
let key: AuthState;
let storageId: string;

beforeAll(async () => {
  t = await createTestApp("sqlite");
  // A second client on the same file, made as the app's is, whose connection reports each statement
  // run on it with its values: Prisma's adapter and the lists' own statements both prepare them there.
  logged = createDatabase(t.config.databaseUrl);
  const driver = await driverConnectionOf(logged);
  if (driver.provider !== "sqlite") throw new Error("the plans are SQLite's");
  const connection = driver.sqlite;
  const prepare = connection.query.bind(connection);
  connection.query = ((sql: string) => {
    const statement = prepare(sql);
    return new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (!["all", "values", "get", "run"].includes(String(property))) return value.bind(target);
        return (...params: unknown[]) => {
          sent.push({ sql, params });
          return value.apply(target, params);
        };
      },
    });
  }) as typeof connection.query;
  file = new SqliteFile(t.config.databaseUrl.slice("file:".length), { readonly: true });
  const adminRow = await t.db.admin.findFirstOrThrow({ select: { id: true, username: true } });
  admin = { type: "admin", adminId: adminRow.id, username: adminRow.username, sessionId: "plans" };
  key = {
    type: "apikey",
    keyId: "plan-key",
    name: "plans",
    basicPath: "/",
    permissions: { text: true, file: true, mount: false },
    mountReadOnly: false,
    sessionId: null,
  } as unknown as AuthState;
  storageId = (await t.db.storageConfig.findFirstOrThrow({ select: { id: true } })).id;
  // A few rows of each kind, one file in a set, so that every branch of the lists runs.
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000);
  await t.db.paste.createMany({
    data: Array.from({ length: 6 }, (_, i) => ({
      slug: `plan-p${i}`,
      content: `plan paste ${i}`,
      ...pasteSummaryColumns(`plan paste ${i}`, false),
      createdBy: i % 2 ? "apikey:plan-key" : `admin:${adminRow.id}`,
      createdAt: at(i),
    })),
  });
  const set = await t.db.shareSet.create({ data: { slug: "plan-set", createdBy: `admin:${adminRow.id}` } });
  await t.db.fileShare.createMany({
    data: Array.from({ length: 6 }, (_, i) => ({
      slug: `plan-f${i}`,
      filename: `plan-${i}.txt`,
      mimetype: "text/plain",
      size: i,
      storageConfigId: storageId,
      storagePath: `plan-${i}.txt`,
      createdBy: i % 2 ? "apikey:plan-key" : `admin:${adminRow.id}`,
      createdAt: at(i),
      status: "ready",
      ...(i === 5 ? { setId: set.id } : {}),
    })),
  });
});

afterAll(async () => {
  file?.close();
  await logged?.$disconnect();
  await t?.cleanup();
});

/** The plan lines of each statement `run` sent about `table`. */
async function plansOf(table: "Paste" | "FileShare", run: (db: Database) => Promise<unknown>) {
  sent.length = 0;
  await run(logged);
  // Prisma names a table `main`.`Paste`, the lists' own statements "Paste".
  const statements = sent.filter(
    (statement) => statement.sql.includes(`\`${table}\``) || statement.sql.includes(`"${table}"`),
  );
  expect(statements.length).toBeGreaterThan(0);
  return statements.map((statement) => {
    const values = statement.params.map((value) => (typeof value === "boolean" ? Number(value) : value));
    const lines = file.query(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...(values as never[])) as { detail: string }[];
    return { sql: statement.sql, plan: lines.map((line) => line.detail) };
  });
}

/** A read of every row of `table`, or a sort of the rows that match before the page is cut. */
function costlySteps(table: string, plans: { sql: string; plan: string[] }[]) {
  return plans.flatMap(({ sql, plan }) =>
    plan
      // Prisma names the schema: "SCAN main.FileShare".
      .map((step) => step.replace("main.", ""))
      .filter((step) => step === `SCAN ${table}` || step.startsWith("USE TEMP B-TREE FOR ORDER BY"))
      .map((step) => `${step}  <-  ${sql}`),
  );
}

/** The indexes the page statements (those with ORDER BY) read, each named once. */
function pageIndexes(plans: { sql: string; plan: string[] }[]) {
  const names = plans
    .filter(({ sql }) => sql.includes("ORDER BY"))
    .flatMap(({ plan }) => plan.map((step) => /USING (?:COVERING )?INDEX (\S+)/.exec(step)?.[1] ?? "none"));
  return [...new Set(names)];
}

const cursor = encodeListCursor({ createdAt: new Date(Date.UTC(2026, 0, 1) + 3000), id: "zzz" });

describe("management lists on SQLite read through an index, in list order", () => {
  // The index a page of one creator's rows must read: walking the newest files outside sets and
  // skipping other creators' is in order too, but reads a million rows for a key that has three.
  const byCreator = (table: string) => `${table}_createdBy_createdAt_id_idx`;
  const fileCases: [string, () => AuthState, Record<string, unknown>][] = [
    ["the admin's first page", () => admin, { limit: 20 }],
    ["the admin's page by cursor", () => admin, { limit: 20, cursor }],
    ["the admin's first page of one storage", () => admin, { limit: 20, s3_config_id: "" }],
    ["the admin's page of one storage by cursor", () => admin, { limit: 20, s3_config_id: "", cursor }],
    ["a key's own first page", () => key, { limit: 20 }],
    ["a key's own page by cursor", () => key, { limit: 20, cursor }],
    ["the admin's first page of one creator", () => admin, { limit: 20, created_by: "apikey:plan-key" }],
    ["a key's own first page of one storage", () => key, { limit: 20, s3_config_id: "" }],
  ];
  for (const [name, auth, input] of fileCases) {
    test(`files: ${name}`, async () => {
      const parsed = listFilesInput.parse({
        ...input,
        ...(input.s3_config_id === "" ? { s3_config_id: storageId } : {}),
      });
      const plans = await plansOf("FileShare", (db) => listFiles({ ...t, db }, auth(), parsed));
      expect(costlySteps("FileShare", plans)).toEqual([]);
      if (auth().type === "apikey" || parsed.created_by) {
        expect(pageIndexes(plans)).toEqual([byCreator("FileShare")]);
      }
      // One storage's page reads that storage's files: walking every storage's files outside sets
      // newest first and skipping the others' is in order too, but reads a million rows for a
      // storage that holds a few of them.
      if (auth().type === "admin" && !parsed.created_by && parsed.s3_config_id) {
        expect(pageIndexes(plans)).toEqual(["FileShare_storageConfigId_createdAt_id_idx"]);
      }
    });
  }
  const pasteCases: [string, () => AuthState, Record<string, unknown>][] = [
    ["the admin's first page", () => admin, { limit: 20 }],
    ["the admin's page by cursor", () => admin, { limit: 20, cursor }],
    ["a key's own first page", () => key, { limit: 20 }],
    ["a key's own page by cursor", () => key, { limit: 20, cursor }],
    ["the admin's first page of one creator", () => admin, { limit: 20, created_by: "apikey:plan-key" }],
  ];
  for (const [name, auth, input] of pasteCases) {
    test(`pastes: ${name}`, async () => {
      const parsed = listPastesInput.parse(input);
      const plans = await plansOf("Paste", (db) => listPastes({ ...t, db }, auth(), parsed));
      expect(costlySteps("Paste", plans)).toEqual([]);
      if (auth().type === "apikey" || parsed.created_by) expect(pageIndexes(plans)).toEqual([byCreator("Paste")]);
    });
  }
});
