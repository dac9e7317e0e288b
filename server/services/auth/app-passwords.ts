// App passwords: per-device passwords the admin makes for scripts and WebDAV clients once a second
// factor or single sign-on keeps the account's own password from signing them in. Each is shown once,
// stored as a keyed hash under the app secret (like API keys: a copied database cannot check guesses),
// limited to the areas it names (text, files, mounts; never the admin-only modules) and, like an API
// key, to a base path and optionally to reading (services/explorer/access.ts applies both), revocable
// (its token-login sessions end with it), and its last use (time and address) is recorded.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { appPasswordCreateInput } from "@shared/schemas/auth/auth";
import type { z } from "zod";
import { keyedHash } from "../../crypto";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { type RequestFacts, recordAuditEvent } from "./audit";
import { type AppPasswordScope, appPasswordScopeOf } from "./sessions";

/** Enough for every device and script of one person; bounds the list. */
export const MAX_APP_PASSWORDS = 50;
// Writing the last use on every WebDAV request would turn reads into writes; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60_000;

const hashAppPassword = (appSecret: string, password: string) =>
  keyedHash(appSecret, "app-passwords", normaliseAppPassword(password));

/** Typed by hand into a WebDAV client at times: dashes and case do not matter. */
function normaliseAppPassword(password: string): string {
  return password.toLowerCase().replace(/-/g, "");
}

/** 24 base32 characters (120 bits) in four groups: xxxxxx-xxxxxx-xxxxxx-xxxxxx. */
function generateAppPassword(): string {
  const text = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
  return [0, 6, 12, 18].map((start) => text.slice(start, start + 6)).join("-");
}

/** An app password's name and scope: what a sign-in with it grants. */
const SCOPE_SELECT = {
  id: true,
  name: true,
  textPermission: true,
  filePermission: true,
  mountPermission: true,
  basicPath: true,
  readOnly: true,
} as const;

const LIST_SELECT = {
  ...SCOPE_SELECT,
  createdAt: true,
  lastUsedAt: true,
  lastUsedIp: true,
} as const;

type Row = {
  id: string;
  name: string;
  textPermission: boolean;
  filePermission: boolean;
  mountPermission: boolean;
  basicPath: string;
  readOnly: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
};

function viewOf(row: Row) {
  return {
    id: row.id,
    name: row.name,
    permissions: { text: row.textPermission, file: row.filePermission, mount: row.mountPermission },
    basic_path: row.basicPath,
    read_only: row.readOnly,
    created_at: row.createdAt,
    last_used_at: row.lastUsedAt,
    last_used_ip: row.lastUsedIp,
  };
}

export async function listAppPasswords(db: Database, adminId: string) {
  const rows = await db.adminAppPassword.findMany({
    where: { adminId },
    select: LIST_SELECT,
    orderBy: { createdAt: "desc" },
    take: MAX_APP_PASSWORDS,
  });
  return rows.map(viewOf);
}

export async function createAppPassword(
  db: Database,
  appSecret: string,
  adminId: string,
  input: z.output<typeof appPasswordCreateInput>,
  facts: RequestFacts,
) {
  const count = await db.adminAppPassword.count({ where: { adminId } });
  if (count >= MAX_APP_PASSWORDS) throw new AppError("CONFLICT", "errors.appPasswordLimit", { max: MAX_APP_PASSWORDS });
  const password = generateAppPassword();
  const row = await db.adminAppPassword.create({
    data: {
      adminId,
      name: input.name,
      secretHash: hashAppPassword(appSecret, password),
      textPermission: input.permissions.text,
      filePermission: input.permissions.file,
      mountPermission: input.permissions.mount,
      basicPath: input.basic_path,
      readOnly: input.read_only,
    },
    select: LIST_SELECT,
  });
  await recordAuditEvent(db, { event: "app_password.create", detail: input.name, ...facts });
  return { ...viewOf(row), password };
}

/** Revokes one: it opens nothing from now on, and the sessions its token login opened end with it. */
export async function revokeAppPassword(db: Database, adminId: string, id: string, facts: RequestFacts) {
  const row = await db.adminAppPassword.findFirst({ where: { id, adminId }, select: { name: true } });
  if (!row) throw new AppError("NOT_FOUND", "errors.appPasswordNotFound");
  await db.adminAppPassword.deleteMany({ where: { id, adminId } });
  await recordAuditEvent(db, { event: "app_password.revoke", detail: row.name, ...facts });
}

export type AppPasswordMatch = { id: string; adminId: string; username: string; scope: AppPasswordScope };

/**
 * The app password `password` is, for the admin named `username`; null when it is none. Its use is
 * recorded (time, address, and an audit row) at most once a minute.
 */
export async function matchAppPassword(
  db: Database,
  appSecret: string,
  credentials: { username: string; password: string },
  facts: RequestFacts,
  how: "login" | "webdav",
  now = new Date(),
): Promise<AppPasswordMatch | null> {
  if (credentials.password.length > 64) return null;
  const row = await db.adminAppPassword.findUnique({
    where: { secretHash: hashAppPassword(appSecret, credentials.password) },
    // The scope it grants, when it was last used, and the account whose name must match.
    select: { ...SCOPE_SELECT, lastUsedAt: true, admin: { select: { id: true, username: true } } },
  });
  if (!row || row.admin.username !== credentials.username) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.adminAppPassword.updateMany({
      where: { id: row.id },
      data: { lastUsedAt: now, lastUsedIp: facts.ipAddress.slice(0, 100) },
    });
    await recordAuditEvent(db, { event: "app_password.use", method: how, detail: row.name, ...facts });
  }
  return {
    id: row.id,
    adminId: row.admin.id,
    username: row.admin.username,
    scope: appPasswordScopeOf(row),
  };
}
