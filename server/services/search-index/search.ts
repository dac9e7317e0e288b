// Searching by name from the index (docs/search-index.md), with the same scope, access rules and answer
// as the live walk (services/explorer/search.ts builds both). Two plans for the page: a rare name is
// looked up through the trigram index, a page of each searched folder's matches at a time in path
// order; a name too short for it, or matching more rows than CANDIDATES_MAX, is found by walking the
// rows of each searched folder in key order. Both stop once a folder has given the page and one match
// more. The matches are then counted by the database, up to the answer's count cap (`countRoot`), with
// the access rules applied, so `total` is exact below the cap as the live walk's is.

import { isPathWithin, normalizePath } from "@shared/paths";
import type { Database } from "../../db/client";
import { canRead } from "../explorer/access";
import { fileEntry, folderEntry } from "../explorer/entries";
import { loadActiveMounts, type MountRow } from "../explorer/mounts";
import type { Collected, SearchRoot, SearchRun } from "../explorer/search";
import { folderKeyOf } from "../explorer/tree";
import { type Counted, type CountScope, type IndexedObject, type IndexStore, indexedNameOf, prefixEnd } from "./store";

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

/** The path a key of the index stands for in the root, when it is a match the caller may see; else null. */
function pathOf(run: SearchRun, root: SearchRoot, isPlain: boolean, key: string): string | null {
  const { mount, folder } = root;
  const rootKey = folderKeyOf(folder);
  if (!key.startsWith(rootKey) || key === rootKey) return null;
  // The index's names are lower-cased keys' last segments; the exact test is the live search's.
  if (!indexedNameOf(key).includes(run.needle)) return null;
  const relative = key.slice(folder.prefix.length).replace(/\/$/, "");
  const path = `${mount.mountPath}/${relative}`;
  if (!(isPlain && isNormalRelative(relative)) && !run.belongsTo(mount, path)) return null;
  return path;
}

