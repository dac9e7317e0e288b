// Sets of files (docs/share-sets.md): uploaded file shares sent out behind one /s/ link. The set's
// password, expiry and view limit govern every file in it; a member's own link answers 404. A visit
// (services/shares/collections/share-visits.ts) counts one view, whatever it lists, opens or zips.

import type { PublicShare, SharedItem } from "@shared/schemas/shares/path-shares";
import type { CreatedShareSet, createShareSetInput } from "@shared/schemas/shares/share-sets";
import type { z } from "zod";
import { AppError } from "../../../errors";
import { contentTypeFor, deliverableContentType } from "../../../storage/content-type";
import { type AuthState, creatorOf } from "../../auth/sessions";
import { hashSharePassword, isExhausted, isExpired, newShareExpiry, ownedBy } from "../delivery";
import type { FileDeps } from "../records";
import { type PurgedReason, purgedSet, rememberPurged } from "../slugs/purged-slugs";
import { assertSlugGuessesLeft, slugMissed } from "../slugs/slug-guesses";
import { generateUniqueLinkSlug } from "../slugs/slugs";
import { deleteFileRows } from "../storage";
import { admitVisit, VISIT_TTL_MS, type VisitRequest } from "./share-visits";
import { zipResponse } from "./share-zip";

export type ShareSetDeps = FileDeps & { config: { publicUrl: string; secret: string } };

export const shareSetLink = (publicUrl: string, slug: string) => `${publicUrl}/s/${encodeURIComponent(slug)}`;

const setSelect = {
  id: true,
  slug: true,
  passwordHash: true,
  expiresAt: true,
  maxViews: true,
  views: true,
} as const;

const memberSelect = {
  id: true,
  filename: true,
  mimetype: true,
  size: true,
  storageConfigId: true,
  storagePath: true,
  createdAt: true,
} as const;

type MemberRow = {
  id: string;
  filename: string;
  mimetype: string;
  size: bigint;
  storageConfigId: string;
  storagePath: string;
  createdAt: Date;
};

/**
 * Groups the caller's uploaded files into one set behind one link. Each file must be the caller's,
 * ready, not encrypted in the browser (its key is in its own link) and in no other set. From then on
 * the set's rules govern them: their expiry becomes the set's and their own links stop answering.
 */
export async function createShareSet(
  deps: ShareSetDeps,
  auth: AuthState,
  input: z.output<typeof createShareSetInput>,
): Promise<CreatedShareSet> {
  const { db } = deps;
  const ids = [...new Set(input.file_ids)];
  const files = await db.fileShare.findMany({
    where: { id: { in: ids }, ...ownedBy(auth) },
    select: { id: true, status: true, encrypted: true, setId: true, size: true },
  });
  if (files.length !== ids.length) throw new AppError("NOT_FOUND", "errors.fileNotFound");
  if (files.some((file) => file.status !== "ready")) throw new AppError("CONFLICT", "errors.shareSetFileNotReady");
  if (files.some((file) => file.encrypted)) throw new AppError("BAD_REQUEST", "errors.shareSetFileEncrypted");
  if (files.some((file) => file.setId !== null)) throw new AppError("CONFLICT", "errors.shareSetFileTaken");
  const expiresAt = await newShareExpiry(db, "file", input);
  const passwordHash = await hashSharePassword(input.password);
  const slug = await generateUniqueLinkSlug(db);
  const set = await db.$transaction(async (tx) => {
    const created = await tx.shareSet.create({
      data: {
        slug,
        remark: input.remark,
        passwordHash,
        expiresAt,
        maxViews: input.max_views ?? 0,
        createdBy: creatorOf(auth),
      },
      select: { id: true },
    });
    // One conditional UPDATE: a file grouped or deleted meanwhile leaves the count short, and the
    // whole set is rolled back rather than made of fewer files than asked.
    const moved = await tx.fileShare.updateMany({
      where: { id: { in: ids }, setId: null, status: "ready" },
      data: { setId: created.id, expiresAt, maxViews: 0 },
    });
    if (moved.count !== ids.length) throw new AppError("CONFLICT", "errors.shareSetFileTaken");
    return created;
  });
  return {
    id: set.id,
    slug,
    url: shareSetLink(deps.config.publicUrl, slug),
    file_count: ids.length,
    total_size: files.reduce((total, file) => total + Number(file.size), 0),
    expires_at: expiresAt,
  };
}

/** Whether a /s/ link names a set (else it is a file or folder shared in place). */
export async function isShareSetSlug(deps: Pick<FileDeps, "db">, slug: string): Promise<boolean> {
  return (await deps.db.shareSet.count({ where: { slug } })) > 0;
}

// --- Visits ---------------------------------------------------------------------------------------------

