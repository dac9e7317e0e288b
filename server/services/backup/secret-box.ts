// Seals the app secret inside a backup with the user's passphrase: scrypt derives the key, AES-256-GCM
// encrypts and authenticates, so a wrong passphrase is told apart from a damaged box before anything
// is restored.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import type { SecretBox } from "./format";

const COST = 2 ** 15;
const BLOCK_SIZE = 8;

function deriveKey(passphrase: string, salt: Buffer, cost: number, blockSize: number): Buffer {
  // scrypt needs 128 * cost * blockSize bytes: raise Node's 32 MiB default just enough.
  return scryptSync(passphrase, salt, 32, { N: cost, r: blockSize, p: 1, maxmem: 256 * cost * blockSize });
}

export function sealSecret(passphrase: string, secret: string): SecretBox {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(passphrase, salt, COST, BLOCK_SIZE), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return {
    kdf: "scrypt",
    cost: COST,
    blockSize: BLOCK_SIZE,
    salt: salt.toString("base64"),
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    data: data.toString("base64"),
  };
}

/** The sealed secret, or null when the passphrase is wrong (or the box was altered). */
export function openSecret(passphrase: string, box: SecretBox): string | null {
  // Refuse absurd parameters from a crafted archive before they cost memory.
  if (box.cost > 2 ** 20 || box.blockSize > 32) return null;
  try {
    const key = deriveKey(passphrase, Buffer.from(box.salt, "base64"), box.cost, box.blockSize);
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(box.iv, "base64"));
    decipher.setAuthTag(Buffer.from(box.tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(box.data, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
