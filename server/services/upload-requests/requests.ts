// Upload requests, the owner's side (docs/upload-requests.md): create one with its rules (where the files
// land, how many, how large, which types, until when, password, note, webhook), list them with their
// arrivals, close one, and turn an arrived file into a share of it in place (a PathShare).

import { nameOf } from "@shared/paths";
import type {
  createUploadRequestInput,
  setUploadRequestWebhookInput,
  UploadRequestRecord,
} from "@shared/schemas/upload-requests";
import type { z } from "zod";
import { encryptSecret } from "../../crypto";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors";
import { type AuthState, creatorOf } from "../auth/sessions";
import { assertWritable } from "../explorer/access";
import { driverOf, statLocation } from "../explorer/storage";
import { assertClearOfShares, folderKeyOf, loadTree, requireInsideMount } from "../explorer/tree";
import { createPathShareRow } from "../shares/collections/path-shares";
import { expiresAtFrom, hashSharePassword, ownedBy } from "../shares/delivery";
import { generateUniqueSlug } from "../shares/slugs/slugs";
import { resolveUploadStorage } from "../shares/storage";
import { assertUrlAllowed } from "../shares/upload/safe-fetch";

/** What the upload request services use of the app: the explorer's parts, and the logger for webhooks. */
export type UploadRequestDeps = Pick<AppDeps, "db" | "storage" | "config" | "listingCache" | "logger">;

export const uploadRequestSelect = {
  id: true,
  slug: true,
  storageConfigId: true,
  folderKey: true,
  folderPath: true,
  note: true,
  passwordHash: true,
  allowedTypes: true,
  maxFiles: true,
  maxFileSize: true,
  maxTotalSize: true,
  filesCount: true,
  bytesCount: true,
  expiresAt: true,
  status: true,
  webhookUrl: true,
  webhookSecretEnc: true,
  webhookLastAt: true,
  webhookLastOk: true,
  webhookLastResult: true,
  createdBy: true,
  createdAt: true,
} as const;

export type UploadRequestRow = {
  id: string;
  slug: string;
  storageConfigId: string;
  folderKey: string;
  folderPath: string | null;
  note: string | null;
  passwordHash: string | null;
  allowedTypes: string;
  maxFiles: number;
  maxFileSize: bigint;
  maxTotalSize: bigint;
  filesCount: number;
  bytesCount: bigint;
  expiresAt: Date | null;
  status: string;
  webhookUrl: string | null;
  webhookSecretEnc: string | null;
  webhookLastAt: Date | null;
  webhookLastOk: boolean | null;
  webhookLastResult: string | null;
  createdBy: string;
  createdAt: Date;
};

/** Webhook deliveries of a request not yet through: waiting to be retried, or given up. */
type DeliveryCounts = { retrying: number; failed: number };
const NO_DELIVERIES: DeliveryCounts = { retrying: 0, failed: 0 };

export const uploadRequestLink = (publicUrl: string, slug: string) => `${publicUrl}/r/${encodeURIComponent(slug)}`;

export const allowedTypesOf = (row: Pick<UploadRequestRow, "allowedTypes">) =>
  row.allowedTypes ? row.allowedTypes.split(",") : [];

export function statusOf(row: Pick<UploadRequestRow, "status" | "expiresAt">, now = new Date()) {
  if (row.status === "closed") return "closed" as const;
  return row.expiresAt && row.expiresAt <= now ? ("expired" as const) : ("open" as const);
}

export function toUploadRequest(
  row: UploadRequestRow,
  publicUrl: string,
  deliveries: DeliveryCounts = NO_DELIVERIES,
): UploadRequestRecord {
  return {
    id: row.id,
    slug: row.slug,
    url: uploadRequestLink(publicUrl, row.slug),
    storage_config_id: row.storageConfigId,
    folder: row.folderPath ?? row.folderKey,
    note: row.note,
    has_password: row.passwordHash !== null,
    allowed_types: allowedTypesOf(row),
    max_files: row.maxFiles,
    max_file_size: Number(row.maxFileSize),
    max_total_size: Number(row.maxTotalSize),
    files_count: row.filesCount,
    bytes_count: Number(row.bytesCount),
    expires_at: row.expiresAt,
    status: statusOf(row),
    webhook_url: row.webhookUrl,
    webhook: row.webhookUrl
      ? {
          last_attempt_at: row.webhookLastAt,
          last_ok: row.webhookLastOk,
          last_result: row.webhookLastResult,
          ...deliveries,
        }
      : null,
    created_by: row.createdBy,
    created_at: row.createdAt,
  };
}

