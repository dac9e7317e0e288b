// WebDAV write locks (RFC 4918 §6, §7, §9.10, §9.11, §10.4), kept in the DavLock table so that every
// server process sees them. A lock covers its root and, at depth infinity, everything beneath it; a
// depth-0 lock on a collection also protects the collection's membership (adding or removing members).
// A write to a covered resource needs one of its locks' tokens in the If header, sent by the principal
// that took the lock, else 423 Locked. The If header itself is a precondition: when none of its lists
// holds, the answer is 412 Precondition Failed (checked before the locks, as RFC 4918 §10.4 orders).
// Expired locks are ignored everywhere and deleted when locks are taken.
import type { Database } from "../../db/client";
import { DavError } from "../dav-error";
import { hrefOf, pathOfReference } from "../dav-paths";
import { escapeXml } from "../xml/xml";

export type LockScope = "exclusive" | "shared";
export type LockDepth = "0" | "infinity";

export type DavLockRow = {
  token: string;
  path: string;
  scope: string;
  depth: string;
  owner: string | null;
  principal: string;
  expiresAt: Date;
};

const lockSelect = {
  token: true,
  path: true,
  scope: true,
  depth: true,
  owner: true,
  principal: true,
  expiresAt: true,
} as const;

/**
 * A lock lasts what its Timeout asks, at most an hour (also for "Infinite"): clients that edit longer
 * refresh their lock, and a lock left behind (or taken to grief) frees itself within the hour.
 */
export const DEFAULT_LOCK_SECONDS = 3600;
export const MAX_LOCK_SECONDS = 3600;

/** `path` itself or beneath `base`. */
export function isWithinPath(base: string, path: string): boolean {
  return path === base || path.startsWith(base === "/" ? "/" : `${base}/`);
}

function ancestorsAndSelf(path: string): string[] {
  const paths = ["/"];
  let current = "";
  for (const segment of path.split("/").filter(Boolean)) {
    current += `/${segment}`;
    paths.push(current);
  }
  return paths;
}

export const parentPathOf = (path: string) => (path === "/" ? "/" : path.slice(0, Math.max(1, path.lastIndexOf("/"))));

/** Whether a lock applies to `path`: its root, or beneath a depth-infinity lock. */
export const lockCovers = (lock: DavLockRow, path: string) =>
  lock.path === path || (lock.depth === "infinity" && isWithinPath(lock.path, path));

/** Active locks at or above `path`, and with `descendants` those beneath it too. */
export async function loadLocks(db: Database, path: string, descendants = false): Promise<DavLockRow[]> {
  const now = new Date();
  const prefix = path === "/" ? "/" : `${path}/`;
  const rows = await db.davLock.findMany({
    where: {
      expiresAt: { gt: now },
      OR: [{ path: { in: ancestorsAndSelf(path) } }, ...(descendants ? [{ path: { startsWith: prefix } }] : [])],
    },
    select: lockSelect,
  });
  // startsWith may match more than it should where LIKE ignores case: the exact test is here.
  return rows.filter((row) => isWithinPath(row.path, path) || (descendants && isWithinPath(path, row.path)));
}

export function parseTimeout(header: string | null): number {
  if (!header) return DEFAULT_LOCK_SECONDS;
  for (const part of header.split(",")) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) return MAX_LOCK_SECONDS;
    const match = /^second-(\d+)$/i.exec(value);
    if (match?.[1]) return Math.max(1, Math.min(Number(match[1]), MAX_LOCK_SECONDS));
  }
  return DEFAULT_LOCK_SECONDS;
}

export function newLockToken(): string {
  return `opaquelocktoken:${crypto.randomUUID()}`;
}

/**
 * Takes a lock, refusing with 423 when it conflicts with another: an exclusive lock conflicts with any
 * lock on what it covers, a shared one with exclusive locks. One transaction, so two requests cannot
 * both take an exclusive lock.
 */
export async function createLock(
  db: Database,
  lock: { path: string; scope: LockScope; depth: LockDepth; owner: string | null; principal: string; seconds: number },
): Promise<DavLockRow> {
  const now = new Date();
  await db.davLock.deleteMany({ where: { expiresAt: { lte: now } } });
  return db.$transaction(async (tx) => {
    const existing = await loadLocks(tx as unknown as Database, lock.path, lock.depth === "infinity");
    const conflicting = existing.filter(
      (row) =>
        (lockCovers(row, lock.path) || (lock.depth === "infinity" && isWithinPath(lock.path, row.path))) &&
        (row.scope === "exclusive" || lock.scope === "exclusive"),
    );
    if (conflicting.length > 0) {
      throw new DavError(423, {
        condition: `<D:no-conflicting-lock>${lockRootHrefs(conflicting)}</D:no-conflicting-lock>`,
      });
    }
    return tx.davLock.create({
      data: {
        token: newLockToken(),
        path: lock.path,
        scope: lock.scope,
        depth: lock.depth,
        owner: lock.owner,
        principal: lock.principal,
        expiresAt: new Date(now.getTime() + lock.seconds * 1000),
      },
      select: lockSelect,
    });
  });
}

export async function refreshLock(db: Database, token: string, seconds: number): Promise<DavLockRow> {
  return db.davLock.update({
    where: { token },
    data: { expiresAt: new Date(Date.now() + seconds * 1000) },
    select: lockSelect,
  });
}

export async function removeLock(db: Database, token: string): Promise<void> {
  await db.davLock.deleteMany({ where: { token } });
}

