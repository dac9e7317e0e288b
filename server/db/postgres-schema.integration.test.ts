// A Postgres URL naming a schema (`?schema=`, Prisma's convention, docs/deploy.md) is how one database
// serves several installs or keeps Pastebox apart from other tables: the real server process starts on
// it, keeps every table inside that schema and nothing in `public`, and counts views there.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import pg from "pg";
import { callOk, createScratchDatabase } from "../../scripts/hardening/kit";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../../scripts/test/server-process";
import { requirePostgresUrl } from "../test/harness";
import { postgresTarget } from "./client";

const PASSWORD = "schema-test-password";
const SCHEMA = "pastebox_tenant";

describe("a Postgres URL with ?schema=", () => {
  let databaseUrl = "";
  let dropDatabase = async () => {};
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(requirePostgresUrl(), "schema");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  });

  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
  });

  test("the server starts on it and keeps its tables and rows in that schema only", async () => {
    server = await startServerProcess({
      env: { DATABASE_URL: `${databaseUrl}?schema=${SCHEMA}`, ADMIN_PASSWORD: PASSWORD },
    });
    const { baseUrl } = server;
    const auth = await adminAuthorization(baseUrl, PASSWORD);
    const paste = await callOk(baseUrl, "POST", "/paste", { auth, body: { content: "in its own schema" } });
    expect(await (await fetch(`${baseUrl}/api/raw/${paste.slug}`)).text()).toBe("in its own schema");

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const tables = await client.query<{ table_schema: string }>(
        `SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name = 'Paste'`,
      );
      expect(tables.rows.map((row) => row.table_schema)).toEqual([SCHEMA]);
      const rows = await client.query(`SELECT content FROM "${SCHEMA}"."Paste" WHERE slug = $1`, [paste.slug]);
      expect(rows.rows).toEqual([{ content: "in its own schema" }]);
    } finally {
      await client.end();
    }
  }, 120_000);

  test("the schema name is checked before anything connects", () => {
    expect(postgresTarget("postgresql://u@h/db?schema=ok_1&sslmode=disable")).toEqual({
      connectionString: "postgresql://u@h/db?sslmode=disable",
      schema: "ok_1",
    });
    expect(() => postgresTarget('postgresql://u@h/db?schema=x";DROP')).toThrow(/invalid Postgres schema name/);
  });
});
