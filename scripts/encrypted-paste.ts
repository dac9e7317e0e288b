// Creates and reads end-to-end encrypted pastes from a script, with nothing but WebCrypto and fetch:
// the format of docs/encrypted-shares.md written out in full, so it can be ported to any language.
//
//   echo "secret" | PASTEBOX_API_KEY=... bun scripts/encrypted-paste.ts create https://paste.example.org [password]
//   bun scripts/encrypted-paste.ts read "https://paste.example.org/paste/Ab3dE9#<key>" [password]
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const unb64url = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, "base64url"));
const INFO = new TextEncoder().encode("pastebox e2ee v1");

type Bytes = Uint8Array<ArrayBuffer>;

async function aesKey(linkKey: Bytes, salt: Bytes, password?: string, iter = 600_000) {
  const aes = { name: "AES-GCM", length: 256 };
  if (password) {
    const secret = new Uint8Array([...linkKey, ...new TextEncoder().encode(password.normalize("NFC"))]);
    const material = await crypto.subtle.importKey("raw", secret, "PBKDF2", false, ["deriveKey"]);
    const params = { name: "PBKDF2", hash: "SHA-256", salt, iterations: iter };
    return crypto.subtle.deriveKey(params, material, aes, false, ["encrypt", "decrypt"]);
  }
  const material = await crypto.subtle.importKey("raw", linkKey, "HKDF", false, ["deriveKey"]);
  const params = { name: "HKDF", hash: "SHA-256", salt, info: INFO };
  return crypto.subtle.deriveKey(params, material, aes, false, ["encrypt", "decrypt"]);
}

async function create(server: string, text: string, password?: string) {
  const random = (size: number) => crypto.getRandomValues(new Uint8Array(size));
  const [linkKey, salt, iv] = [random(32), random(16), random(12)];
  const key = await aesKey(linkKey, salt, password);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(text)),
  );
  const kdf = password ? { kdf: "pbkdf2-sha256", iter: 600_000 } : { kdf: "hkdf-sha256" };
  const envelope = { v: 1, ...kdf, salt: b64url(salt), iv: b64url(iv), data: b64url(data) };
  const response = await fetch(`${server}/api/paste`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `ApiKey ${process.env.PASTEBOX_API_KEY}` },
    body: JSON.stringify({ content: JSON.stringify(envelope), encrypted: true, format: "markdown" }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message);
  return `${answer.data.url}#${b64url(linkKey)}`;
}

async function read(link: string, password?: string) {
  const url = new URL(link);
  const slug = url.pathname.split("/").pop() ?? "";
  const response = await fetch(`${url.origin}/api/raw/${slug}`); // counts a view
  if (!response.ok) throw new Error(await response.text());
  const envelope = await response.json();
  const key = await aesKey(unb64url(url.hash.slice(1)), unb64url(envelope.salt), password, envelope.iter);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64url(envelope.iv) },
    key,
    unb64url(envelope.data),
  );
  return new TextDecoder().decode(plain);
}

const [command, target, password] = process.argv.slice(2);
if (command === "create" && target)
  console.log(await create(target.replace(/\/+$/, ""), await Bun.stdin.text(), password));
else if (command === "read" && target) process.stdout.write(await read(target, password));
else {
  console.error("usage: create <server> [password] < text  |  read <link> [password]");
  process.exitCode = 1;
}
