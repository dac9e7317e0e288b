// File shares, managed: the admin lists, edits and deletes all of them, a key its own; the sweep purges
// the expired and used-up ones. Uploads are in services/shares/upload/uploads.ts, viewing by link in
// services/shares/views.ts.

import { paginationOf } from "@shared/schemas/common";
import type { listFilesInput, updateFileInput } from "@shared/schemas/shares/shares";
import type { z } from "zod";
import { afterCursor, cursorPage, decodeListCursor, newestByCreator, newestFirst } from "../../db/list-cursor";
import { columnIn, containsLiterally, inOrderOf, postgresSearchPage, sqliteSearchPage } from "../../db/literal-search";
import { AppError } from "../../errors";
import { type AuthState, createdByFilter } from "../auth/sessions";
import { countShares } from "../system/share-counts";
import { STALE_UPLOAD_MS } from "../uploads/upload-limits";
import { creatorConditions, listedCreators, ownedBy, passwordHashUpdate, requestedExpiry } from "./delivery";
import { type FileDeps, type FileRow, fileSelect, toFile } from "./records";
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

export async function listFiles(deps: FileDeps, auth: AuthState, input: z.output<typeof listFilesInput>) {
  const { db, config } = deps;
  // A cursor (docs/admin-lists.md) reads the page below its row; offset is then not used.
  const cursor = input.cursor ? decodeListCursor(input.cursor) : null;
  const offset = cursor ? 0 : input.offset;
  // Gone shares stay listed (status "gone") so that their owner sees why the link answers 410. Files of a
  // set are not: their own links answer 404, and the set is listed as one (docs/share-sets.md).
  const listed = ["ready", "gone"];
  const creators = listedCreators(auth, input.created_by);
  const listedFiles = {
    setId: null,
    // The same rows as `in: listed` (a share is uploading, ready or gone), said so that the database
    // reads an index in list order: two statuses of the (status, createdAt) index would need every
    // listed row sorted before the first page (docs/admin-lists.md).
    status: { not: "uploading" },
    ...(input.s3_config_id ? { storageConfigId: storageFilter(input.s3_config_id, creators) } : {}),
  };
  const where = { ...ownedBy(auth), ...listedFiles, ...createdByFilter(input.created_by) };
  const term = input.search;
  let page: { rows: FileRow[]; total: number };
  if (term && config.databaseProvider === "sqlite") {
    const { ids, total } = await sqliteSearchPage(db, {
      table: "FileShare",
      columns: [{ name: "slug" }, { name: "filename" }, { name: "remark" }],
      term,
      conditions: [
        ...creatorConditions(auth, input.created_by),
        columnIn("status", listed),
        { sql: `"setId" IS NULL`, params: [] },
        ...(input.s3_config_id ? [columnIn("storageConfigId", [input.s3_config_id])] : []),
      ],
      after: cursor,
      offset,
      limit: input.limit + 1,
    });
    const rows = await db.fileShare.findMany({ where: { id: { in: ids } }, select: fileSelect });
    page = { rows: inOrderOf(ids, rows), total };
  } else {
    const contains = term ? containsLiterally(config.databaseProvider, term) : null;
    const search = contains ? { OR: [{ slug: contains }, { filename: contains }, { remark: contains }] } : {};
    const take = input.limit + 1;
    const searched =
      contains && config.databaseProvider === "postgres"
        ? await postgresSearchPage({
            matches: (most) =>
              db.fileShare.findMany({
                where: { AND: [where, search] },
                select: { id: true, createdAt: true },
                take: most,
              }),
            page: (ids) =>
              db.fileShare.findMany({
                where: { AND: [{ id: { in: ids } }, afterCursor(cursor)] },
                select: fileSelect,
                orderBy: newestFirst,
                skip: offset,
                take,
              }),
            after: cursor,
            offset,
            limit: take,
          })
        : null;
    const [rows, total] = searched
      ? [searched.rows, searched.total]
      : await Promise.all([
          newestByCreator(creators, { offset, take }, (creator) =>
            db.fileShare.findMany({
              where: { AND: [listedFiles, creator, search, afterCursor(cursor)] },
              select: fileSelect,
              orderBy: newestFirst,
              skip: offset,
              take,
            }),
          ),
          // Without a search the total is the database's kept count, not a count of the rows, less the files
          // of sets (counted through the setId index: sets hold few of all files).
          contains
            ? db.fileShare.count({ where: { ...where, ...search } })
            : Promise.all([
                countShares(db, {
                  kind: "file",
                  statuses: listed,
                  ...(creators ? { creators } : {}),
                  ...(input.s3_config_id ? { storageConfigId: input.s3_config_id } : {}),
                }),
                filesInSets(deps, creators, input.s3_config_id),
              ]).then(([counted, inSets]) => counted.rows - inSets),
        ]);
    page = { rows, total };
  }
  const now = new Date();
  const { page: rows, nextCursor } = cursorPage(page.rows, input.limit);
  return {
    files: rows.map((row) => toFile(row, config.publicUrl, now)),
    pagination: { ...paginationOf(page.total, input.limit, offset), hasMore: nextCursor !== null, nextCursor },
  };
}

/**
 * How many listed files (neither uploading nor outside the listed creators and storage) belong to sets.
 * SQLite is told to read the setId index: given `createdBy = ?` or `storageConfigId = ?` beside
 * `"setId" IS NOT NULL` it read every file of that creator or storage instead, and given neither it
 * read the whole table (1.1 s at 1,000,000 files; docs/admin-lists.md "Query plans").
 */
async function filesInSets(
  { db, config }: FileDeps,
  creators: readonly string[] | null,
  storageConfigId: string | undefined,
): Promise<number> {
  if (config.databaseProvider === "postgres") {
    return db.fileShare.count({
      where: {
        setId: { not: null },
        status: { not: "uploading" },
        ...(creators ? { createdBy: { in: [...creators] } } : {}),
        ...(storageConfigId ? { storageConfigId } : {}),
      },
    });
  }
  const conditions = [
    ...(creators ? [columnIn("createdBy", creators)] : []),
    ...(storageConfigId ? [columnIn("storageConfigId", [storageConfigId])] : []),
  ];
  const [row] = await db.$queryRawUnsafe<{ total: number | bigint }[]>(
    `SELECT COUNT(*) AS "total" FROM "FileShare" INDEXED BY "FileShare_setId_createdAt_id_idx"
     WHERE "setId" IS NOT NULL AND "status" <> 'uploading'${conditions.map((condition) => ` AND ${condition.sql}`).join("")}`,
    ...conditions.flatMap((condition) => condition.params),
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
