// File shares, managed: the admin lists, edits and deletes all of them, a key its own; the sweep purges
// the expired and used-up ones. Uploads are in services/shares/upload/uploads.ts, viewing by link in
// services/shares/views.ts.

import type { listFilesInput, updateFileInput } from "@shared/schemas/shares/shares";
import type { z } from "zod";
import type { DriverConnection } from "../../db/client";
import { driverQuery } from "../../db/driver-query";
import { columnIn } from "../../db/literal-search";
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";
import { STALE_UPLOAD_MS } from "../uploads/upload-limits";
import { listedCreators, ownedBy, passwordHashUpdate, requestedExpiry } from "./delivery";
import { type FileDeps, type FileRow, fileSelect, toFile } from "./records";
import { keptShareTotal, listSharePage, numbered, type ShareTable } from "./share-list";
import { rememberPurged } from "./slugs/purged-slugs";
import { deleteFileRows } from "./storage";
import { usedUpBefore } from "./views";

/**
 * The file list's filter of one storage. The admin's list of every creator reads the storage's own
 * `(storageConfigId, createdAt, id)` index newest first. A list of some creators reads each creator's
 * `(createdBy, createdAt, id)` index instead (a key's files are few of a storage's): the storage then
 * is said as a range of one value, which SQLite, choosing from the schema alone, does not take for a
 * walk in list order (docs/admin-lists.md "Query plans").
 */
function storageFilter(storageConfigId: string, creators: readonly string[] | null) {
  return creators === null ? storageConfigId : { gte: storageConfigId, lte: storageConfigId };
}

/** The file list's table (share-list.ts): the files outside sets that are not uploading, with their storage's name. */
function fileTable(
  deps: FileDeps,
  creators: readonly string[] | null,
  storageConfigId: string | undefined,
): ShareTable<FileRow> {
  const { db } = deps;
  // Gone shares stay listed (status "gone") so that their owner sees why the link answers 410. Files of a
  // set are not: their own links answer 404, and the set is listed as one (docs/share-sets.md).
  // `status <> 'uploading'` is the same rows as `IN ('ready', 'gone')`, said so that the database
  // reads an index in list order: two statuses of the (status, createdAt) index would need every
  // listed row sorted before the first page (docs/admin-lists.md).
  const storage = storageConfigId ? storageFilter(storageConfigId, creators) : undefined;
  const { storageConfig: _storage, ...columns } = fileSelect;
  return {
    table: "FileShare",
    kind: "file",
    columns: Object.keys(columns),
    dates: ["expiresAt", "createdAt", "updatedAt"],
    booleans: ["useProxy", "encrypted"],
    numbers: ["maxViews", "views"],
    bigints: ["size"],
    complete: async (driver, rows) => {
      const ids = [...new Set(rows.map((row) => row.storageConfigId as string))];
      const configs = ids.length
        ? await driverQuery(
            driver,
            numbered(`SELECT "id", "name", "providerType" FROM {StorageConfig} WHERE ${columnIn("id", ids).sql}`),
            ids,
          )
        : [];
      const byId = new Map(
        configs.map((config) => [config.id, { name: config.name, providerType: config.providerType }]),
      );
      return rows.map((row) => ({ ...row, storageConfig: byId.get(row.storageConfigId) }) as FileRow);
    },
    listed: { setId: null, status: { not: "uploading" }, ...(storage ? { storageConfigId: storage } : {}) },
    listedSql: [
      { sql: `"FileShare"."setId" IS NULL`, params: [] },
      { sql: `"FileShare"."status" <> 'uploading'`, params: [] },
      ...(storageConfigId
        ? [
            creators === null
              ? { sql: `"FileShare"."storageConfigId" = ?`, params: [storageConfigId] }
              : {
                  sql: `"FileShare"."storageConfigId" >= ? AND "FileShare"."storageConfigId" <= ?`,
                  params: [storageConfigId, storageConfigId],
                },
          ]
        : []),
    ],
    searchColumns: [{ name: "slug" }, { name: "filename" }, { name: "remark" }],
    searchWhere: (contains) => ({ OR: [{ slug: contains }, { filename: contains }, { remark: contains }] }),
    findMatches: (where, take) => db.fileShare.findMany({ where, select: { id: true, createdAt: true }, take }),
    findRows: (args) => db.fileShare.findMany({ ...args, select: fileSelect }),
    count: (where) => db.fileShare.count({ where }),
    // The kept count of the listed statuses, less the files of sets (counted through the setId index:
    // sets hold few of all files).
    keptTotal: async (driver, listed) => {
      const [kept, inSets] = await Promise.all([
        keptShareTotal(driver, { kind: "file", statuses: ["ready", "gone"], creators: listed, storageConfigId }),
        filesInSets(driver, listed, storageConfigId),
      ]);
      return kept - inSets;
    },
  };
}

