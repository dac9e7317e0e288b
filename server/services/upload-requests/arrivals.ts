// Upload requests, the visitor's side (docs/upload-requests.md): open the request (password once, then a
// visit token), send files through the server (a form) or straight to the storage (presigned PUT or
// multipart), and see what this visit sent. The limits are exact whatever the concurrency and however
// many processes: a file takes one slot when it starts and its bytes when it commits, each by one
// conditional UPDATE of the request's counters; a file refused at its commit (past the total, the
// request closed or expired meanwhile) is removed with its object, so nothing is left half-stored.
// The bytes take the one upload pipeline (services/uploads/, docs/uploads.md) as its "upload request"
// target: the upload policy (max upload size, capacity, driver) is loaded once per request.

import { randomBytes } from "node:crypto";
import { extname } from "node:path";
import { formatBytes } from "@shared/format-bytes";
import type {
  arrivalPartUrlsInput,
  arrivalRef,
  completeArrivalInput,
  PublicUploadRequest,
  startArrivalInput,
} from "@shared/schemas/upload-requests";
import { MULTIPART_PART_SIZE } from "@shared/schemas/upload-requests";
import type { z } from "zod";
import { AppError } from "../../errors";
import { statedContentType } from "../../storage/content-type";
import type { PutBody, StorageDriver } from "../../storage/driver";
import { signVisit } from "../shares/collections/share-visits";
import { verifySharePassword } from "../shares/delivery";
import { invalidateMountsOf, safeFilename } from "../shares/storage";
import * as pipeline from "../uploads/pipeline";
import { type KnownParts, loadUploadPolicy, type UploadPolicy } from "../uploads/policy";
import {
  allowedTypesOf,
  statusOf,
  type UploadRequestDeps,
  type UploadRequestRow,
  uploadRequestSelect,
} from "./requests";
import { queueArrivalWebhook } from "./webhook";

/** How long a visit's token stays good: an afternoon of sending, not a link to keep. */
const VISIT_TTL_MS = 12 * 3_600_000;
/** Parts whose URLs the start answers at once; more are signed on request. */
const PARTS_SIGNED_AT_START = 20;
/** Names tried for one file before giving up ("a.txt", "a (2).txt", ...). */
const NAME_ATTEMPTS = 50;

// ---- Visits ------------------------------------------------------------------------------------------

function visitMac(secret: string, row: UploadRequestRow, sender: string, expires: number) {
  // The password hash is in the message: changing it ends the visits in progress.
  return signVisit(secret, `upload-request-visit:${row.id}:${sender}:${expires}:${row.passwordHash ?? ""}`);
}

async function issueVisit(secret: string, row: UploadRequestRow, now: Date) {
  const sender = randomBytes(12).toString("base64url");
  const expires = now.getTime() + VISIT_TTL_MS;
  return { sender, token: `${sender}.${expires.toString(36)}.${await visitMac(secret, row, sender, expires)}` };
}

/** The sender a valid token names, else null. */
async function senderOf(secret: string, row: UploadRequestRow, token: string | undefined, now: Date) {
  const [sender, stamp, mac] = (token ?? "").split(".");
  const expires = Number.parseInt(stamp ?? "", 36);
  if (!sender || !mac || !Number.isFinite(expires) || expires <= now.getTime()) return null;
  const expected = await visitMac(secret, row, sender, expires);
  const isValid = expected.length === mac.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(mac));
  return isValid ? sender : null;
}

type Access = { slug: string; password?: string; visit?: string; clientIp: string };

