// End-to-end encrypted shares (docs/encrypted-shares.md): the browser encrypts, the server stores and
// serves only the envelope below, and the key travels in the link's fragment, which browsers never
// send. Written on WebCrypto alone, so the same code runs in the browser, in Bun and in scripts.
//
// Envelope, version 1 (JSON, the stored content of an encrypted paste):
//   { "v": 1, "kdf": "hkdf-sha256" | "pbkdf2-sha256", "iter"?: n, "salt": b64url, "iv": b64url, "data": b64url }
// The link key K is 32 random bytes (base64url in the fragment). The AES-256-GCM key is
//   without a password: HKDF-SHA256(ikm = K, salt, info = "pastebox e2ee v1")
//   with a password:    PBKDF2-HMAC-SHA256(K || UTF-8(password), salt, iter)
// so a password the server never sees is needed on top of the link; a wrong one fails to decrypt.
import { z } from "zod";

export const ENCRYPTION_VERSION = 1;
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; stored per envelope so it can rise later. */
export const PASSWORD_ITERATIONS = 600_000;
const KEY_BYTES = 32;
export const SALT_BYTES = 16;
const IV_BYTES = 12;
const HKDF_INFO = new TextEncoder().encode("pastebox e2ee v1");

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  let binary: string;
  try {
    if (!BASE64URL.test(text)) throw new Error("not base64url");
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new DecryptError("malformed");
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** base64url of exactly `bytes` bytes (unpadded). */
const base64UrlOf = (bytes: number) =>
  z
    .string()
    .regex(BASE64URL)
    .length(Math.ceil((bytes * 4) / 3));

export const encryptedEnvelope = z
  .object({
    v: z.literal(ENCRYPTION_VERSION),
    kdf: z.enum(["hkdf-sha256", "pbkdf2-sha256"]),
    iter: z.number().int().min(100_000).max(10_000_000).optional(),
    salt: base64UrlOf(SALT_BYTES),
    iv: base64UrlOf(IV_BYTES),
    data: z.string().min(22).regex(BASE64URL),
  })
  .strict()
  .refine((envelope) => (envelope.kdf === "pbkdf2-sha256") === (envelope.iter !== undefined), {
    message: "iter is given exactly when kdf is pbkdf2-sha256",
  });

export type EncryptedEnvelope = z.infer<typeof encryptedEnvelope>;

/** Why a decryption failed: a damaged envelope or link, or a wrong key or password. */
export class DecryptError extends Error {
  constructor(readonly reason: DecryptFailure) {
    super(DECRYPT_FAILURES[reason]);
    this.name = "DecryptError";
  }
}

const DECRYPT_FAILURES = {
  malformed: "not an encrypted share of a known format",
  wrongKey: "wrong key or password",
  /** A file record after the first failed its check: changed bytes, or records in another order. */
  damaged: "the ciphertext was changed or its records reordered",
  /** A file's ciphertext ends before its last record. */
  truncated: "the ciphertext is cut short",
} as const;

export type DecryptFailure = keyof typeof DECRYPT_FAILURES;

/** The envelope in a stored content, or null when the text is not one. */
export function parseEnvelope(text: string): EncryptedEnvelope | null {
  try {
    const parsed = encryptedEnvelope.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * `text.lastIndexOf(search)`, found by searching forward from each match: JavaScriptCore's indexOf
 * scans a long string several times faster than its lastIndexOf (a 9 MiB item's envelope, whose
 * `"data"` comes first: 1-2 ms against 8-11 ms of CPU, measured 2026-11-30).
 */
export function lastIndexOfForward(text: string, search: string): number {
  let last = -1;
  for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + 1)) last = at;
  return last;
}

/**
 * Whether a text is an envelope, checked for content the server stores without reading it (a live
 * clipboard item, up to 10 MB): as parseEnvelope does, without JSON.parse, which would copy the
 * ciphertext only to look at it. The rest of the envelope, with `data` left empty, is parsed and
 * `data` is checked where it lies. Escapes are refused (JSON.stringify writes none in an envelope):
 * without them every quote opens or closes a string, so the last `"data":` is the member JSON.parse
 * would keep, and the text parses to what is checked here. Null when the text is not an envelope.
 */
export function checkEnvelopeText(text: string): Omit<EncryptedEnvelope, "data"> | null {
  const key = lastIndexOfForward(text, '"data"');
  if (key < 0) return null;
  const opening = /\s*:\s*"/y;
  opening.lastIndex = key + '"data"'.length;
  if (!opening.test(text)) return null;
  const start = opening.lastIndex;
  const end = text.indexOf('"', start);
  if (end < 0) return null;
  const rest = text.slice(0, start) + text.slice(end);
  if (rest.includes("\\")) return null;
  let head: unknown;
  try {
    head = JSON.parse(rest);
  } catch {
    return null;
  }
  if (head === null || typeof head !== "object" || (head as { data?: unknown }).data !== "") return null;
  // A slice of a long string shares its characters: the ciphertext is not copied to be checked.
  const parsed = encryptedEnvelope.safeParse({ ...head, data: text.slice(start, end) });
  if (!parsed.success) return null;
  const { data: _data, ...envelope } = parsed.data;
  return envelope;
}

export function envelopeNeedsPassword(envelope: EncryptedEnvelope): boolean {
  return envelope.kdf === "pbkdf2-sha256";
}

/** A new random link key, as it goes into the fragment. */
export function generateLinkKey(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
}

function linkKeyBytes(linkKey: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64Url(linkKey);
  if (bytes.length !== KEY_BYTES) throw new DecryptError("malformed");
  return bytes;
}

/**
 * The AES-256-GCM key of a share (pastes and files alike): HKDF from the link key without a password,
 * PBKDF2 over key || password with one.
 */
export async function contentKey(
  linkKey: string,
  password: string | undefined,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number | undefined,
): Promise<CryptoKey> {
  const usages: KeyUsage[] = ["encrypt", "decrypt"];
  const aes = { name: "AES-GCM", length: 256 };
  const key = linkKeyBytes(linkKey);
  if (password) {
    const secret = new Uint8Array([...key, ...new TextEncoder().encode(password.normalize("NFC"))]);
    const material = await crypto.subtle.importKey("raw", secret, "PBKDF2", false, ["deriveKey"]);
    const params = { name: "PBKDF2", hash: "SHA-256", salt, iterations: iterations ?? PASSWORD_ITERATIONS };
    return crypto.subtle.deriveKey(params, material, aes, false, usages);
  }
  const material = await crypto.subtle.importKey("raw", key, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt, info: HKDF_INFO },
    material,
    aes,
    false,
    usages,
  );
}

