// The owner's side of shares made from the explorer or from an upload request's arrival
// (docs/path-shares.md, "Managing links"): list them (a key its own, the admin all), by kind, revoke one
// (the link dies, the file or folder stays) and extend one (a new expiry counted from now).
import type { PathShareRecord } from "@shared/schemas/shares/path-shares";
import { AppError } from "../../../errors";
import type { AuthState } from "../../auth/sessions";
import { expiresAtFrom, isExhausted, isExpired, ownedBy, shareFieldsOf } from "../delivery";
import { type PathShareDeps, type PathShareRow, pathShareLink, pathShareSelect } from "./path-shares";

/** Rows one list answer holds at most: the newest first. */
const PATH_SHARE_LIST_MAX = 1000;

function toRecord(row: PathShareRow, publicUrl: string, now = new Date()): PathShareRecord {
  const state =
    row.status === "gone" ? "gone" : isExpired(row, now) ? "expired" : isExhausted(row) ? "used_up" : "active";
  return {
    id: row.id,
    slug: row.slug,
    url: pathShareLink(publicUrl, row.slug),
    name: row.name,
    is_directory: row.isDirectory,
    storage_config_id: row.storageConfigId,
    storage_path: row.storagePath,
    ...shareFieldsOf(row),
    state,
    created_by: row.createdBy,
    created_at: row.createdAt,
  };
}

export async function listPathShares(deps: PathShareDeps, auth: AuthState, kind?: "file" | "folder") {
  const rows = await deps.db.pathShare.findMany({
    where: { ...ownedBy(auth), ...(kind ? { isDirectory: kind === "folder" } : {}) },
    orderBy: { createdAt: "desc" },
    take: PATH_SHARE_LIST_MAX,
    select: pathShareSelect,
  });
  return { items: rows.map((row) => toRecord(row, deps.config.publicUrl)) };
}

async function findOwn(deps: PathShareDeps, auth: AuthState, id: string) {
  const row = await deps.db.pathShare.findFirst({ where: { id, ...ownedBy(auth) }, select: { id: true } });
  if (!row) throw new AppError("NOT_FOUND", "errors.shareNotFound");
  return row;
}

/** Deletes the link; the shared file or folder is the owner's and stays where it is. */
export async function revokePathShare(deps: PathShareDeps, auth: AuthState, id: string) {
  const row = await findOwn(deps, auth, id);
  await deps.db.pathShare.delete({ where: { id: row.id } });
  return { revoked: true };
}

/** A new expiry counted from now (null: never). A used-up link stays used up: its view limit decides. */
export async function extendPathShare(
  deps: PathShareDeps,
  auth: AuthState,
  id: string,
  expiresIn: number | null | undefined,
) {
  const row = await findOwn(deps, auth, id);
  const extended = await deps.db.pathShare.update({
    where: { id: row.id },
    data: { expiresAt: expiresAtFrom(expiresIn) },
    select: pathShareSelect,
  });
  return toRecord(extended, deps.config.publicUrl);
}
