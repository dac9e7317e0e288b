// The example script of docs/encrypted-shares.md, run as a user runs it against a listening server:
// what it creates the web app's own code decrypts and the server holds only ciphertext; what the app's
// code encrypts the script reads; a password mixed into the key is needed to read.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decryptText, encryptText, generateLinkKey } from "@shared/encryption/encrypted-share";
import { pasteSummaryColumns } from "../server/services/pastes/paste-summary";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp, type TestApp } from "../server/test/harness";

const SCRIPT = new URL("./encrypted-paste.ts", import.meta.url).pathname;
const TEXT = "# Deploy notes\n\n- token rotation at 02:00 一 ✓\n";

async function runScript(args: string[], stdin = "") {
  const child = Bun.spawn(["bun", SCRIPT, ...args], {
    stdin: new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { out, err, code };
}

describe.each(DATABASE_PROVIDERS)("the encrypted-paste example script on %s", (provider) => {
  let served: ServedTestApp;
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    served = await serveTestApp(provider, { key: { name: "e2ee script", text_permission: true } });
    ({ t, origin: baseUrl } = served);
    process.env.PASTEBOX_API_KEY = served.key?.key;
  });

  afterAll(async () => {
    await served?.stop();
  });

  test("create: a link with the key in its fragment; the server holds ciphertext the app decrypts", async () => {
    const created = await runScript(["create", baseUrl], TEXT);
    expect(created.err).toBe("");
    const link = new URL(created.out.trim());
    const slug = link.pathname.split("/").pop() as string;
    const row = await t.db.paste.findUnique({ where: { slug } });
    expect(row?.encrypted).toBe(true);
    expect(row?.content).not.toContain("Deploy");
    expect(await decryptText(row?.content ?? "", link.hash.slice(1))).toBe(TEXT);
  });

  test("read: what the app's code encrypted, with and without a password", async () => {
    for (const password of [undefined, "pass phrase"]) {
      const linkKey = generateLinkKey();
      const content = await encryptText(TEXT, linkKey, password);
      const stored = await t.db.paste.create({
        data: {
          slug: `s${crypto.randomUUID().slice(0, 8)}`,
          content,
          ...pasteSummaryColumns(content, true),
          encrypted: true,
          createdBy: "admin",
        },
      });
      const link = `${baseUrl}/paste/${stored.slug}#${linkKey}`;
      const read = await runScript(password ? ["read", link, password] : ["read", link]);
      expect(read.out).toBe(TEXT);
      expect(read.code).toBe(0);
    }
  });

  test("a wrong password does not decrypt (and the script says it failed)", async () => {
    const created = await runScript(["create", baseUrl, "right one"], TEXT);
    const wrong = await runScript(["read", created.out.trim(), "wrong one"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.out).toBe("");
    expect((await runScript(["read", created.out.trim(), "right one"])).out).toBe(TEXT);
  });
});