async function findRequest(deps: UploadRequestDeps, slug: string): Promise<UploadRequestRow> {
  const row = await deps.db.uploadRequest.findUnique({ where: { slug }, select: uploadRequestSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.uploadRequestNotFound");
  return row;
}

function assertOpen(row: UploadRequestRow, now: Date) {
  const status = statusOf(row, now);
  if (status === "closed") throw new AppError("GONE", "errors.uploadRequestClosed");
  if (status === "expired") throw new AppError("GONE", "errors.uploadRequestExpired");
}

/**
 * Lets a visitor in: a valid visit token passes; otherwise the password, when the request has one,
 * starts a new visit. `null` sender while the password is missing and `allowLocked`.
 */
async function admit(deps: UploadRequestDeps, access: Access, now: Date, allowLocked: boolean) {
  const row = await findRequest(deps, access.slug);
  assertOpen(row, now);
  const sender = await senderOf(deps.config.secret, row, access.visit, now);
  if (sender) return { row, sender, visit: access.visit ?? null };
  if (row.passwordHash) {
    if (!access.password) {
      if (allowLocked) return { row, sender: null, visit: null };
      throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
    }
    await verifySharePassword(
      deps.db,
      row.passwordHash,
      access.password,
      `${access.clientIp}:upload-request:${row.slug}`,
    );
  }
  const visit = await issueVisit(deps.config.secret, row, now);
  return { row, sender: visit.sender, visit: visit.token };
}

/** GET /public/upload-requests/{slug}: the rules, what is left, and what this visit sent. */
export async function viewUploadRequest(
  deps: UploadRequestDeps,
  access: Access,
  now = new Date(),
): Promise<PublicUploadRequest> {
  const { row, sender, visit } = await admit(deps, access, now, true);
  const sent = sender
    ? await deps.db.uploadRequestFile.findMany({
        where: { requestId: row.id, senderId: sender, status: "stored" },
        orderBy: { createdAt: "asc" },
        select: { id: true, name: true, size: true, createdAt: true },
      })
    : [];
  return {
    slug: row.slug,
    note: row.note,
    has_password: row.passwordHash !== null,
    requires_password: sender === null,
    allowed_types: allowedTypesOf(row),
    max_files: row.maxFiles,
    max_file_size: Number(row.maxFileSize),
    max_total_size: Number(row.maxTotalSize),
    files_left: Math.max(0, row.maxFiles - row.filesCount),
    bytes_left: Math.max(0, Number(row.maxTotalSize - row.bytesCount)),
    expires_at: row.expiresAt,
    visit,
    sent: sent.map((file) => ({ id: file.id, name: file.name, size: Number(file.size), created_at: file.createdAt })),
  };
}

// ---- The rules of one file -----------------------------------------------------------------------------

/** Whether a file of this name and type is one the request takes (by MIME type, family or extension). */
export function isTypeAllowed(allowed: string[], name: string, mimetype: string): boolean {
  if (allowed.length === 0) return true;
  const extension = extname(name).toLowerCase();
  // "text/plain; charset=utf-8" is text/plain: parameters say how, not what.
  const type = (mimetype.split(";")[0] ?? "").trim().toLowerCase();
  return allowed.some((rule) =>
    rule.startsWith(".")
      ? rule === extension
      : rule.endsWith("/*")
        ? type.startsWith(rule.slice(0, -1))
        : rule === type,
  );
}

function assertFileFits(row: UploadRequestRow, name: string, mimetype: string, size: number | null) {
  const allowed = allowedTypesOf(row);
  if (!isTypeAllowed(allowed, name, mimetype)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors.uploadRequestTypeRefused", { types: allowed.join(", ") });
  }
  if (size !== null && size > Number(row.maxFileSize)) {
    throw new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(Number(row.maxFileSize)) });
  }
  if (size !== null && BigInt(size) > row.maxTotalSize - row.bytesCount) {
    throw new AppError("CONFLICT", "errors.uploadRequestTotalReached", { max: formatBytes(Number(row.maxTotalSize)) });
  }
}

