// Searching by name from the index (docs/search-index.md), with the same scope, access rules and answer
// as the live walk (services/explorer/search.ts builds both). Two plans: a rare name is looked up
// through the trigram index, a page of each searched folder's matches at a time in path order; a name
// too short for it, or matching more rows than CANDIDATES_MAX, is found by walking the rows of each
// searched folder in key order. Both stop once they have the page and one match more, as the live
// walk does (then the answer is `truncated` and its total counts what was found).

import { isPathWithin, normalizePath } from "@shared/paths";
import type { Database } from "../../db/client";
import { canRead } from "../explorer/access";
import { fileEntry, folderEntry } from "../explorer/entries";
import { loadActiveMounts, type MountRow } from "../explorer/mounts";
import type { SearchRoot, SearchRun } from "../explorer/search";
import { folderKeyOf } from "../explorer/tree";
import { type IndexedObject, type IndexStore, indexedNameOf } from "./store";

/** Above this many rows matching the name, walking in key order finds a page sooner than sorting them all. */
const CANDIDATES_MAX = 5000;
/** Rows read per step of the walk in key order. */
const WALK_ROWS = 500;

export type Freshness = { isReady: boolean; indexedAt: Date | null };

/** The mount tree as last loaded, per index store (one per app), with the stamp it was loaded at. */
const trees = new WeakMap<IndexStore, { stamp: string; mounts: Promise<MountRow[]> }>();

/**
 * What every search starts from: the active mounts, and how fresh the index is. One statement reads
 * the index's states and the stamp of the mount and storage config rows (store.ts `searchState`); the
 * mounts are loaded again only when the stamp differs from the one they were loaded at, so a change
 * made by any process is seen by the next search, and a search costs no model query for them
 * (docs/search-index.md).
 */
export async function searchSetting(
  db: Database,
  store: IndexStore,
): Promise<{ mounts: MountRow[]; freshness(storageConfigIds: string[]): Freshness }> {
  const state = await store.searchState();
  let known = trees.get(store);
  if (!known || known.stamp !== state.treeStamp) {
    // Loaded after the stamp was read: never older than it (a change in between shows at the next search).
    const loaded = { stamp: state.treeStamp, mounts: loadActiveMounts(db) };
    trees.set(store, loaded);
    loaded.mounts.catch(() => {
      if (trees.get(store) === loaded) trees.delete(store);
    });
    known = loaded;
  }
  return { mounts: await known.mounts, freshness: (ids) => indexFreshness(state.indexedAt, ids) };
}

/** Whether every storage searched has been crawled once, and the oldest of their last complete crawls. */
export function indexFreshness(indexedAt: Map<string, Date | null>, storageConfigIds: string[]): Freshness {
  if (storageConfigIds.length === 0) return { isReady: false, indexedAt: null };
  const dates = storageConfigIds.map((id) => indexedAt.get(id) ?? null);
  if (dates.some((date) => date === null)) return { isReady: false, indexedAt: null };
  const oldest = Math.min(...dates.map((date) => (date as Date).getTime()));
  return { isReady: true, indexedAt: new Date(oldest) };
}

/**
 * Whether a path made of this relative key is already normal (shared/paths.ts `normalizePath` would
 * leave it as it is): no control character or backslash, no empty, "." or ".." segment, NFC.
 */
function isNormalRelative(relative: string): boolean {
  let isAscii = true;
  for (let i = 0; i < relative.length; i++) {
    const code = relative.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return false;
    if (code > 0x7f) isAscii = false;
  }
  if (/(?:^|\/)\.{0,2}(?:\/|$)/.test(relative)) return false;
  return isAscii || relative.normalize("NFC") === relative;
}

/**
 * Whether the root's rows need no access check of their own: no other mount at, above or beneath the
 * root folder within its mount (it would own some of its paths), no share area the caller may not see
 * there either, and the root folder within the caller's base path. Then a path under the root is the
 * mount's own and readable whenever it is already normal (`isNormalRelative`); other paths get the full check.
 */
