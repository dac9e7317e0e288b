// The owner's side of sets of files (docs/share-sets.md, "Managing sets"): list them (a key its own, the
// admin all), extend one (a new expiry for the set and its files) and revoke one (the link and its files
// go at once, as deleting a file share takes its object).
import type { ShareSetRecord } from "@shared/schemas/shares/share-sets";
import { AppError } from "../../../errors";
import type { AuthState } from "../../auth/sessions";
import { expiresAtFrom, isExhausted, isExpired, ownedBy, shareFieldsOf } from "../delivery";
import { deleteFileRows } from "../storage";
import type { ShareSetDeps } from "./share-sets";
import { shareSetLink } from "./share-sets";

/** Sets one list answer holds at most: the newest first. */
const SHARE_SET_LIST_MAX = 1000;

const setSelect = {
  id: true,
  slug: true,
  remark: true,
  passwordHash: true,
  expiresAt: true,
  maxViews: true,
  views: true,
  createdBy: true,
  createdAt: true,
} as const;

type SetRow = {
  id: string;
  slug: string;
  remark: string | null;
  passwordHash: string | null;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
  createdBy: string;
  createdAt: Date;
};

type MemberTotals = Map<string, { count: number; bytes: number }>;

/** Each set's files still served and their bytes, in one grouped query. */
async function memberTotals(deps: ShareSetDeps, setIds: string[]): Promise<MemberTotals> {
  if (setIds.length === 0) return new Map();
  const groups = await deps.db.fileShare.groupBy({
    by: ["setId"],
    where: { setId: { in: setIds }, status: "ready" },
    _count: { _all: true },
    _sum: { size: true },
  });
  return new Map(
    groups.map((group) => [group.setId ?? "", { count: group._count._all, bytes: Number(group._sum.size ?? 0n) }]),
  );
}

function toRecord(row: SetRow, totals: MemberTotals, publicUrl: string, now = new Date()): ShareSetRecord {
  const members = totals.get(row.id) ?? { count: 0, bytes: 0 };
  const state =
    members.count === 0 ? "empty" : isExpired(row, now) ? "expired" : isExhausted(row) ? "used_up" : "active";
  return {
    id: row.id,
    slug: row.slug,
    url: shareSetLink(publicUrl, row.slug),
    file_count: members.count,
    total_size: members.bytes,
    ...shareFieldsOf(row),
    state,
    created_by: row.createdBy,
    created_at: row.createdAt,
  };
}

export async function listShareSets(deps: ShareSetDeps, auth: AuthState) {
  const rows = await deps.db.shareSet.findMany({
    where: ownedBy(auth),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SHARE_SET_LIST_MAX,
    select: setSelect,
  });
  const totals = await memberTotals(
    deps,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toRecord(row, totals, deps.config.publicUrl)) };
}

async function findOwn(deps: ShareSetDeps, auth: AuthState, id: string) {
  const row = await deps.db.shareSet.findFirst({ where: { id, ...ownedBy(auth) }, select: { id: true } });
  if (!row) throw new AppError("NOT_FOUND", "errors.shareNotFound");
  return row;
}

/**
 * A new expiry counted from now (null: never), for the set and its files alike: the files' own expiry
 * is what the sweep of file shares reads, so a set extended alone would lose its files at the old date.
 * A used-up set stays used up: its view limit decides.
 */
export async function extendShareSet(
  deps: ShareSetDeps,
  auth: AuthState,
  id: string,
  expiresIn: number | null | undefined,
) {
  const row = await findOwn(deps, auth, id);
  const expiresAt = expiresAtFrom(expiresIn);
  const extended = await deps.db.$transaction(async (tx) => {
    await tx.fileShare.updateMany({ where: { setId: row.id }, data: { expiresAt } });
    return tx.shareSet.update({ where: { id: row.id }, data: { expiresAt }, select: setSelect });
  });
  return toRecord(extended, await memberTotals(deps, [row.id]), deps.config.publicUrl);
}

/** Deletes the set and its files with their objects: its link answers 404 from now on. */
export async function revokeShareSet(deps: ShareSetDeps, auth: AuthState, id: string) {
  const row = await findOwn(deps, auth, id);
  const files = await deps.db.fileShare.findMany({
    where: { setId: row.id },
    select: { id: true, storageConfigId: true, storagePath: true, uploadId: true },
  });
  await deleteFileRows(deps, files);
  await deps.db.shareSet.delete({ where: { id: row.id } });
  return { revoked: true };
}
