// Uploads and downloads end-to-end encrypted files from a script, with nothing but WebCrypto and fetch:
// the file format of docs/encrypted-shares.md written out in full, so it can be ported to any language.
// (This sketch holds the ciphertext in memory; the web app streams it.)
//
//   PASTEBOX_API_KEY=... bun scripts/encrypted-file.ts upload https://paste.example.org ./report.pdf [password]
//   bun scripts/encrypted-file.ts download "https://paste.example.org/file/Ab3dE9#<key>" [password]
import { basename } from "node:path";

type Bytes = Uint8Array<ArrayBuffer>;
const R = 5 * 1024 * 1024;
const INFO = new TextEncoder().encode("pastebox e2ee v1");
const u32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
const cat = (...parts: (Uint8Array | number[])[]): Bytes =>
  new Uint8Array(Buffer.concat(parts.map((p) => new Uint8Array(p))));

async function aesKey(linkKey: Bytes, salt: Bytes, password?: string, iter = 600_000) {
  const aes = { name: "AES-GCM", length: 256 };
  if (password) {
    const secret = cat(linkKey, new TextEncoder().encode(password.normalize("NFC")));
    const material = await crypto.subtle.importKey("raw", secret, "PBKDF2", false, ["deriveKey"]);
    const params = { name: "PBKDF2", hash: "SHA-256", salt, iterations: iter };
    return crypto.subtle.deriveKey(params, material, aes, false, ["encrypt", "decrypt"]);
  }
  const material = await crypto.subtle.importKey("raw", linkKey, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt, info: INFO }, material, aes, false, [
    "encrypt",
    "decrypt",
  ]);
}

/** AES-GCM of record `counter` (0 is the metadata) with the header and the record's kind as additional data. */
function gcm(op: "encrypt" | "decrypt", key: CryptoKey, header: Bytes, counter: number, kind: number, data: Bytes) {
  const params = {
    name: "AES-GCM",
    iv: cat(header.subarray(30, 38), u32(counter)),
    additionalData: cat(header, [kind]),
  };
  return crypto.subtle[op](params, key, data).then((out) => new Uint8Array(out));
}

async function upload(server: string, path: string, password?: string) {
  const file = Bun.file(path);
  const random = (size: number) => crypto.getRandomValues(new Uint8Array(size));
  const [linkKey, salt] = [random(32), random(16)];
  const key = await aesKey(linkKey, salt, password);
  const meta = new TextEncoder().encode(JSON.stringify({ name: basename(path), type: file.type, size: file.size }));
  const kdf = password ? [2, ...u32(600_000)] : [1, 0, 0, 0, 0];
  const header = cat(new TextEncoder().encode("PBXE"), [1, ...kdf], u32(R), salt, random(8), u32(meta.length + 16));
  const parts = [header, await gcm("encrypt", key, header, 0, 0, meta)];
  const records = Math.max(1, Math.ceil(file.size / R));
  for (let i = 0; i < records; i++) {
    const plain = new Uint8Array(await file.slice(i * R, (i + 1) * R).arrayBuffer());
    parts.push(await gcm("encrypt", key, header, i + 1, i === records - 1 ? 2 : 1, plain));
  }
  const response = await fetch(`${server}/api/upload-direct/encrypted?encrypted=1`, {
    method: "PUT",
    headers: { Authorization: `ApiKey ${process.env.PASTEBOX_API_KEY}` },
    body: new Blob(parts),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message);
  return `${answer.data.url}#${Buffer.from(linkKey).toString("base64url")}`;
}

async function download(link: string, password?: string) {
  const url = new URL(link);
  const slug = url.pathname.split("/").pop() ?? "";
  const view = await (await fetch(`${url.origin}/api/public/files/${slug}`)).json(); // counts a view
  if (!view.success) throw new Error(view.message);
  const data = new Uint8Array(await (await fetch(view.data.download_url)).arrayBuffer());
  const header = data.slice(0, 42);
  const fields = new DataView(header.buffer);
  if (new TextDecoder().decode(header.subarray(0, 4)) !== "PBXE" || header[4] !== 1) throw new Error("not format 1");
  const iter = fields.getUint32(6);
  const key = await aesKey(
    new Uint8Array(Buffer.from(url.hash.slice(1), "base64url")),
    header.slice(14, 30),
    password,
    iter,
  );
  const [r, m] = [fields.getUint32(10), fields.getUint32(38)];
  const meta = JSON.parse(new TextDecoder().decode(await gcm("decrypt", key, header, 0, 0, data.slice(42, 42 + m))));
  const records = Math.max(1, Math.ceil(meta.size / r));
  const plain: Uint8Array[] = [];
  for (let i = 0, at = 42 + m; i < records; i++, at += r + 16) {
    const sealed = data.slice(at, Math.min(at + r + 16, data.length));
    plain.push(await gcm("decrypt", key, header, i + 1, i === records - 1 ? 2 : 1, sealed));
  }
  const total = plain.reduce((sum, part) => sum + part.length, 0);
  if (total !== meta.size || 42 + m + meta.size + records * 16 !== data.length) throw new Error("cut short or changed");
  await Bun.write(basename(meta.name), new Blob(plain as Bytes[]));
  return basename(meta.name);
}

const [command, target, second, third] = process.argv.slice(2);
if (command === "upload" && target && second) console.log(await upload(target.replace(/\/+$/, ""), second, third));
else if (command === "download" && target) console.log(await download(target, second));
else {
  console.error("usage: upload <server> <file> [password]  |  download <link> [password]");
  process.exitCode = 1;
}
