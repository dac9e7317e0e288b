// Secrets at rest, with keys derived from the app secret by HKDF (one key per purpose), so the
// database alone never reveals them: stored credentials (S3 secret keys) are
// encrypted with AES-256-GCM; API keys are stored as a keyed hash (HMAC-SHA-256).
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

const derivedKeys = new Map<string, Buffer>();

function deriveKey(appSecret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\u0000${appSecret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", appSecret, "pastebox", purpose, 32));
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

/**
 * HMAC-SHA-256 (hex) of `value` under a key derived from the app secret for `purpose`. Unlike a plain
 * hash, a copy of the database is no dictionary: without the secret a guess cannot be checked offline.
 */
export function keyedHash(appSecret: string, purpose: string, value: string): string {
  return createHmac("sha256", deriveKey(appSecret, purpose)).update(value, "utf8").digest("hex");
}

export function encryptSecret(appSecret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(appSecret, "storage-credentials"), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(":");
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unknown secret format");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    deriveKey(appSecret, "storage-credentials"),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