async function findSet(deps: ShareSetDeps, slug: string, clientIp: string, now: Date) {
  assertSlugGuessesLeft(deps.db, clientIp);
  const row = await deps.db.shareSet.findUnique({ where: { slug }, select: setSelect });
  if (!row) throw await slugMissed(deps.db, clientIp, "errors.shareNotFound", purgedSet(slug));
  if (isExpired(row, now)) throw new AppError("GONE", "errors.shareExpired");
  const members = await deps.db.fileShare.findMany({
    where: { setId: row.id, status: "ready" },
    select: memberSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (members.length === 0) throw new AppError("GONE", "errors.shareSetEmptyNow");
  return { row, members };
}

/** Lets a visitor in (share-visits.ts `admitVisit`), once the set is found with files left in it. */
async function admit(deps: ShareSetDeps, request: VisitRequest, now: Date, allowLocked: boolean) {
  const { row, members } = await findSet(deps, request.slug, request.clientIp, now);
  return { row, members, ...(await admitVisit(deps, "share-set", row, request, now, allowLocked)) };
}

/**
 * The names the set's page and zip show: each file's own, with " (2)", " (3)" before the extension
 * for repeats, so that every entry has its own path and the zip no two entries of one name.
 */
function namedMembers(members: MemberRow[]): { name: string; member: MemberRow }[] {
  const taken = new Set<string>();
  return members.map((member) => {
    let name = member.filename;
    const dot = name.lastIndexOf(".");
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${base} (${copy})${extension}`;
    taken.add(name.toLowerCase());
    return { name, member };
  });
}

/** GET /public/shares/{slug} for a set: its files (name, size, type), one view per visit. */
export async function viewShareSet(deps: ShareSetDeps, request: VisitRequest, now = new Date()): Promise<PublicShare> {
  const { row, members, visit, views } = await admit(deps, request, now, true);
  const base = {
    slug: row.slug,
    kind: "set" as const,
    name: "",
    is_directory: true,
    has_password: row.passwordHash !== null,
    expires_at: row.expiresAt,
    max_views: row.maxViews,
    views,
    path: "",
  };
  if (!visit) return { ...base, requires_password: true, items: [], visit: null, download_all: null };
  const items: SharedItem[] = namedMembers(members).map(({ name, member }) => ({
    name,
    path: name,
    size: Number(member.size),
    is_directory: false,
    mimetype: deliverableContentType(member.mimetype || contentTypeFor(name)),
    modified: member.createdAt,
  }));
  const download_all = {
    files: items.length,
    bytes: items.reduce((total, item) => total + item.size, 0),
    is_exact: true,
  };
  return { ...base, requires_password: false, items, visit, download_all };
}

/** One file of a set by its name on the page (GET /public/shares/{slug}/file?path=name). */
export async function openShareSetFile(deps: ShareSetDeps, request: VisitRequest & { path: string }, now = new Date()) {
  const { members } = await admit(deps, request, now, false);
  const found = namedMembers(members).find((entry) => entry.name === request.path);
  if (!found) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const driver = await deps.storage.driverFor(found.member.storageConfigId);
  if (!(await driver.head(found.member.storagePath))) {
    await deps.db.fileShare.updateMany({ where: { id: found.member.id, status: "ready" }, data: { status: "gone" } });
    throw new AppError("GONE", "errors.fileGone");
  }
  return {
    driver,
    key: found.member.storagePath,
    filename: found.name,
    contentType: deliverableContentType(found.member.mimetype),
  };
}

/** Every file of a set as one zip, streamed (services/shares/collections/share-zip.ts). */
export async function zipShareSet(deps: ShareSetDeps, request: VisitRequest, now = new Date()) {
  const { row, members } = await admit(deps, request, now, false);
  const entries = namedMembers(members).map(({ name, member }) => ({
    name,
    size: Number(member.size),
    lastModified: member.createdAt,
    member,
  }));
  const open = async ({ member }: (typeof entries)[number]) =>
    (await (await deps.storage.driverFor(member.storageConfigId)).get(member.storagePath)).body;
  return zipResponse(entries, open, `files-${row.slug}`);
}

// --- The sweep ------------------------------------------------------------------------------------------

/**
 * Removes sets that expired, used up their views (once the last visit's token has run out) or lost all
 * their files, with their files' objects (docs/share-sets.md).
 */
export async function purgeGoneShareSets(deps: ShareSetDeps, now = new Date()) {
  const { db } = deps;
  const sets = await db.shareSet.findMany({
    where: {
      OR: [
        { expiresAt: { lte: now } },
        {
          AND: [
            { maxViews: { gt: 0 } },
            { views: { gte: db.shareSet.fields.maxViews } },
            { updatedAt: { lte: new Date(now.getTime() - VISIT_TTL_MS) } },
          ],
        },
        { files: { none: {} } },
      ],
    },
    select: { id: true, slug: true, expiresAt: true, maxViews: true, views: true },
    take: 100,
  });
  if (sets.length === 0) return { deleted: 0 };
  // Their links keep answering 410 with the reason; a set emptied by its owner is simply gone.
  await rememberPurged(
    db,
    "set",
    sets.flatMap((set): { slug: string; reason: PurgedReason }[] =>
      isExpired(set, now)
        ? [{ slug: set.slug, reason: "expired" }]
        : isExhausted(set)
          ? [{ slug: set.slug, reason: "used_up" }]
          : [],
    ),
    now,
  );
  const setIds = sets.map((set) => set.id);
  const files = await db.fileShare.findMany({
    where: { setId: { in: setIds } },
    select: { id: true, storageConfigId: true, storagePath: true, uploadId: true },
  });
  await deleteFileRows(deps, files);
  await db.shareSet.deleteMany({ where: { id: { in: setIds } } });
  return { deleted: sets.length };
}
