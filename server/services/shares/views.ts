// Viewing a file share by its link (the share page, and the routes that stream its content): refused
// once expired, used up or without its object; each delivery of links counts one view.

import type { PublicFileView } from "@shared/schemas/shares/shares";
import { viewableWhere } from "../../db/view-counter/view-counter";
import { AppError } from "../../errors";
import { deliverableContentType } from "../../storage/content-type";
import type { StorageDriver } from "../../storage/driver";
import { isExhausted, isExpired, verifySharePassword } from "./delivery";
import { type FileDeps, type FileRow, fileSelect } from "./records";
import { rememberPurged } from "./slugs/purged-slugs";
import { assertSlugGuessesLeft, slugMissed } from "./slugs/slug-guesses";
import { deleteFileRows } from "./storage";

/** How long the links of a file page stay valid. */
const LINK_TTL_SECONDS = 15 * 60;

/**
 * When a used-up share may be purged: the last deliveries handed out links valid for LINK_TTL_SECONDS,
 * and deleting the object at once would break them (the 51st request of a 50-view share would take
 * the file away from the 50th viewer). Until then it answers 410 and keeps its object.
 */
export const usedUpBefore = (now: Date) => new Date(now.getTime() - LINK_TTL_SECONDS * 1000);

async function refuseIfGone(deps: FileDeps, row: FileRow, now: Date) {
  const expired = isExpired(row, now);
  if (!expired && !isExhausted(row)) return;
  if (expired || row.updatedAt <= usedUpBefore(now)) {
    await rememberPurged(deps.db, "file", [{ slug: row.slug, reason: expired ? "expired" : "used_up" }], now);
    await deleteFileRows(deps, [row]);
  }
  throw new AppError("GONE", expired ? "errors.fileExpired" : "errors.viewLimitReached");
}

/**
 * A share whose object was deleted through a mount, or is found missing (deleted or moved outside the
 * app), answers 410 "gone" from then on instead of handing out links to nothing (docs/decisions/0007).
 */
async function refuseIfObjectGone(deps: FileDeps, row: FileRow): Promise<StorageDriver> {
  if (row.status === "gone") throw new AppError("GONE", "errors.fileGone");
  const driver = await deps.storage.driverFor(row.storageConfigId);
  if (await driver.head(row.storagePath)) return driver;
  await deps.db.fileShare.updateMany({ where: { id: row.id, status: "ready" }, data: { status: "gone" } });
  throw new AppError("GONE", "errors.fileGone");
}

export async function signedLinks(row: FileRow, driver: StorageDriver) {
  const options = { expiresIn: LINK_TTL_SECONDS, contentType: deliverableContentType(row.mimetype) };
  return {
    preview_url: await driver.presignGet(row.storagePath, {
      ...options,
      disposition: { type: "inline", filename: row.filename },
    }),
    download_url: await driver.presignGet(row.storagePath, {
      ...options,
      disposition: { type: "attachment", filename: row.filename },
    }),
    links_expire_at: new Date(Date.now() + LINK_TTL_SECONDS * 1000),
  };
}

/**
 * A share by its link: refused (410) when it expired, used up its views or lost its object; with the
 * driver that holds the object.
 */
async function findLiveShare(deps: FileDeps, slug: string, clientIp: string, now: Date) {
  assertSlugGuessesLeft(deps.db, clientIp);
  const row = await deps.db.fileShare.findFirst({
    // A file in a set answers through the set's link only (docs/share-sets.md).
    where: { slug, status: { in: ["ready", "gone"] }, setId: null },
    select: fileSelect,
  });
  if (!row) {
    throw await slugMissed(deps.db, clientIp, "errors.fileNotFound", {
      kind: "file",
      slug,
      expiredMessage: "errors.fileExpired",
    });
  }
  await refuseIfGone(deps, row, now);
  const driver = await refuseIfObjectGone(deps, row);
  return { row, driver };
}

/** Counts one delivery by one conditional UPDATE (exactly max_views succeed, whatever the concurrency). */
async function countFileView(deps: FileDeps, row: FileRow, now: Date): Promise<void> {
  const { db } = deps;
  const counted = await db.fileShare.updateMany({
    where: { id: row.id, ...viewableWhere(db.fileShare.fields.maxViews, now) },
    // updatedAt dates the last delivery: a used-up share keeps its object until that one's links expire.
    data: { views: { increment: 1 }, updatedAt: now },
  });
  if (counted.count === 0) {
    const latest = await db.fileShare.findUnique({ where: { id: row.id }, select: fileSelect });
    if (!latest) throw new AppError("NOT_FOUND", "errors.fileNotFound");
    await refuseIfGone(deps, latest, now);
    throw new AppError("CONFLICT", "errors.conflict");
  }
}

type ShareRequest = { slug: string; password?: string; clientIp: string };

/**
 * The public details of a file share; with the password when it has one. Each delivery of links
 * counts one view.
 */
export async function viewPublicFile(deps: FileDeps, request: ShareRequest, now = new Date()): Promise<PublicFileView> {
  const { row, driver } = await findLiveShare(deps, request.slug, request.clientIp, now);
  const base = {
    slug: row.slug,
    filename: row.filename,
    mimetype: deliverableContentType(row.mimetype),
    size: Number(row.size),
    has_password: row.passwordHash !== null,
    encrypted: row.encrypted,
    expires_at: row.expiresAt,
    max_views: row.maxViews,
    created_at: row.createdAt,
  };
  if (row.passwordHash) {
    if (!request.password) {
      return {
        ...base,
        requires_password: true,
        views: row.views,
        preview_url: null,
        download_url: null,
        links_expire_at: null,
      };
    }
    await verifySharePassword(deps.db, row.passwordHash, request.password, `${request.clientIp}:file:${row.slug}`);
  }
  await countFileView(deps, row, now);
  return { ...base, requires_password: false, views: row.views + 1, ...(await signedLinks(row, driver)) };
}

/**
 * A share's content for the routes that stream it (GET /file-download/{slug}, /file-view/{slug}):
 * the same rules as the share page (gone, password), and `countView` to call once the content is
 * really delivered.
 */
export async function openSharedFile(deps: FileDeps, request: ShareRequest, now = new Date()) {
  const { row, driver } = await findLiveShare(deps, request.slug, request.clientIp, now);
  if (row.passwordHash) {
    if (!request.password) throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
    await verifySharePassword(deps.db, row.passwordHash, request.password, `${request.clientIp}:file:${row.slug}`);
  }
  return {
    driver,
    key: row.storagePath,
    filename: row.filename,
    contentType: row.mimetype,
    countView: () => countFileView(deps, row, now),
  };
}