/** Where the files of a request land: a mount folder the caller may write to, or a storage's share folder. */
async function resolveTarget(
  deps: UploadRequestDeps,
  auth: AuthState,
  input: z.output<typeof createUploadRequestInput>,
  slug: string,
) {
  if (input.path) {
    if (auth.type === "apikey" && !auth.permissions.mount) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
    assertWritable(auth, input.path);
    const tree = await loadTree(deps, auth);
    assertClearOfShares(tree, input.path);
    const location = requireInsideMount(tree, input.path);
    const kind = await statLocation(await driverOf(deps, location), location);
    if (kind?.type !== "directory") throw new AppError("BAD_REQUEST", "errors.uploadRequestFolderNeeded");
    return {
      storageConfigId: location.mount.storageConfigId,
      folderKey: folderKeyOf(location),
      folderPath: input.path,
    };
  }
  const storage = await resolveUploadStorage(deps.db, auth, input.storage_config_id);
  const shareFolder = (await deps.db.storageConfig.findUnique({
    where: { id: storage.id },
    select: { shareFolder: true },
  })) ?? { shareFolder: "shares" };
  // Inside the share folder: API keys never reach it through a mount, as for file shares.
  return {
    storageConfigId: storage.id,
    folderKey: `${shareFolder.shareFolder}/upload-requests/${slug}/`,
    folderPath: null,
  };
}

export async function createUploadRequest(
  deps: UploadRequestDeps,
  auth: AuthState,
  input: z.output<typeof createUploadRequestInput>,
): Promise<UploadRequestRecord> {
  if (input.webhook_url) await assertUrlAllowed(input.webhook_url, { allowPrivate: deps.config.allowPrivateUrls });
  const slug = await generateUniqueSlug(
    async (candidate) => (await deps.db.uploadRequest.count({ where: { slug: candidate } })) > 0,
  );
  const target = await resolveTarget(deps, auth, input, slug);
  const row = await deps.db.uploadRequest.create({
    data: {
      slug,
      ...target,
      note: input.note,
      passwordHash: await hashSharePassword(input.password),
      allowedTypes: [...new Set(input.allowed_types)].join(","),
      maxFiles: input.max_files,
      maxFileSize: BigInt(input.max_file_size),
      maxTotalSize: BigInt(input.max_total_size),
      expiresAt: expiresAtFrom(input.expires_in),
      webhookUrl: input.webhook_url ?? null,
      webhookSecretEnc: input.webhook_secret ? encryptSecret(deps.config.secret, input.webhook_secret) : null,
      createdBy: creatorOf(auth),
    },
    select: uploadRequestSelect,
  });
  return toUploadRequest(row, deps.config.publicUrl);
}

/** The records of requests, with their webhook deliveries not yet through counted in one query. */
async function toRecords(deps: UploadRequestDeps, rows: UploadRequestRow[]): Promise<UploadRequestRecord[]> {
  const withWebhook = rows.filter((row) => row.webhookUrl).map((row) => row.id);
  const groups =
    withWebhook.length === 0
      ? []
      : await deps.db.uploadRequestDelivery.groupBy({
          by: ["requestId", "status"],
          where: { requestId: { in: withWebhook }, status: { in: ["pending", "failed"] } },
          _count: { _all: true },
        });
  const counts = new Map<string, DeliveryCounts>();
  for (const group of groups) {
    const entry = counts.get(group.requestId) ?? { ...NO_DELIVERIES };
    if (group.status === "pending") entry.retrying = group._count._all;
    else entry.failed = group._count._all;
    counts.set(group.requestId, entry);
  }
  return rows.map((row) => toUploadRequest(row, deps.config.publicUrl, counts.get(row.id)));
}

async function toRecord(deps: UploadRequestDeps, row: UploadRequestRow): Promise<UploadRequestRecord> {
  const [record] = await toRecords(deps, [row]);
  if (!record) throw new Error("unreachable: one row gives one record");
  return record;
}

export async function listUploadRequests(deps: UploadRequestDeps, auth: AuthState) {
  const rows = await deps.db.uploadRequest.findMany({
    where: ownedBy(auth),
    orderBy: { createdAt: "desc" },
    take: 500,
    select: uploadRequestSelect,
  });
  return { items: await toRecords(deps, rows) };
}