/** Adds a row of the index to the matches when it lies in the root and the caller may see it. */
function consider(run: SearchRun, root: SearchRoot, isPlain: boolean, row: IndexedObject): void {
  const { mount } = root;
  if (row.storageConfigId !== mount.storageConfigId) return;
  const path = pathOf(run, root, isPlain, row.key);
  if (path === null) return;
  const relative = path.slice(mount.mountPath.length + 1);
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

/**
 * How many matches a root gave while its page was read, and whether that was all of them; `counted`,
 * the root's matches as the database counted them with the first page (`countRoot`).
 */
type RootPage = { found: number; isComplete: boolean; counted?: Counted | null };

/**
 * One root's search in the index: the store, the run it belongs to, whether its rows need no access check
 * of their own (`isPlainRoot`), and the storages of every root (the trigram lookup's candidates span them).
 */
type RootLookup = { store: IndexStore; run: SearchRun; root: SearchRoot; isPlain: boolean; storages: string[] };

/**
 * Fills `run.matches` with each root's page of matches, and counts them: exactly up to `run.countTo`,
 * then one more says the answer is `truncated` (docs/search-index.md "How search counts").
 */
export async function collectFromIndex(store: IndexStore, run: SearchRun): Promise<Collected> {
  const storages = [...new Set(run.roots.map((root) => root.mount.storageConfigId))];
  for (const root of run.roots) run.matchMountName(root);
  const plain = new Map(run.roots.map((root) => [root, isPlainRoot(run, root)]));
  let counted = run.matches.size;
  let inKeyOrder = false;
  for (const root of run.roots) {
    const isPlain = plain.get(root) === true;
    // What this root must still count; the trigram lookup counts it with its first page.
    const needed = run.countTo + 1 - counted;
    const lookup: RootLookup = { store, run, root, isPlain, storages };
    let page = inKeyOrder ? null : await pageInPathOrder(lookup, needed);
    // More rows hold the name than the lookup suits (or it is too short): walked in key order.
    if (page === null) {
      inKeyOrder = true;
      page = await pageInKeyOrder(lookup);
    }
    // Every root's page is read (a later root's paths may sort first); counting ends past `countTo`.
    if (needed <= 0) continue;
    counted += page.isComplete ? page.found : await countRoot(lookup, needed, page.counted ?? null);
  }
  return { found: counted, truncated: counted > run.countTo };
}

/**
 * Through the trigram index, the root's matches a page at a time in path order, until it has given the
 * page and one match more: the database sorts what the trigrams find and hands over the page only, so
 * a name held by thousands of rows costs no more here than one held by 51. Every root is read up to the
 * page (not only the first to fill it): a later root's paths may sort first ("/a b/x" before "/a/x"),
 * and the first page of the union is within the roots' first pages. Null when the lookup does not suit
 * the name.
 */
async function pageInPathOrder(lookup: RootLookup, needed: number): Promise<RootPage | null> {
  const { store, run, root, isPlain, storages } = lookup;
  const prefix = folderKeyOf(root.folder);
  const count = needed > 0 ? { ...countScopeOf(run, root, isPlain), limit: needed } : undefined;
  let found = 0;
  let after: string | null = null;
  let counted: Counted | null = null;
  for (;;) {
    const before = run.matches.size;
    const limit = Math.min(WALK_ROWS, Math.max(1, run.enough - found));
    const answer = await store.findPageByName(
      storages,
      run.needle,
      CANDIDATES_MAX,
      { storageConfigId: root.mount.storageConfigId, prefix, after, limit },
      count,
    );
    if (answer === null) return null;
    const { rows } = answer;
    counted ??= answer.counted;
    for (const row of rows) consider(run, root, isPlain, row);
    found += run.matches.size - before;
    if (rows.length < limit) return { found, isComplete: true, counted };
    if (found >= run.enough) return { found, isComplete: false, counted };
    after = rows.at(-1)?.key ?? after;
  }
}

/** The walk in key order through the root's rows, which stops at the page and one match more. */
async function pageInKeyOrder({ store, run, root, isPlain }: RootLookup): Promise<RootPage> {
  const prefix = folderKeyOf(root.folder);
  let after = prefix;
  let found = 0;
  for (;;) {
    const before = run.matches.size;
    const rows = await store.walkByName(root.mount.storageConfigId, prefix, after, run.needle, WALK_ROWS);
    for (const row of rows) consider(run, root, isPlain, row);
    found += run.matches.size - before;
    if (rows.length < WALK_ROWS) return { found, isComplete: true };
    if (found >= run.enough) return { found, isComplete: false };
    after = rows.at(-1)?.key ?? after;
  }
}

/**
 * The root's matches the caller may see, counted up to `needed` by the database (store.ts
 * `countByName`): a LIMIT of `needed` rows, so a name in thousands of rows reads no more than that.
 * The access rules are applied there as key ranges (`countScopeOf`); the few keys they cannot judge
 * (paths that normalise elsewhere) come back to be checked here, one by one, as the page's rows are.
 */
async function countRoot(lookup: RootLookup, needed: number, first: Counted | null): Promise<number> {
  const { store, run, root, isPlain, storages } = lookup;
  const scope = countScopeOf(run, root, isPlain);
  for (let extra = 0; ; ) {
    const limit = needed + extra;
    // The count read with the first page (at `needed`) serves as the first round.
    const { rows, unsure } =
      extra === 0 && first ? first : await store.countByName(storages, run.needle, { ...scope, limit });
    const refused = unsure.filter((key) => pathOf(run, root, isPlain, key) === null).length;
    const accepted = rows - refused;
    // A key refused here took a place under the LIMIT: counted again with room for as many more.
    if (rows < limit || accepted >= needed || refused === 0) return Math.min(accepted, needed);
    extra += refused;
  }
}

/**
 * Where a root's rows may be counted without a look at each (`CountScope` in store.ts). A plain root
 * (`isPlainRoot`) refuses only keys whose path may normalise out of it (a ".." segment, a control
 * character: "outward"). Otherwise a key whose path is already normal (ASCII, no empty, "." or ".."
 * segment, no backslash) is the root's exactly when it lies in no nested mount and no share area hidden
 * from the caller (their key ranges are left out), and every other key ("odd") is judged by `pathOf`;
 * when even that cannot be said of the mounts, every key is.
 */
function countScopeOf(run: SearchRun, root: SearchRoot, isPlain: boolean): Omit<CountScope, "limit"> {
  const { mount, folder } = root;
  const prefix = folderKeyOf(folder);
  const scope = { storageConfigId: mount.storageConfigId, prefix };
  if (isPlain) return { ...scope, unsure: "outward", excluded: [] };
  const everyKey = { ...scope, unsure: "every" as const, excluded: [] };
  if (normalizePath(folder.path) !== folder.path || !isPathWithin(mount.mountPath, folder.path)) return everyKey;
  const nothing = { ...scope, unsure: "odd" as const, excluded: [[prefix, prefixEnd(prefix)] as const] };
  if (!canRead(run.auth, folder.path)) return nothing;
  // Folders under the root whose paths are another's: nested mounts, and share areas the caller may not see.
  const others = run.tree.mounts
    .filter((other) => other.id !== mount.id && isPathWithin(mount.mountPath, other.mountPath))
    .map((other) => other.mountPath)
    .concat(run.tree.hidesShares ? run.tree.shareAreas : []);
  const excluded: (readonly [string, string])[] = [];
  for (const path of others) {
    if (normalizePath(path) !== path) return everyKey;
    // The root inside another's folder (a hidden share area; a nested mount there would own the root).
    if (isPathWithin(path, folder.path)) return nothing;
    if (!isPathWithin(folder.path, path)) continue;
    // The folder's own key ("a/b" as a file, "a/b/" as a folder) and everything beneath it.
    const base = `${prefix}${path.slice(folder.path.length + 1)}`;
    excluded.push([base, `${base}\u0001`], [`${base}/`, prefixEnd(`${base}/`)]);
  }
  return { ...scope, unsure: "odd", excluded };
}