/**
 * Encrypts `bytes` under the link key (and the password, when one is given) into a stored envelope.
 * Pastes encrypt their text's UTF-8 bytes; clipboard rooms an item's bytes (docs/clipboard.md).
 */
export async function encryptBytes(
  bytes: Uint8Array<ArrayBuffer>,
  linkKey: string,
  password?: string,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const iterations = password ? PASSWORD_ITERATIONS : undefined;
  const key = await contentKey(linkKey, password, salt, iterations);
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, bytes));
  const envelope: EncryptedEnvelope = {
    v: ENCRYPTION_VERSION,
    kdf: password ? "pbkdf2-sha256" : "hkdf-sha256",
    ...(iterations ? { iter: iterations } : {}),
    salt: toBase64Url(salt),
    iv: toBase64Url(iv),
    data: toBase64Url(data),
  };
  return JSON.stringify(envelope);
}

/** Encrypts `text` under the link key (and the password, when one is given) into a stored envelope. */
export function encryptText(text: string, linkKey: string, password?: string): Promise<string> {
  return encryptBytes(new TextEncoder().encode(text), linkKey, password);
}

/** The bytes inside a stored envelope; DecryptError when the envelope, key or password is wrong. */
export async function decryptBytes(stored: string, linkKey: string, password?: string): Promise<Uint8Array> {
  const envelope = parseEnvelope(stored);
  if (!envelope) throw new DecryptError("malformed");
  const key = await contentKey(
    linkKey,
    envelopeNeedsPassword(envelope) ? password : undefined,
    fromBase64Url(envelope.salt),
    envelope.iter,
  );
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromBase64Url(envelope.iv) },
        key,
        fromBase64Url(envelope.data),
      ),
    );
  } catch {
    throw new DecryptError("wrongKey");
  }
}

/** The text inside a stored envelope; DecryptError when the envelope, key or password is wrong. */
export async function decryptText(stored: string, linkKey: string, password?: string): Promise<string> {
  const plain = await decryptBytes(stored, linkKey, password);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    throw new DecryptError("wrongKey");
  }
}

/** The link key in a location's fragment (`#<key>`), or null. */
export function linkKeyFromFragment(hash: string): string | null {
  const key = hash.replace(/^#/, "");
  return /^[A-Za-z0-9_-]{43}$/.test(key) ? key : null;
}