function isPlainRoot(run: SearchRun, { mount, folder }: SearchRoot): boolean {
  if (mount.mountPath === "/" || normalizePath(mount.mountPath) !== mount.mountPath) return false;
  if (normalizePath(folder.path) !== folder.path || !isPathWithin(mount.mountPath, folder.path)) return false;
  const touches = (path: string) => isPathWithin(folder.path, path) || isPathWithin(path, folder.path);
  const ownsPart = (other: MountRow) =>
    other.id !== mount.id && isPathWithin(mount.mountPath, other.mountPath) && touches(other.mountPath);
  if (run.tree.mounts.some(ownsPart)) return false;
  if (run.tree.hidesShares && run.tree.shareAreas.some(touches)) return false;
  return canRead(run.auth, folder.path);
}

/** Adds a row of the index to the matches when it lies in the root and the caller may see it. */
function consider(run: SearchRun, root: SearchRoot, isPlain: boolean, row: IndexedObject): void {
  const { mount, folder } = root;
  const rootKey = folderKeyOf(folder);
  if (row.storageConfigId !== mount.storageConfigId || !row.key.startsWith(rootKey) || row.key === rootKey) return;
  // The index's names are lower-cased keys' last segments; the exact test is the live search's.
  if (!indexedNameOf(row.key).includes(run.needle)) return;
  const relative = row.key.slice(folder.prefix.length).replace(/\/$/, "");
  const path = `${mount.mountPath}/${relative}`;
  if (!(isPlain && isNormalRelative(relative)) && !run.belongsTo(mount, path)) return;
  // Entries are made for the page answered only (explorer/search.ts `answerOf`).
  if (row.isFolder) {
    if (!run.matches.has(path))
      run.matches.set(path, () => run.found(mount, folderEntry(relative.split("/").at(-1) ?? relative, path)));
    return;
  }
  const { size, modifiedMs } = row;
  run.matches.set(path, () =>
    run.found(mount, fileEntry(path, { size, lastModified: new Date(modifiedMs ?? 0), contentType: null })),
  );
}

/** Fills `run.matches` from the index; answers whether it stopped with more to find (`truncated`). */
export async function collectFromIndex(store: IndexStore, run: SearchRun): Promise<boolean> {
  const storages = [...new Set(run.roots.map((root) => root.mount.storageConfigId))];
  for (const root of run.roots) run.matchMountName(root);
  const plain = new Map(run.roots.map((root) => [root, isPlainRoot(run, root)]));
  // Through the trigram index, each root's matches a page at a time in path order, until the root
  // has given the page and one match more: the database sorts what the trigrams find and hands over
  // the page only, so a name held by thousands of rows costs no more here than one held by 51. Every
  // root is read up to the page (not only the first to fill it): a later root's paths may sort first
  // ("/a b/x" before "/a/x"), and the first page of the union is within the roots' first pages.
  let truncated = false;
  for (const root of run.roots) {
    const prefix = folderKeyOf(root.folder);
    let found = 0;
    let after: string | null = null;
    for (;;) {
      const before = run.matches.size;
      const limit = Math.min(WALK_ROWS, Math.max(1, run.enough - found));
      const rows = await store.findPageByName(storages, run.needle, CANDIDATES_MAX, {
        storageConfigId: root.mount.storageConfigId,
        prefix,
        after,
        limit,
      });
      // More rows hold the name than the lookup suits (or it is too short): walked in key order.
      if (rows === null) return walkFromIndex(store, run, plain);
      for (const row of rows) consider(run, root, plain.get(root) === true, row);
      found += run.matches.size - before;
      if (found >= run.enough) {
        truncated = true;
        break;
      }
      if (rows.length < limit) break;
      after = rows.at(-1)?.key ?? after;
    }
  }
  return truncated;
}

/** The walk in key order through each root's rows, which stops at the page and one match more. */
async function walkFromIndex(store: IndexStore, run: SearchRun, plain: Map<SearchRoot, boolean>): Promise<boolean> {
  for (const root of run.roots) {
    const prefix = folderKeyOf(root.folder);
    let after = prefix;
    for (;;) {
      const rows = await store.walkByName(root.mount.storageConfigId, prefix, after, run.needle, WALK_ROWS);
      for (const row of rows) consider(run, root, plain.get(root) === true, row);
      if (run.matches.size >= run.enough) return true;
      if (rows.length < WALK_ROWS) break;
      after = rows.at(-1)?.key ?? after;
    }
  }
  return false;
}