const openNow = (now: Date) => ({ status: "open", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

/** Takes one file slot, by one conditional UPDATE: at most max_files ever hold one, whatever the concurrency. */
async function takeSlot(deps: UploadRequestDeps, row: UploadRequestRow, now: Date) {
  const { db } = deps;
  const taken = await db.uploadRequest.updateMany({
    where: { id: row.id, ...openNow(now), filesCount: { lt: db.uploadRequest.fields.maxFiles } },
    data: { filesCount: { increment: 1 } },
  });
  if (taken.count === 1) return;
  assertOpen(await findRequest(deps, row.slug), now);
  throw new AppError("CONFLICT", "errors.uploadRequestFull", { max: row.maxFiles });
}

async function giveSlotBack(deps: UploadRequestDeps, requestId: string) {
  await deps.db.uploadRequest.updateMany({
    where: { id: requestId, filesCount: { gt: 0 } },
    data: { filesCount: { decrement: 1 } },
  });
}

/**
 * Takes the file's bytes from the total, by one conditional UPDATE that also requires the request to be
 * open and unexpired now: a request closed while the file travelled refuses it here.
 */
async function takeBytes(deps: UploadRequestDeps, row: UploadRequestRow, size: number, now: Date) {
  const taken = await deps.db.uploadRequest.updateMany({
    where: { id: row.id, ...openNow(now), bytesCount: { lte: row.maxTotalSize - BigInt(size) } },
    data: { bytesCount: { increment: BigInt(size) } },
  });
  if (taken.count === 1) return;
  assertOpen(await findRequest(deps, row.slug), now);
  throw new AppError("CONFLICT", "errors.uploadRequestTotalReached", { max: formatBytes(Number(row.maxTotalSize)) });
}

// ---- One file's record -----------------------------------------------------------------------------------

type ArrivalRow = {
  id: string;
  requestId: string;
  storageConfigId: string;
  storagePath: string;
  name: string;
  mimetype: string;
  size: bigint;
  status: string;
  uploadId: string | null;
  senderId: string;
};

const arrivalSelect = {
  id: true,
  requestId: true,
  storageConfigId: true,
  storagePath: true,
  name: true,
  mimetype: true,
  size: true,
  status: true,
  uploadId: true,
  senderId: true,
} as const;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";

/**
 * The record of a file starting its way, under a key of its own in the request's folder: the file's
 * name, or "name (2).ext" and so on when an object or another arrival has it (the unique index decides
 * between two senders racing for one name).
 */
async function createArrival(
  deps: UploadRequestDeps,
  row: UploadRequestRow,
  driver: StorageDriver,
  fields: { name: string; mimetype: string; size: number; sender: string },
): Promise<ArrivalRow> {
  const name = safeFilename(fields.name);
  const extension = extname(name).slice(0, 20);
  const base = name.slice(0, name.length - extension.length) || "file";
  for (let attempt = 1; attempt <= NAME_ATTEMPTS; attempt++) {
    const candidate = attempt === 1 ? name : `${base} (${attempt})${extension}`;
    const key = `${row.folderKey}${candidate}`;
    if (await driver.head(key)) continue;
    try {
      return await deps.db.uploadRequestFile.create({
        data: {
          requestId: row.id,
          storageConfigId: row.storageConfigId,
          storagePath: key,
          name: candidate,
          mimetype: fields.mimetype,
          size: BigInt(fields.size),
          senderId: fields.sender,
        },
        select: arrivalSelect,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new AppError("CONFLICT", "errors.uploadRequestNameTaken", { name });
}

/**
 * Removes a file that will not arrive: its multipart upload, its object, its record, and its slot.
 * `known` is the driver the request already holds (its policy's).
 */
async function discardArrival(deps: UploadRequestDeps, file: ArrivalRow, known?: StorageDriver) {
  const driver = known ?? (await deps.storage.driverFor(file.storageConfigId));
  if (file.uploadId) await driver.abortMultipartUpload(file.storagePath, file.uploadId).catch(() => undefined);
  await driver.delete(file.storagePath).catch(() => undefined);
  const removed = await deps.db.uploadRequestFile.deleteMany({ where: { id: file.id, status: "uploading" } });
  if (removed.count === 1) await giveSlotBack(deps, file.requestId);
}

/**
 * The file's bytes are in the storage at its key: they are checked (the size it declared, the request's
 * limits, the storage's room) and counted, or the file is removed. Then the owner is told.
 */
async function commitArrival(
  deps: UploadRequestDeps,
  policy: UploadPolicy,
  row: UploadRequestRow,
  file: ArrivalRow,
  now: Date,
  declaredSize: number | null,
) {
  try {
    const stored = await pipeline.settleStoredUpload(deps, policy, file.storagePath, {
      accept(object) {
        if (declaredSize !== null && object.size !== declaredSize) {
          throw new AppError("BAD_REQUEST", "errors.sizeMismatch");
        }
        assertFileFits(row, file.name, file.mimetype, object.size > Number(row.maxFileSize) ? object.size : null);
      },
      // The stored object is in the usage record; an arrival has no record in flight counted there.
      ownBytes: (object) => object.size,
      // Any refusal of the commit removes the file, below.
      removeRefused: () => Promise.resolve(),
    });
    await takeBytes(deps, row, stored.size, now);
    await deps.db.uploadRequestFile.update({
      where: { id: file.id },
      data: { status: "stored", size: BigInt(stored.size), uploadId: null },
      select: { id: true },
    });
    await invalidateMountsOf(deps, [file.storageConfigId]);
    await queueArrivalWebhook(deps, row, { ...file, size: BigInt(stored.size) });
    return { id: file.id, name: file.name, size: stored.size, mimetype: file.mimetype, created_at: now };
  } catch (error) {
    await discardArrival(deps, file, policy.driver);
    throw error;
  }
}

/** A file's slot and record, taken once the request's rules and the policy let it start. */
async function openArrival(
  deps: UploadRequestDeps,
  policy: UploadPolicy,
  row: UploadRequestRow,
  fields: { name: string; mimetype: string; size: number; sender: string },
  now: Date,
): Promise<ArrivalRow> {
  await takeSlot(deps, row, now);
  try {
    return await createArrival(deps, row, policy.driver, fields);
  } catch (error) {
    await giveSlotBack(deps, row.id);
    throw error;
  }
}

// ---- Through the server (the REST form) -------------------------------------------------------------------

/**
 * POST /public/upload-requests/{slug}/files: one file streamed from the form to the storage, counted
 * on its way and cut off past the request's size per file, what is left of its total, the max upload
 * size or the storage's room. `known`: what the form already read (the settings).
 */
export async function receiveArrival(
  deps: UploadRequestDeps,
  access: Access,
  fields: { name: string; mimetype: string | undefined; size: number | null },
  body: PutBody,
  known: KnownParts = {},
  now = new Date(),
) {
  const { row, sender } = await admit(deps, access, now, false);
  if (!sender) throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
  const mimetype = statedContentType(fields.name, fields.mimetype);
  assertFileFits(row, fields.name, mimetype, fields.size);
  const policy = await loadUploadPolicy(deps, row.storageConfigId, known);
  const room = await policy.assertFits(fields.size ?? 0);
  const file = await openArrival(
    deps,
    policy,
    row,
    { name: fields.name, mimetype, size: fields.size ?? 0, sender },
    now,
  );
  const limit = Math.min(Number(row.maxFileSize), Number(row.maxTotalSize - row.bytesCount));
  const within = {
    bytes: limit,
    refusal: () =>
      limit < Number(row.maxFileSize)
        ? new AppError("CONFLICT", "errors.uploadRequestTotalReached", { max: formatBytes(Number(row.maxTotalSize)) })
        : new AppError("PAYLOAD_TOO_LARGE", "errors.fileTooLarge", { max: formatBytes(limit) }),
  };
  try {
    const object = { key: file.storagePath, contentType: mimetype };
    await pipeline.streamUpload(policy, object, body, { room, within, exactSize: fields.size ?? undefined });
  } catch (error) {
    await discardArrival(deps, file, policy.driver);
    throw error;
  }
  return commitArrival(deps, policy, row, file, new Date(), fields.size);
}

// ---- Straight to the storage (the visitor's page) ------------------------------------------------------------

function signParts(driver: Pick<StorageDriver, "presignUploadPart">, file: ArrivalRow, partNumbers: number[]) {
  if (!file.uploadId) throw new AppError("BAD_REQUEST", "errors.uploadNotFound");
  return pipeline.presignPartUrls(driver, file.storagePath, file.uploadId, partNumbers);
}

const isRemoteUrl = (url: string, publicUrl: string) => !url.startsWith(publicUrl);

/** Starts a file's way to the storage: its slot, its record, and where to send its bytes. */
export async function startArrival(
  deps: UploadRequestDeps,
  input: z.output<typeof startArrivalInput> & { clientIp: string },
  now = new Date(),
) {
  const { row, sender } = await admit(deps, { ...input, slug: input.slug }, now, false);
  if (!sender) throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
  const mimetype = statedContentType(input.name, input.mimetype);
  assertFileFits(row, input.name, mimetype, input.size);
  const policy = await loadUploadPolicy(deps, row.storageConfigId);
  await policy.assertFits(input.size);
  let file = await openArrival(deps, policy, row, { name: input.name, mimetype, size: input.size, sender }, now);
  const object = { key: file.storagePath, contentType: mimetype };
  try {
    if (input.mode === "multipart") {
      const uploadId = await pipeline.startMultipart(policy, object);
      file = await deps.db.uploadRequestFile.update({
        where: { id: file.id },
        data: { uploadId },
        select: arrivalSelect,
      });
      const count = Math.min(PARTS_SIGNED_AT_START, Math.max(1, Math.ceil(input.size / MULTIPART_PART_SIZE)));
      const partUrls = await signParts(
        policy.driver,
        file,
        Array.from({ length: count }, (_, index) => index + 1),
      );
      return {
        file_id: file.id,
        mode: "multipart" as const,
        url: null,
        headers: {} as Record<string, string>,
        part_size: MULTIPART_PART_SIZE,
        part_urls: partUrls,
        is_remote: partUrls.some((part) => isRemoteUrl(part.url, deps.config.publicUrl)),
      };
    }
    // The request's links live an hour, whatever the storage's own signature lifetime.
    const { url } = await pipeline.presignObject(policy, object, pipeline.UPLOAD_URL_TTL_SECONDS);
    return {
      file_id: file.id,
      mode: "direct" as const,
      url,
      headers: { "Content-Type": mimetype } as Record<string, string>,
      part_size: 0,
      part_urls: [],
      is_remote: isRemoteUrl(url, deps.config.publicUrl),
    };
  } catch (error) {
    await discardArrival(deps, file, policy.driver);
    throw error;
  }
}

/** This visit's file still on its way; another visit's, or one already stored, is not found. */
async function travellingArrival(deps: UploadRequestDeps, input: z.output<typeof arrivalRef> & { clientIp: string }) {
  const now = new Date();
  const row = await findRequest(deps, input.slug);
  const sender = await senderOf(deps.config.secret, row, input.visit, now);
  const file = sender
    ? await deps.db.uploadRequestFile.findFirst({
        where: { id: input.file_id, requestId: row.id, senderId: sender, status: "uploading" },
        select: arrivalSelect,
      })
    : null;
  if (!file) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
  return { row, file, now };
}

export async function arrivalPartUrls(
  deps: UploadRequestDeps,
  input: z.output<typeof arrivalPartUrlsInput> & { clientIp: string },
) {
  const { row, file, now } = await travellingArrival(deps, input);
  assertOpen(row, now);
  const driver = await deps.storage.driverFor(file.storageConfigId);
  return { part_urls: await signParts(driver, file, input.part_numbers) };
}

/**
 * The parts of this visit's multipart file the storage already holds: the page picks the file up here
 * after a reload and sends only the rest (docs/upload-requests.md, "Resuming after a reload").
 */
export async function arrivalStoredParts(
  deps: UploadRequestDeps,
  input: z.output<typeof arrivalRef> & { clientIp: string },
) {
  const { row, file, now } = await travellingArrival(deps, input);
  assertOpen(row, now);
  if (!file.uploadId) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
  const driver = await deps.storage.driverFor(file.storageConfigId);
  const parts = await driver.listParts(file.storagePath, file.uploadId);
  return { parts: parts.map((part) => ({ part_number: part.partNumber, etag: part.etag, size: part.size })) };
}

/** The bytes are sent: a multipart upload is completed, then the file is checked and counted (commitArrival). */
export async function completeArrival(
  deps: UploadRequestDeps,
  input: z.output<typeof completeArrivalInput> & { clientIp: string },
) {
  const { row, file, now } = await travellingArrival(deps, input);
  const policy = await loadUploadPolicy(deps, file.storageConfigId);
  if (file.uploadId) {
    try {
      if (!input.parts?.length) throw new AppError("BAD_REQUEST", "errors.uploadPartsMissing");
      await pipeline.completeMultipart(
        policy,
        file.storagePath,
        file.uploadId,
        input.parts.map((part) => ({ partNumber: part.part_number, etag: part.etag })),
      );
    } catch (error) {
      await discardArrival(deps, file, policy.driver);
      throw error;
    }
  }
  return commitArrival(deps, policy, row, file, now, Number(file.size));
}

/** The visitor cancelled: what was sent of the file is removed, and its slot given back. */
export async function cancelArrival(
  deps: UploadRequestDeps,
  input: z.output<typeof arrivalRef> & { clientIp: string },
) {
  const { file } = await travellingArrival(deps, input);
  await discardArrival(deps, file);
  return { cancelled: true };
}

/** Takes back a file already kept (its form was refused after it): object, record, slot and bytes. */
export async function withdrawArrival(deps: UploadRequestDeps, fileId: string) {
  const file = await deps.db.uploadRequestFile.findUnique({ where: { id: fileId }, select: arrivalSelect });
  if (!file) return;
  const driver = await deps.storage.driverFor(file.storageConfigId);
  await driver.delete(file.storagePath).catch(() => undefined);
  const removed = await deps.db.uploadRequestFile.deleteMany({ where: { id: file.id } });
  if (removed.count === 0) return;
  await deps.db.uploadRequest.updateMany({
    where: { id: file.requestId },
    data: { filesCount: { decrement: 1 }, bytesCount: { decrement: file.status === "stored" ? file.size : 0n } },
  });
}

/** The sweep: files that never finished (a closed tab) give their slot back after a day. */
export async function purgeStaleArrivals(deps: UploadRequestDeps, before: Date) {
  const stale = await deps.db.uploadRequestFile.findMany({
    where: { status: "uploading", createdAt: { lt: before } },
    select: arrivalSelect,
    take: 500,
  });
  for (const file of stale) await discardArrival(deps, file);
  return { removed: stale.length };
}