async function findOwnRequest(deps: UploadRequestDeps, auth: AuthState, id: string): Promise<UploadRequestRow> {
  const row = await deps.db.uploadRequest.findFirst({ where: { id, ...ownedBy(auth) }, select: uploadRequestSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.uploadRequestNotFound");
  return row;
}

/** A request and the files that arrived through it (stored ones only: those in flight are not yet there). */
export async function getUploadRequest(deps: UploadRequestDeps, auth: AuthState, id: string) {
  const row = await findOwnRequest(deps, auth, id);
  const files = await deps.db.uploadRequestFile.findMany({
    where: { requestId: row.id, status: "stored" },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, size: true, mimetype: true, storagePath: true, createdAt: true },
  });
  return {
    ...(await toRecord(deps, row)),
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      size: Number(file.size),
      mimetype: file.mimetype,
      storage_path: file.storagePath,
      created_at: file.createdAt,
    })),
  };
}

/** Closes a request: no new file starts, and one still travelling is refused at its commit. */
export async function closeUploadRequest(deps: UploadRequestDeps, auth: AuthState, id: string) {
  const row = await findOwnRequest(deps, auth, id);
  const closed = await deps.db.uploadRequest.update({
    where: { id: row.id },
    data: { status: "closed" },
    select: uploadRequestSelect,
  });
  return toRecord(deps, closed);
}

/**
 * Gives a request a new expiry counted from now (null: never). An expired request opens again with it;
 * a closed one stays closed (closing is the owner's final word: a new link is a new request).
 */
export async function extendUploadRequest(
  deps: UploadRequestDeps,
  auth: AuthState,
  id: string,
  expiresIn: number | null | undefined,
) {
  const row = await findOwnRequest(deps, auth, id);
  if (row.status === "closed") throw new AppError("CONFLICT", "errors.uploadRequestClosed");
  const extended = await deps.db.uploadRequest.update({
    where: { id: row.id },
    data: { expiresAt: expiresAtFrom(expiresIn) },
    select: uploadRequestSelect,
  });
  return toRecord(deps, extended);
}

/**
 * Changes or removes a request's webhook after creation (docs/upload-requests.md, Webhook). A new URL is
 * checked like one given at creation (a private address is refused); deliveries still waiting go to the
 * new URL, signed with the new secret, at their next attempt; removing the webhook drops them.
 */
export async function setUploadRequestWebhook(
  deps: UploadRequestDeps,
  auth: AuthState,
  input: z.output<typeof setUploadRequestWebhookInput>,
) {
  const row = await findOwnRequest(deps, auth, input.id);
  if (!input.webhook_url) {
    const [, cleared] = await deps.db.$transaction([
      deps.db.uploadRequestDelivery.deleteMany({ where: { requestId: row.id, status: "pending" } }),
      deps.db.uploadRequest.update({
        where: { id: row.id },
        data: { webhookUrl: null, webhookSecretEnc: null },
        select: uploadRequestSelect,
      }),
    ]);
    return toRecord(deps, cleared);
  }
  if (!input.webhook_secret && !row.webhookSecretEnc) {
    throw new AppError("BAD_REQUEST", "errors.uploadRequestWebhookSecretNeeded");
  }
  await assertUrlAllowed(input.webhook_url, { allowPrivate: deps.config.allowPrivateUrls });
  const changed = await deps.db.uploadRequest.update({
    where: { id: row.id },
    data: {
      webhookUrl: input.webhook_url,
      ...(input.webhook_secret ? { webhookSecretEnc: encryptSecret(deps.config.secret, input.webhook_secret) } : {}),
    },
    select: uploadRequestSelect,
  });
  return toRecord(deps, changed);
}

/** An arrived file as a share link of its own, pointing at the object in place (docs/path-shares.md). */
export async function shareArrival(deps: UploadRequestDeps, auth: AuthState, id: string, fileId: string) {
  const row = await findOwnRequest(deps, auth, id);
  const file = await deps.db.uploadRequestFile.findFirst({
    where: { id: fileId, requestId: row.id, status: "stored" },
    select: { storageConfigId: true, storagePath: true, name: true },
  });
  if (!file) throw new AppError("NOT_FOUND", "errors.uploadRequestFileNotFound");
  return createPathShareRow(deps, auth, {
    storageConfigId: file.storageConfigId,
    storagePath: file.storagePath,
    name: nameOf(`/${file.storagePath}`) || file.name,
    isDirectory: false,
  });
}
