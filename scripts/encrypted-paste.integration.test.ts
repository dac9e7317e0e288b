// The example script of docs/encrypted-shares.md, run as a user runs it against a listening server:
// what it creates the web app's own code decrypts and the server holds only ciphertext; what the app's
// code encrypts the script reads; a password mixed into the key is needed to read.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, type TestApp } from "../server/test/harness";
import { decryptText, encryptText, generateLinkKey } from "../shared/encrypted-share";

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
  let t: TestApp;
  let server: ReturnType<typeof Bun.serve>;
  let baseUrl: string;

  beforeAll(async () => {
    let app: TestApp["app"] | null = null;
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (request, bun) => (app as TestApp["app"]).fetch(request, bun.requestIP(request)?.address ?? "127.0.0.1"),
    });
    baseUrl = `http://127.0.0.1:${server.port}`;
    t = await createTestApp(provider, { publicUrl: baseUrl });
    app = t.app;
    const login = await (
      await t.request("POST", "/api/admin/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD } })
    ).json();
    const key = await (
      await t.request("POST", "/api/admin/api-keys", {
        headers: { authorization: `Bearer ${login.data.token}` },
        body: { name: "e2ee script", text_permission: true },
      })
    ).json();
    process.env.PASTEBOX_API_KEY = key.data.key;
  });

  afterAll(async () => {
    server?.stop(true);
    await t?.cleanup();
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
      const stored = await t.db.paste.create({
        data: {
          slug: `s${crypto.randomUUID().slice(0, 8)}`,
          content: await encryptText(TEXT, linkKey, password),
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
