// LOCK and UNLOCK (RFC 4918 §9.10, §9.11). A LOCK with a lockinfo body takes a new exclusive or
// shared write lock (depth 0 or infinity); one without a body refreshes the lock whose token the If
// header names. A LOCK on an unmapped URL creates an empty file there and answers 201: RFC 4918's
// locked empty resource, which replaced RFC 2518's lock-null resources (it stays after UNLOCK, as
// Windows and macOS expect when they lock a file before writing it).
import { AppError } from "../../errors";
import { assertWritable } from "../../services/explorer/access";
import { driverOf } from "../../services/explorer/storage";
import { fileKeyOf, invalidateListings } from "../../services/explorer/tree";
import { contentTypeFor } from "../../storage/content-type";
import { DavError } from "../dav-error";
import { assertWriteConditions, type DavRequest, insideMount, resourceLoader } from "../dav-request";
import {
  activeLockXml,
  createLock,
  type DavLockRow,
  type LockDepth,
  loadLocks,
  lockCovers,
  parentPathOf,
  parseTimeout,
  refreshLock,
  removeLock,
} from "../locks/locks";
import { deletePropertiesUnder } from "../xml/properties";
import { XML_DECLARATION, xmlResponse } from "../xml/xml";
import { readXmlRequest } from "../xml/xml-bodies";

function lockAnswer(status: number, lock: DavLockRow, withToken: boolean): Response {
  const body = `${XML_DECLARATION}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(lock)}</D:lockdiscovery></D:prop>`;
  return xmlResponse(status, body, withToken ? { "Lock-Token": `<${lock.token}>` } : {});
}

export async function handleLock(dav: DavRequest): Promise<Response> {
  assertWritable(dav.auth, dav.path);
  const seconds = parseTimeout(dav.request.headers.get("timeout"));
  const info = await readXmlRequest(dav.request, "lockinfo");
  const load = resourceLoader(dav);
  if (!info) return refresh(dav, seconds);
  const depthHeader = (dav.request.headers.get("depth") ?? "infinity").trim().toLowerCase();
  if (depthHeader !== "0" && depthHeader !== "infinity")
    throw new DavError(400, { messageKey: "errors.davDepthInvalid" });

  const existing = await load();
  if (!existing) {
    insideMount(dav.tree, dav.path);
    const parent = await load(parentPathOf(dav.path));
    if (!parent?.isCollection) throw new DavError(409, { messageKey: "errors.davParentMissing" });
  }
  await assertWriteConditions(dav, load, existing ? [] : [{ path: dav.path, membership: true }]);
  const lock = await createLock(dav.deps.db, {
    path: dav.path,
    scope: info.scope,
    // A file has no members: its lock is depth 0 whatever was asked.
    depth: (existing?.isCollection ? depthHeader : "0") as LockDepth,
    owner: info.owner,
    principal: dav.principal,
    seconds,
  });
  if (existing) return lockAnswer(200, lock, true);
  try {
    const location = insideMount(dav.tree, dav.path);
    const driver = await driverOf(dav.deps, location);
    await driver.put(fileKeyOf(location), new Uint8Array(0), { contentType: contentTypeFor(dav.path), size: 0 });
    invalidateListings(dav.deps, dav.tree, [location.mount.storageConfigId]);
    await deletePropertiesUnder(dav.deps.db, dav.path);
  } catch (error) {
    await removeLock(dav.deps.db, lock.token);
    throw error;
  }
  return lockAnswer(201, lock, true);
}

/** A refresh names its lock in the If header; the lock must cover the request URI (RFC 4918 §9.10.2). */
async function refresh(dav: DavRequest, seconds: number): Promise<Response> {
  if (dav.tokens.size === 0) throw new DavError(400, { messageKey: "errors.davLockTokenMissing" });
  const locks = await loadLocks(dav.deps.db, dav.path);
  const lock = locks.find(
    (candidate) =>
      dav.tokens.has(candidate.token) && lockCovers(candidate, dav.path) && candidate.principal === dav.principal,
  );
  if (!lock) throw new DavError(412, { condition: "<D:lock-token-matches-request-uri/>" });
  return lockAnswer(200, await refreshLock(dav.deps.db, lock.token, seconds), false);
}

export async function handleUnlock(dav: DavRequest): Promise<Response> {
  const header = dav.request.headers.get("lock-token")?.trim() ?? "";
  const token = /^<(.+)>$/.exec(header)?.[1];
  if (!token) throw new DavError(400, { messageKey: "errors.davLockTokenMissing" });
  const lock = (await loadLocks(dav.deps.db, dav.path)).find((candidate) => candidate.token === token);
  if (!lock || !lockCovers(lock, dav.path)) {
    throw new DavError(409, { condition: "<D:lock-token-matches-request-uri/>" });
  }
  // The admin may lift anyone's lock: a key must not be able to hold the admin's files hostage.
  if (lock.principal !== dav.principal && dav.auth.type !== "admin") {
    throw new AppError("FORBIDDEN", "errors.davLockNotYours");
  }
  await removeLock(dav.deps.db, token);
  return new Response(null, { status: 204 });
}
