// API key management: generated keys are long and random with a recognisable prefix; only a keyed
// hash and a short display prefix are stored; the whole key is returned once, at creation
// (docs/decisions/0005-api-key-hashes.md). Names are unique (a database index), so a key can be named without ambiguity.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { ApiKeyView, createApiKeyInput, updateApiKeyInput } from "@shared/schemas/auth/api-keys";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { type RequestFacts, recordAuditEvent } from "./audit";
import { hashApiKey, hashSecret, keyCreator } from "./sessions";

export const GENERATED_KEY_PREFIX = "pb_";
const DISPLAY_PREFIX_LENGTH = 8;

const apiKeySelect = {
  id: true,
  name: true,
  keyPrefix: true,
  isCustom: true,
  textPermission: true,
  filePermission: true,
  mountPermission: true,
  mountReadOnly: true,
  basicPath: true,
  lastUsedAt: true,
  expiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type ApiKeyRow = {
  id: string;
  name: string;
  keyPrefix: string;
  isCustom: boolean;
  textPermission: boolean;
  filePermission: boolean;
  mountPermission: boolean;
  mountReadOnly: boolean;
  basicPath: string;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toView(row: ApiKeyRow, now = new Date()): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.keyPrefix,
    is_custom: row.isCustom,
    text_permission: row.textPermission,
    file_permission: row.filePermission,
    mount_permission: row.mountPermission,
    mount_read_only: row.mountReadOnly,
    basic_path: row.basicPath,
    last_used: row.lastUsedAt,
    expires_at: row.expiresAt,
    is_expired: row.expiresAt !== null && row.expiresAt <= now,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * What the key list shows of a key. Generated keys are long, so their first characters reveal little;
 * a custom key may be as short as 16 characters, so it shows at most a quarter of itself.
 */
export function displayPrefix(key: string, isCustom: boolean): string {
  return isCustom
    ? key.slice(0, Math.min(DISPLAY_PREFIX_LENGTH, Math.floor(key.length / 4)))
    : key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function generateApiKey(): string {
  return GENERATED_KEY_PREFIX + encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(25)));
}

export async function listApiKeys(db: Database) {
  const rows = await db.apiKey.findMany({ select: apiKeySelect, orderBy: { createdAt: "desc" } });
  return rows.map((row) => toView(row));
}

function assertFutureExpiry(expiresAt: Date | null | undefined) {
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError("BAD_REQUEST", "errors.expiryInPast");
}

/** Whether `key` is already some key's secret (stored keyed, or still as a legacy plain hash). */
async function isKeyTaken(db: Database, keyHash: string, key: string) {
  const row = await db.apiKey.findFirst({
    where: { OR: [{ keyHash }, { keyHash: hashSecret(key), legacyHash: true }] },
    select: { id: true },
  });
  return row !== null;
}

async function isNameTaken(db: Database, name: string, exceptId?: string) {
  const row = await db.apiKey.findFirst({ where: { name, id: { not: exceptId } }, select: { id: true } });
  return row !== null;
}

/** A key's reach as the audit log names it: its areas, read-only, and its base path. */
function describeScope(view: ApiKeyView): string {
  const areas = (["text", "file", "mount"] as const).filter((area) => view[`${area}_permission`]);
  const readOnly = view.mount_permission && view.mount_read_only ? " read-only" : "";
  return `${view.name}: ${areas.join("+") || "none"}${readOnly} at ${view.basic_path}`;
}

export async function createApiKey(
  db: Database,
  appSecret: string,
  input: z.output<typeof createApiKeyInput>,
  facts: RequestFacts,
) {
  assertFutureExpiry(input.expires_at);
  const key = input.custom_key ?? generateApiKey();
  const keyHash = hashApiKey(appSecret, key);
  if (await isNameTaken(db, input.name)) throw new AppError("CONFLICT", "errors.apiKeyNameTaken");
  if (await isKeyTaken(db, keyHash, key)) throw new AppError("CONFLICT", "errors.apiKeyTaken");
  try {
    const row = await db.apiKey.create({
      data: {
        name: input.name,
        keyHash,
        keyPrefix: displayPrefix(key, input.custom_key !== undefined),
        isCustom: input.custom_key !== undefined,
        textPermission: input.text_permission,
        filePermission: input.file_permission,
        mountPermission: input.mount_permission,
        mountReadOnly: input.mount_read_only,
        basicPath: input.basic_path,
        expiresAt: input.expires_at,
      },
      select: apiKeySelect,
    });
    const view = toView(row);
    await recordAuditEvent(db, { event: "api_key.create", detail: describeScope(view), ...facts });
    return { ...view, key };
  } catch (error) {
    // Two creations with the same name or custom key at once: the unique indexes decide.
    if (await isNameTaken(db, input.name)) throw new AppError("CONFLICT", "errors.apiKeyNameTaken");
    if (await isKeyTaken(db, keyHash, key)) throw new AppError("CONFLICT", "errors.apiKeyTaken");
    throw error;
  }
}

export async function updateApiKey(db: Database, input: z.output<typeof updateApiKeyInput>, facts: RequestFacts) {
  assertFutureExpiry(input.expires_at);
  const result = await db.apiKey
    .updateMany({
      where: { id: input.id },
      data: {
        name: input.name,
        expiresAt: input.expires_at,
        textPermission: input.text_permission,
        filePermission: input.file_permission,
        mountPermission: input.mount_permission,
        mountReadOnly: input.mount_read_only,
        basicPath: input.basic_path,
      },
    })
    .catch(async (error: unknown) => {
      // The unique index on the name refused the change.
      if (input.name !== undefined && (await isNameTaken(db, input.name, input.id))) {
        throw new AppError("CONFLICT", "errors.apiKeyNameTaken");
      }
      throw error;
    });
  if (result.count === 0) throw new AppError("NOT_FOUND", "errors.apiKeyNotFound");
  // A key that may no longer write where it locked keeps no lock there.
  if (input.mount_permission === false || input.mount_read_only === true || input.basic_path !== undefined) {
    await db.davLock.deleteMany({ where: { principal: keyCreator(input.id) } });
  }
  const view = toView(await db.apiKey.findUniqueOrThrow({ where: { id: input.id }, select: apiKeySelect }));
  await recordAuditEvent(db, { event: "api_key.update", detail: describeScope(view), ...facts });
  return view;
}

export async function deleteApiKeys(db: Database, ids: string[], facts: RequestFacts) {
  const names = await db.apiKey.findMany({ where: { id: { in: ids } }, select: { name: true } });
  // A deleted key's WebDAV locks go with it: nobody could refresh or lift them, and until they expired
  // they would keep the admin's writes out of what it had locked.
  const [result] = await db.$transaction([
    db.apiKey.deleteMany({ where: { id: { in: ids } } }),
    db.davLock.deleteMany({ where: { principal: { in: ids.map(keyCreator) } } }),
  ]);
  if (result.count === 0) throw new AppError("NOT_FOUND", "errors.apiKeyNotFound");
  await recordAuditEvent(db, { event: "api_key.delete", detail: names.map((row) => row.name).join(", "), ...facts });
  return { deleted: result.count };
}
