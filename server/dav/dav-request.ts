// One WebDAV request as the methods see it: the caller, the path, the mount tree, the If header, and
// the checks every method shares (where the caller may look or write, preconditions, locks).
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import type { AuthState } from "../services/auth/sessions";
import { canRead, leadsToBase } from "../services/explorer/access";
import type { DriverAt } from "../services/explorer/storage";
import { type FsTree, type Location, requireInsideMount } from "../services/explorer/tree";
import { DavError } from "./dav-error";
import {
  assertIfHeader,
  assertLocksSubmitted,
  type IfList,
  type LockCheck,
  loadLocks,
  lockCovers,
  type ResourceState,
} from "./locks/locks";
import { type DavResource, resolveResource } from "./resources";

export type DavRequest = {
  deps: AppDeps;
  request: Request;
  url: URL;
  /** The caller's address (as for every request, http/client-address.ts). */
  clientIp: string;
  auth: AuthState;
  /** Who takes and must submit locks: "admin:<id>" or "apikey:<id>". */
  principal: string;
  /** The normalised virtual path the URL names. */
  path: string;
  tree: FsTree;
  ifLists: IfList[] | null;
  /** Lock tokens named in the If header. */
  tokens: Set<string>;
};

/** Reading is allowed at or below a caller's base path; the folders above it may be listed on the way down. */
export function canBrowse(auth: AuthState, path: string): boolean {
  return canRead(auth, path) || leadsToBase(auth, path);
}

export function assertBrowsable(auth: AuthState, path: string): void {
  if (!canBrowse(auth, path)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
}

/** A place files and folders can be made at or removed from: inside a mount, not a mount point (403). */
export function insideMount(tree: FsTree, path: string): Location {
  try {
    return requireInsideMount(tree, path);
  } catch (error) {
    if (error instanceof AppError && error.code === "BAD_REQUEST") {
      throw new DavError(403, { messageKey: error.messageKey });
    }
    throw error;
  }
}

/**
 * The resource at the request path (or another), memoised for the request; `driverAt` gives the
 * request's drivers when the method stores through them too (PUT).
 */
export function resourceLoader(dav: DavRequest, driverAt?: DriverAt) {
  const cache = new Map<string, Promise<DavResource | null>>();
  return (path: string = dav.path) => {
    let found = cache.get(path);
    if (!found) {
      found = resolveResource(dav.deps, dav.tree, path, driverAt);
      cache.set(path, found);
    }
    return found;
  };
}

/**
 * The If header's precondition (412), then the locks the write would break (423): what every write
 * method checks before it changes anything.
 */
export async function assertWriteConditions(
  dav: DavRequest,
  load: (path?: string) => Promise<DavResource | null>,
  checks: LockCheck[],
): Promise<void> {
  await assertIfHeader(dav.ifLists, dav.path, dav.url, async (path): Promise<ResourceState> => {
    const [resource, locks] = await Promise.all([load(path), loadLocks(dav.deps.db, path)]);
    return {
      etag: resource?.etag ?? null,
      lockTokens: new Set(locks.filter((lock) => lockCovers(lock, path)).map((lock) => lock.token)),
    };
  });
  await assertLocksSubmitted(dav.deps.db, checks, dav.tokens, dav.principal);
}

/** HTTP's own preconditions on a resource (If-Match, If-None-Match: RFC 9110 §13): 412 when they fail. */
export function assertHttpConditions(request: Request, resource: DavResource | null): void {
  const ifMatch = request.headers.get("if-match");
  if (ifMatch !== null) {
    const tags = ifMatch.split(",").map((tag) => tag.trim());
    const holds = resource !== null && (tags.includes("*") || (resource.etag !== null && tags.includes(resource.etag)));
    if (!holds) throw new DavError(412, { messageKey: "errors.davPreconditionFailed" });
  }
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null && resource !== null && request.method !== "GET" && request.method !== "HEAD") {
    const tags = ifNoneMatch.split(",").map((tag) => tag.trim());
    if (tags.includes("*") || (resource.etag !== null && tags.includes(resource.etag))) {
      throw new DavError(412, { messageKey: "errors.davPreconditionFailed" });
    }
  }
}
