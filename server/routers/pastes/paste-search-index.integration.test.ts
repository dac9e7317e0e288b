// What SQLite's trigram index of the pastes holds (docs/admin-lists.md "Search"): a paste's first
// 32,768 characters, and nothing of an encrypted paste. FTS5 indexes each distinct trigram of what it
// is given inside the INSERT, on the server's own connection; random or encoded text (every encrypted
// paste is) cost about 2.5 s of the event loop per MiB, so one 8 MiB paste held the server for up to a
// minute. Postgres builds its pg_trgm index in its own process and is not limited.
import { Database as SqliteFile } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import { encryptText, generateLinkKey } from "@shared/encryption/encrypted-share";
import { sqliteFilePath } from "../../db/migrate";
import { createPaste, loginAdmin, type PastePage } from "../../test/api-client";
import { useTestApp } from "../../test/harness";

const INDEXED_CHARACTERS = 32_768;

describe("the pastes' trigram index on SQLite", () => {
  const { t, api, call } = useTestApp("sqlite");
  let admin = "";

  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  /** The rowids of the pastes whose indexed text holds `term`, asked of the index itself. */
  function indexedRows(term: string): number[] {
    const file = new SqliteFile(sqliteFilePath(t.config.databaseUrl), { readonly: true });
    try {
      return file
        .query<{ rowid: number }, [string]>(`SELECT rowid FROM "PasteSearch" WHERE "PasteSearch" MATCH ?`)
        .all(`"${term}"`)
        .map((row) => row.rowid);
    } finally {
      file.close();
    }
  }

  const searched = async (term: string) =>
    (await call<PastePage>("GET", `/admin/pastes?search=${encodeURIComponent(term)}`, { auth: admin })).body.data.map(
      (paste) => paste.slug,
    );

  test("a paste's first 32,768 characters are indexed and found; what follows is not indexed", async () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(2_000);
    const content = `quokkaearly ${filler.slice(0, INDEXED_CHARACTERS)} wombatlate ${filler}`;
    const paste = await createPaste(api, admin, { content });
    expect(indexedRows("quokkaearly")).toHaveLength(1);
    expect(indexedRows("wombatlate")).toEqual([]);
    expect(await searched("quokkaearly")).toEqual([paste.slug]);
  });

  test("an encrypted paste's ciphertext is not indexed", async () => {
    const envelope = await encryptText("a secret the server never reads ".repeat(100), generateLinkKey());
    await createPaste(api, admin, { content: envelope, encrypted: true });
    // Twelve characters from the middle of the ciphertext: random, so in no other paste.
    const middle = envelope.slice(envelope.length / 2, envelope.length / 2 + 12).replace(/"/g, "");
    expect(indexedRows(middle)).toEqual([]);
  });

  test("an edit indexes the new text in place of the old, and a delete takes it out", async () => {
    const paste = await createPaste(api, admin, { content: "capybarabefore" });
    expect(await searched("capybarabefore")).toEqual([paste.slug]);
    const edited = await call("PUT", `/admin/pastes/${paste.id}`, {
      auth: admin,
      body: { content: "capybaraafter" },
    });
    expect(edited.status).toBe(200);
    expect(indexedRows("capybarabefore")).toEqual([]);
    expect(await searched("capybaraafter")).toEqual([paste.slug]);
    expect((await call("DELETE", `/admin/pastes/${paste.id}`, { auth: admin })).status).toBe(200);
    expect(indexedRows("capybaraafter")).toEqual([]);
  });
});