/** Locks end with their resources: a DELETE, or the source of a MOVE (locks do not follow moves). */
export async function removeLocksUnder(db: Database, path: string): Promise<void> {
  const rows = await db.davLock.findMany({
    where: { OR: [{ path }, { path: { startsWith: path === "/" ? "/" : `${path}/` } }] },
    select: { token: true, path: true },
  });
  const tokens = rows.filter((row) => isWithinPath(path, row.path)).map((row) => row.token);
  if (tokens.length > 0) await db.davLock.deleteMany({ where: { token: { in: tokens } } });
}

function lockRootHrefs(locks: DavLockRow[]): string {
  return [...new Set(locks.map((lock) => lock.path))]
    .map((path) => `<D:href>${escapeXml(hrefOf(path, false))}</D:href>`)
    .join("");
}

export function activeLockXml(lock: DavLockRow): string {
  const seconds = Math.max(0, Math.ceil((lock.expiresAt.getTime() - Date.now()) / 1000));
  return (
    "<D:activelock>" +
    "<D:locktype><D:write/></D:locktype>" +
    `<D:lockscope><D:${lock.scope === "shared" ? "shared" : "exclusive"}/></D:lockscope>` +
    `<D:depth>${lock.depth === "infinity" ? "infinity" : "0"}</D:depth>` +
    (lock.owner ? `<D:owner>${lock.owner}</D:owner>` : "") +
    `<D:timeout>Second-${seconds}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(hrefOf(lock.path, false))}</D:href></D:lockroot>` +
    "</D:activelock>"
  );
}

export const SUPPORTED_LOCK_XML =
  "<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>" +
  "<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>";

// ---- The If header (RFC 4918 §10.4) --------------------------------------------------------------

export type IfCondition = { not: boolean; token?: string; etag?: string };
/** One parenthesised list; `resource` is the tag before it (a URL), null for an untagged list. */
export type IfList = { resource: string | null; conditions: IfCondition[] };

const badIfHeader = () => new DavError(400, { messageKey: "errors.davInvalidIfHeader" });

export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let resource: string | null = null;
  let i = 0;
  const readUntil = (end: string) => {
    const close = header.indexOf(end, i + 1);
    if (close < 0) throw badIfHeader();
    const value = header.slice(i + 1, close);
    i = close + 1;
    return value;
  };
  const skipSpace = () => {
    while (i < header.length && /\s/.test(header[i] ?? "")) i++;
  };
  for (skipSpace(); i < header.length; skipSpace()) {
    const char = header[i];
    if (char === "<") {
      resource = readUntil(">");
    } else if (char === "(") {
      i++;
      const conditions: IfCondition[] = [];
      for (skipSpace(); header[i] !== ")"; skipSpace()) {
        if (i >= header.length) throw badIfHeader();
        let not = false;
        if (/^not\b/i.test(header.slice(i, i + 4))) {
          not = true;
          i += 3;
          skipSpace();
        }
        if (header[i] === "<") conditions.push({ not, token: readUntil(">") });
        else if (header[i] === "[") conditions.push({ not, etag: readUntil("]") });
        else throw badIfHeader();
      }
      i++;
      if (conditions.length === 0) throw badIfHeader();
      lists.push({ resource, conditions });
    } else {
      throw badIfHeader();
    }
  }
  if (lists.length === 0) throw badIfHeader();
  return lists;
}

/** Every lock token named in an If header: the tokens the request submits (RFC 4918 §10.4.1). */
export function submittedTokens(lists: IfList[] | null): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists ?? [])
    for (const condition of list.conditions) if (condition.token) tokens.add(condition.token);
  return tokens;
}

const bareEtag = (etag: string) => etag.trim().replace(/^W\//, "");

/** What an If condition is checked against: a resource's entity tag and the tokens of the locks covering it. */
export type ResourceState = { etag: string | null; lockTokens: Set<string> };

/**
 * 412 unless at least one list holds: every condition of it matches the state of its resource (the
 * tagged one, else the request's). A list tagged with a URL outside /dav holds nothing.
 */
export async function assertIfHeader(
  lists: IfList[] | null,
  requestPath: string,
  requestUrl: URL,
  stateOf: (path: string) => Promise<ResourceState>,
): Promise<void> {
  if (!lists) return;
  for (const list of lists) {
    let path: string;
    try {
      path = list.resource === null ? requestPath : pathOfReference(list.resource, requestUrl);
    } catch {
      continue;
    }
    const state = await stateOf(path);
    const holds = list.conditions.every((condition) => {
      const matches = condition.token
        ? state.lockTokens.has(condition.token)
        : state.etag !== null && condition.etag !== undefined && bareEtag(state.etag) === bareEtag(condition.etag);
      return condition.not ? !matches : matches;
    });
    if (holds) return;
  }
  throw new DavError(412, { messageKey: "errors.davPreconditionFailed" });
}

/** A write and what it touches: the resource, everything beneath it, and its parent's membership. */
export type LockCheck = { path: string; subtree?: boolean; membership?: boolean };

/**
 * 423 unless the request submitted, from the principal that took it, a token of every lock the
 * write would break (RFC 4918 §7.4, §7.5).
 */
export async function assertLocksSubmitted(
  db: Database,
  checks: LockCheck[],
  tokens: Set<string>,
  principal: string,
): Promise<void> {
  for (const check of checks) {
    const parent = parentPathOf(check.path);
    const locks = await loadLocks(db, check.path, check.subtree);
    const blocking = locks.filter(
      (lock) =>
        (lockCovers(lock, check.path) ||
          (check.subtree && isWithinPath(check.path, lock.path)) ||
          (check.membership && check.path !== "/" && lock.path === parent)) &&
        !(tokens.has(lock.token) && lock.principal === principal),
    );
    if (blocking.length > 0) {
      throw new DavError(423, {
        condition: `<D:lock-token-submitted>${lockRootHrefs(blocking)}</D:lock-token-submitted>`,
      });
    }
  }
}