export async function listFiles(deps: FileDeps, auth: AuthState, input: z.output<typeof listFilesInput>) {
  const creators = listedCreators(auth, input.created_by);
  const table = fileTable(deps, creators, input.s3_config_id);
  const { rows, pagination } = await listSharePage(deps.db, deps.config.databaseProvider, table, auth, input);
  const now = new Date();
  return { files: rows.map((row) => toFile(row, deps.config.publicUrl, now)), pagination };
}

/**
 * How many listed files (neither uploading nor outside the listed creators and storage) belong to sets.
 * SQLite is told to read the setId index: given `createdBy = ?` or `storageConfigId = ?` beside
 * `"setId" IS NOT NULL` it read every file of that creator or storage instead, and given neither it
 * read the whole table (1.1 s at 1,000,000 files; docs/admin-lists.md "Query plans"). Postgres plans
 * it from its statistics.
 */
async function filesInSets(
  driver: DriverConnection,
  creators: readonly string[] | null,
  storageConfigId: string | undefined,
): Promise<number> {
  const conditions = [
    ...(creators ? [columnIn("createdBy", creators)] : []),
    ...(storageConfigId ? [columnIn("storageConfigId", [storageConfigId])] : []),
  ];
  const indexed = driver.provider === "sqlite" ? ` INDEXED BY "FileShare_setId_createdAt_id_idx"` : "";
  const [row] = await driverQuery(
    driver,
    numbered(`SELECT COUNT(*) AS "total" FROM {FileShare}${indexed}
     WHERE "setId" IS NOT NULL AND "status" <> 'uploading'${conditions.map((condition) => ` AND ${condition.sql}`).join("")}`),
    conditions.flatMap((condition) => condition.params),
  );
  return Number(row?.total ?? 0);
}

export async function getFile(deps: FileDeps, auth: AuthState, id: string) {
  const row = await deps.db.fileShare.findFirst({ where: { id, ...ownedBy(auth) }, select: fileSelect });
  if (!row) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  return toFile(row, deps.config.publicUrl);
}

export async function updateFile(deps: FileDeps, auth: AuthState, input: z.output<typeof updateFileInput>) {
  const { db } = deps;
  const existing = await db.fileShare.findFirst({
    where: { id: input.id, ...ownedBy(auth) },
    select: { id: true, slug: true, encrypted: true },
  });
  if (!existing) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  if (existing.encrypted && input.password) throw new AppError("BAD_REQUEST", "errors.encryptedPasswordInBrowser");
  if (input.slug && input.slug !== existing.slug) {
    if (await db.fileShare.findUnique({ where: { slug: input.slug }, select: { id: true } })) {
      throw new AppError("CONFLICT", "errors.slugTaken");
    }
  }
  const passwordHash = await passwordHashUpdate(input.password);
  try {
    await db.fileShare.update({
      where: { id: input.id },
      data: {
        slug: input.slug,
        remark: input.remark === undefined ? undefined : input.remark?.trim() || null,
        passwordHash,
        expiresAt: requestedExpiry(input),
        maxViews: input.max_views,
      },
      select: { id: true },
    });
  } catch (error) {
    if (
      input.slug &&
      (await db.fileShare.findFirst({ where: { slug: input.slug, id: { not: input.id } }, select: { id: true } }))
    ) {
      throw new AppError("CONFLICT", "errors.slugTaken");
    }
    throw error;
  }
  return getFile(deps, auth, input.id);
}

export async function deleteFiles(deps: FileDeps, auth: AuthState, ids: string[]) {
  const rows = await deps.db.fileShare.findMany({ where: { id: { in: ids }, ...ownedBy(auth) }, select: fileSelect });
  if (rows.length === 0) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  await deleteFileRows(deps, rows);
  return { deleted: rows.length };
}

/**
 * The sweep: expired shares, used-up ones once their last links have expired, and uploads left
 * unfinished for a day (docs/rules.md).
 */
export async function purgeGoneFiles(deps: FileDeps, now = new Date()) {
  const rows = await deps.db.fileShare.findMany({
    where: {
      OR: [
        { expiresAt: { lte: now } },
        {
          AND: [
            { maxViews: { gt: 0 } },
            { views: { gte: deps.db.fileShare.fields.maxViews } },
            { updatedAt: { lte: usedUpBefore(now) } },
          ],
        },
        { AND: [{ status: "uploading" }, { createdAt: { lte: new Date(now.getTime() - STALE_UPLOAD_MS) } }] },
      ],
    },
    select: fileSelect,
    take: 500,
  });
  // Links that worked answer 410 after their rows go (purged-slugs.ts); unfinished uploads never had one.
  const expired = (row: FileRow) => row.expiresAt !== null && row.expiresAt <= now;
  await rememberPurged(
    deps.db,
    "file",
    rows
      .filter((row) => row.status !== "uploading")
      .map((row) => ({ slug: row.slug, reason: expired(row) ? ("expired" as const) : ("used_up" as const) })),
    now,
  );
  await deleteFileRows(deps, rows);
  return { deleted: rows.length };
}
