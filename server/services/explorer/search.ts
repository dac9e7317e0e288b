// Searching the mount explorer by name, within what the caller may read.

import { isPathWithin, nameOf } from "@shared/paths";
import {
  type FsEntry,
  type fsSearchInput,
  type fsSearchOutput,
  SEARCH_COUNT_MAX,
} from "@shared/schemas/explorer/explorer";
import type { z } from "zod";
import { AppError } from "../../errors";
import type { ObjectInfo } from "../../storage/driver";
import type { AuthState } from "../auth/sessions";
import { collectFromIndex, searchSetting } from "../search-index/search";
import { basePathOf, canRead } from "./access";
import { fileEntry, folderEntry, mountEntry } from "./entries";
import { type MountRow, mountKeyPrefix } from "./mounts";
import { driverOf, WALK_PAGE_KEYS, walkObjects } from "./storage";
import { type FsDeps, type FsTree, folderKeyOf, isHiddenShare, type Location, locate, treeOf } from "./tree";

/** A search walks at most this many objects, then answers what it found with `truncated`. */
const SEARCH_MAX_OBJECTS = 200_000;

export type SearchRoot = { mount: MountRow; folder: Location };

function searchRoots(tree: FsTree, auth: AuthState, input: z.output<typeof fsSearchInput>): SearchRoot[] {
  // Where the caller may look: their base path, narrowed to the folder asked for.
  let scopePath = basePathOf(auth) ?? "/";
  if (input.scope === "directory" && input.path) {
    if (isPathWithin(scopePath, input.path)) scopePath = input.path;
    else if (!isPathWithin(input.path, scopePath)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
  }
  let mounts = tree.mounts;
  if (input.scope === "mount") {
    mounts = mounts.filter((mount) => mount.id === input.mount_id);
    if (mounts.length === 0) throw new AppError("NOT_FOUND", "errors.mountNotFound");
  }
  const roots: SearchRoot[] = [];
  // Walked in path order, so that a search stopped early has found the first matches by path.
  for (const mount of [...mounts].sort((a, b) => (a.mountPath < b.mountPath ? -1 : 1))) {
    if (isPathWithin(scopePath, mount.mountPath)) {
      roots.push({ mount, folder: { mount, path: mount.mountPath, relative: "", prefix: mountKeyPrefix(mount) } });
    } else if (isPathWithin(mount.mountPath, scopePath)) {
      const folder = locate(tree, scopePath);
      if (folder?.mount.id === mount.id) roots.push({ mount, folder });
    }
  }
  if (input.scope === "mount" && roots.length === 0) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
  return roots;
}

type SearchResult = z.infer<typeof fsSearchOutput>["results"][number];

/** What the two ways of searching share: the scope, the matches so far and who may see what. */
export type SearchRun = {
  tree: FsTree;
  auth: AuthState;
  roots: SearchRoot[];
  /** The search text, lower-cased. */
  needle: string;
  /** Matches of one searched folder that make sure of the page: the page and one match more. */
  enough: number;
  /**
   * Matches are counted exactly up to this many (SEARCH_COUNT_MAX, or the page's end when deeper);
   * one more makes the answer `truncated`, with this as its `total`.
   */
  countTo: number;
  /**
   * By path; an entry may be made only when its page is answered (a function), and then read from the
   * storage (null when it has gone since).
   */
  matches: Map<string, SearchResult | (() => SearchResult | Promise<SearchResult | null>)>;
  /** Whether a path of `mount` is its own (not a nested mount's), readable and not a hidden share. */
  belongsTo(mount: MountRow, path: string): boolean;
  found(mount: MountRow, entry: FsEntry): SearchResult;
  /** Adds the root's mount itself when its name matches and the search starts at the mount's root. */
  matchMountName(root: SearchRoot): void;
};

/**
 * Search by name (docs/product.md §3 Search params): files and folders whose name contains `q`, ignoring
 * case, in every mount of the scope. Answered from the search index (docs/search-index.md) when every
 * storage searched has been crawled once, else by walking the storages (`searchLive`); `source` and
 * `indexed_at` say which, and how fresh the index is. Paths shadowed by a nested mount belong to that
 * mount and are reported from it only.
 */
/** What a way of searching found: `found` matches counted (up to `countTo` + 1), and whether it stopped early. */
export type Collected = { found: number; truncated: boolean };

export async function searchFiles(
  deps: FsDeps,
  auth: AuthState,
  input: z.output<typeof fsSearchInput>,
): Promise<z.infer<typeof fsSearchOutput>> {
  const setting = await searchSetting(deps.db, deps.storage.index());
  const run = startSearch(treeOf(setting.mounts, auth), auth, input);
  const freshness = setting.freshness([...new Set(run.roots.map((root) => root.mount.storageConfigId))]);
  const collected =
    freshness.isReady && input.source !== "live"
      ? await collectFromIndex(deps.storage.index(), run)
      : await collectLive(deps, run);
  return answerOf(run, input, collected, {
    source: freshness.isReady && input.source !== "live" ? "index" : "live",
    indexed_at: freshness.isReady ? freshness.indexedAt : null,
  });
}

function startSearch(tree: FsTree, auth: AuthState, input: z.output<typeof fsSearchInput>): SearchRun {
  const run: SearchRun = {
    tree,
    auth,
    roots: searchRoots(tree, auth, input),
    needle: input.q.toLowerCase(),
    enough: input.offset + input.limit + 1,
    countTo: Math.max(SEARCH_COUNT_MAX, input.offset + input.limit),
    matches: new Map(),
    belongsTo: (mount, path) => locate(tree, path)?.mount.id === mount.id && canRead(auth, path),
    found: (mount, entry) => ({
      ...entry,
      mount_id: mount.id,
      mount_path: mount.mountPath,
      mountId: mount.id,
      mountName: mount.name,
      relativePath: entry.path === mount.mountPath ? "" : entry.path.slice(mount.mountPath.length + 1),
    }),
    matchMountName: (root) => matchMountName(run, root),
  };
  return run;
}

function matchMountName(run: SearchRun, { mount, folder }: SearchRoot): void {
  const mountName = nameOf(mount.mountPath);
  if (
    folder.relative === "" &&
    mountName.toLowerCase().includes(run.needle) &&
    canRead(run.auth, mount.mountPath) &&
    !isHiddenShare(run.tree, mount.mountPath)
  ) {
    run.matches.set(mount.mountPath, run.found(mount, mountEntry(mount, mountName, mount.mountPath)));
  }
}

/**
 * The live search: walks the storage listings page by page (S3: prefix listings of 1000 keys; local
 * disk: names only, the details of the page's files read at the end). The walk stops as soon as it
 * has counted one match past `countTo`, or at its object limit, and then says so (`truncated`).
 */
async function collectLive(deps: FsDeps, run: SearchRun): Promise<Collected> {
  const { needle, matches, belongsTo, found } = run;
  let walked = 0;
  let truncated = false;
  for (const root of run.roots) {
    const { mount, folder } = root;
    if (truncated) break;
    run.matchMountName(root);
    const driver = await driverOf(deps, folder);
    const folderKey = folderKeyOf(folder);
    const fileMatch = (path: string, item: string | ObjectInfo) =>
      typeof item === "string"
        ? async () => {
            const object = await driver.head(item);
            return object ? found(mount, fileEntry(path, object)) : null;
          }
        : found(mount, fileEntry(path, item));
    const pages = driver.walkKeys ? driver.walkKeys(folderKey, WALK_PAGE_KEYS) : walkObjects(driver, folderKey);
    for await (const page of pages) {
      for (const item of page) {
        if (++walked > SEARCH_MAX_OBJECTS) {
          truncated = true;
          break;
        }
        const key = typeof item === "string" ? item : item.key;
        const relative = key.slice(folder.prefix.length).replace(/\/$/, "");
        if (!relative) continue;
        const segments = relative.split("/");
        const isMarker = key.endsWith("/");
        // Folders: every segment below the search root whose name matches.
        const firstFolder = folder.relative ? folder.relative.split("/").length : 0;
        for (let i = firstFolder; i < segments.length - (isMarker ? 0 : 1); i++) {
          const name = segments[i] ?? "";
          if (!name.toLowerCase().includes(needle)) continue;
          const path = `${mount.mountPath}/${segments.slice(0, i + 1).join("/")}`;
          if (!matches.has(path) && belongsTo(mount, path)) {
            matches.set(path, found(mount, folderEntry(name, path)));
          }
        }
        if (isMarker) continue;
        const name = segments[segments.length - 1] ?? "";
        if (!name.toLowerCase().includes(needle)) continue;
        const path = `${mount.mountPath}/${relative}`;
        if (belongsTo(mount, path)) matches.set(path, fileMatch(path, item));
      }
      if (matches.size > run.countTo) truncated = true;
      if (truncated) break;
    }
  }
  return { found: matches.size, truncated };
}

async function answerOf(
  run: SearchRun,
  input: z.output<typeof fsSearchInput>,
  { found, truncated }: Collected,
  freshness: Pick<z.infer<typeof fsSearchOutput>, "source" | "indexed_at">,
): Promise<z.infer<typeof fsSearchOutput>> {
  // Paths in UTF-16 order (sort's own, as `<` compares), and entries made for the page only.
  const paths = [...run.matches.keys()].sort();
  const page = await Promise.all(
    paths.slice(input.offset, input.offset + input.limit).map((path) => {
      const match = run.matches.get(path);
      return typeof match === "function" ? match() : match;
    }),
  );
  const results = page.filter((result): result is SearchResult => result != null);
  return {
    results,
    // Past `countTo` the answer says "more than countTo" (`truncated`); below it the count is exact.
    total: Math.min(found, run.countTo),
    hasMore: input.offset + input.limit < found,
    searchParams: { query: input.q, scope: input.scope, limit: input.limit, offset: input.offset },
    mountsSearched: new Set(run.roots.map((root) => root.mount.id)).size,
    truncated,
    ...freshness,
  };
}
