// The file example script of docs/encrypted-shares.md, run as a user runs it against a listening server:
// what it uploads the web app's own code decrypts, and the server holds neither the name nor the
// plaintext; what the app's code encrypts (with a password) the script downloads byte for byte.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decryptBytes, ENCRYPTED_FILE_NAME, encryptBlob, RECORD_BYTES } from "@shared/encryption/encrypted-file";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp, type TestApp } from "../server/test/harness";

const SCRIPT = new URL("./encrypted-file.ts", import.meta.url).pathname;

function bytes(size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size);
  for (let index = 0; index < size; index++) data[index] = (index * 131 + 17) % 256;
  return data;
}

async function runScript(args: string[], cwd: string) {
  const child = Bun.spawn(["bun", SCRIPT, ...args], { cwd, stdout: "pipe", stderr: "pipe", env: process.env });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { out: out.trim(), err, code };
}

describe.each(DATABASE_PROVIDERS)("the encrypted-file example script on %s", (provider) => {
  let served: ServedTestApp;
  let t: TestApp;
  let baseUrl: string;
  let admin: string;
  const folder = mkdtempSync(join(tmpdir(), "pastebox-e2ee-file-"));

  beforeAll(async () => {
    served = await serveTestApp(provider, { key: { name: "e2ee file script", file_permission: true } });
    ({ t, origin: baseUrl, admin } = served);
    process.env.PASTEBOX_API_KEY = served.key?.key;
  });

  afterAll(async () => {
    await served?.stop();
  });

  test("upload: a link with the key in its fragment; the server holds a neutral name and ciphertext the app decrypts", async () => {
    const plain = bytes(RECORD_BYTES + 1000);
    writeFileSync(join(folder, "budget 2027.csv"), plain);
    const uploaded = await runScript(["upload", baseUrl, "budget 2027.csv"], folder);
    expect(uploaded.err).toBe("");
    const link = new URL(uploaded.out);
    expect(link.hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
    const row = await t.db.fileShare.findUniqueOrThrow({ where: { slug: link.pathname.split("/").pop() } });
    expect(row).toMatchObject({ encrypted: true, filename: ENCRYPTED_FILE_NAME });
    const stored = await (await t.storage.driverFor(row.storageConfigId)).get(row.storagePath);
    const ciphertext = new Uint8Array(await new Response(stored.body as ReadableStream).arrayBuffer());
    expect(Buffer.from(ciphertext).includes("budget")).toBe(false);
    const opened = await decryptBytes(ciphertext, link.hash.slice(1));
    expect(opened.metadata.name).toBe("budget 2027.csv");
    expect(Buffer.from(opened.bytes).equals(Buffer.from(plain))).toBe(true);
  });

  test("download: what the app's code encrypted with a password; a wrong password fails and writes nothing", async () => {
    const plain = bytes(2 * RECORD_BYTES);
    const linkKey = generateLinkKey();
    const ciphertext = await encryptBlob(
      new Blob([plain]),
      { name: "scan.png", type: "image/png", size: 0 },
      linkKey,
      "pw 1",
    );
    const form = new FormData();
    form.set("encrypted", "true");
    form.set("file", new File([ciphertext], "whatever.bin"));
    const answer = await (
      await fetch(`${baseUrl}/api/upload`, { method: "POST", headers: { authorization: admin }, body: form })
    ).json();
    const link = `${answer.data.url}#${linkKey}`;

    const wrong = await runScript(["download", link, "pw 2"], folder);
    expect(wrong.code).not.toBe(0);
    expect(() => readFileSync(join(folder, "scan.png"))).toThrow();
    const right = await runScript(["download", link, "pw 1"], folder);
    expect(right.out).toBe("scan.png");
    expect(Buffer.from(readFileSync(join(folder, "scan.png"))).equals(Buffer.from(plain))).toBe(true);
  });
});
