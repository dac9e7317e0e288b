// The WebDAV methods that write (RFC 4918 §9): PUT, DELETE, MKCOL, COPY, MOVE and PROPPATCH. Each
// checks, in this order: the caller may write there (403; read-only keys always), the target's place
// in the tree (403 at mount points and above, 409 without a parent collection), the If header (412),
// the locks it would break (423); then writes through the mount file system's helpers, moves the dead
// properties along, and invalidates the explorer's listings of every storage it wrote to.
import { isPathWithin, nameOf } from "@shared/paths";
import { AppError } from "../../errors";
import { assertReadable, assertRemovable, assertWritable } from "../../services/explorer/access";
import { copyEntryOnServer } from "../../services/explorer/copy";
import { driverOf, requestDrivers } from "../../services/explorer/storage";
import { assertClearOfShares, fileKeyOf, folderKeyOf, invalidateListings } from "../../services/explorer/tree";
import { followMovedEntry, removeStoredEntry } from "../../services/explorer/writes";
import { loadUploadPolicy } from "../../services/uploads/policy";
import { DavError } from "../dav-error";
import { hrefOf, ownAuthorities, pathOfReference } from "../dav-paths";
import {
  assertHttpConditions,
  assertWriteConditions,
  type DavRequest,
  insideMount,
  resourceLoader,
} from "../dav-request";
import { parentPathOf, removeLocksUnder } from "../locks/locks";
import type { DavResource } from "../resources";
import { applyProppatch, deletePropertiesUnder, transferProperties } from "../xml/properties";
import { multistatusXml, readSmallBody, xmlResponse } from "../xml/xml";
import { readXmlRequest } from "../xml/xml-bodies";
import { chooseUploadMode, storePutBody } from "./upload-modes";

const ALLOW_ON_COLLECTION = "OPTIONS, GET, HEAD, DELETE, PROPFIND, PROPPATCH, COPY, MOVE, LOCK, UNLOCK";

/** 409 unless the parent of `path` is an existing collection (RFC 4918 §9.3.1, §9.7.1). */
async function assertParentCollection(load: ReturnType<typeof resourceLoader>, path: string): Promise<void> {
  const parent = await load(parentPathOf(path));
  if (!parent?.isCollection) throw new DavError(409, { messageKey: "errors.davParentMissing" });
}

/** The request's exact body length; undefined for a chunked body. */
function declaredLength(request: Request): number | undefined {
  const header = request.headers.get("content-length");
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/** Removes whatever is at a resource's place: the object, or the folder with everything in it. */
async function removeStored(dav: DavRequest, resource: DavResource): Promise<void> {
  const location = insideMount(dav.tree, resource.path);
  await removeStoredEntry(dav.deps, dav.tree, location, resource.isCollection ? "directory" : "file");
}

export async function handlePut(dav: DavRequest): Promise<Response> {
  assertWritable(dav.auth, dav.path);
  // A partial PUT would replace the file with the fragment (RFC 9110 §14.5).
  if (dav.request.headers.has("content-range")) throw new DavError(400, { messageKey: "errors.davContentRange" });
  // The probes of the path and its parent and the upload itself share one driver look-up.
  const drivers = requestDrivers(dav.deps);
  const load = resourceLoader(dav, drivers);
  const existing = await load();
  if (existing?.isCollection) {
    throw new DavError(405, { messageKey: "errors.davPutOnCollection", headers: { Allow: ALLOW_ON_COLLECTION } });
  }
  // A URL ending in "/" names a collection (RFC 4918 §5.2), which PUT cannot create: storing a file
  // there would give it a name its own href contradicts.
  if (dav.url.pathname.endsWith("/")) throw new DavError(409, { messageKey: "errors.davPutTrailingSlash" });
  const location = insideMount(dav.tree, dav.path);
  if (!existing) await assertParentCollection(load, dav.path);
  assertHttpConditions(dav.request, existing);
  await assertWriteConditions(dav, load, [{ path: dav.path, membership: !existing }]);

  const length = declaredLength(dav.request);
  // The upload policy of the one pipeline (services/uploads/policy.ts): its settings choose the mode too.
  const policy = await loadUploadPolicy(dav.deps, location.mount.storageConfigId, {
    driver: await drivers(location),
  });
  const { driver } = policy;
  // macOS sends chunked bodies and states their length in X-Expected-Entity-Length: a hint for the mode.
  const expected = length ?? (Number(dav.request.headers.get("x-expected-entity-length")) || undefined);
  const mode = chooseUploadMode(policy.settings.webdav_upload_mode, driver.kind, expected);
  const target = { tree: dav.tree, location, path: dav.path, fileName: nameOf(dav.path), policy };
  await storePutBody(dav.deps, dav.auth, target, dav.request.body, {
    // A presigned PUT needs the exact length, which a chunked body only hints at.
    mode: length === undefined && mode === "direct" ? "multipart" : mode,
    length,
    contentType: dav.request.headers.get("content-type"),
  });
  if (!existing) await deletePropertiesUnder(dav.deps.db, dav.path);
  const stored = await driver.head(fileKeyOf(location));
  const headers: Record<string, string> = {};
  if (stored?.etag) headers.ETag = `"${stored.etag}"`;
  return new Response(null, { status: existing ? 204 : 201, headers });
}

export async function handleDelete(dav: DavRequest): Promise<Response> {
  assertRemovable(dav.auth, dav.path);
  const depth = dav.request.headers.get("depth");
  const load = resourceLoader(dav);
  const resource = await load();
  if (!resource) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  if (resource.isCollection && depth !== null && depth.trim().toLowerCase() !== "infinity") {
    throw new DavError(400, { messageKey: "errors.davDepthInvalid" });
  }
  insideMount(dav.tree, dav.path);
  assertHttpConditions(dav.request, resource);
  await assertWriteConditions(dav, load, [{ path: dav.path, subtree: true, membership: true }]);
  await removeStored(dav, resource);
  await deletePropertiesUnder(dav.deps.db, dav.path);
  await removeLocksUnder(dav.deps.db, dav.path);
  return new Response(null, { status: 204 });
}

export async function handleMkcol(dav: DavRequest): Promise<Response> {
  assertWritable(dav.auth, dav.path);
  // MKCOL bodies (extended MKCOL, RFC 5689) are not supported: 415 (RFC 4918 §9.3).
  if ((await readSmallBody(dav.request)).length > 0) {
    throw new DavError(415, { messageKey: "errors.davMkcolBody" });
  }
  const load = resourceLoader(dav);
  if (await load()) {
    throw new DavError(405, {
      messageKey: "errors.fsAlreadyExists",
      params: { path: dav.path },
      headers: { Allow: ALLOW_ON_COLLECTION },
    });
  }
  const location = insideMount(dav.tree, dav.path);
  await assertParentCollection(load, dav.path);
  await assertWriteConditions(dav, load, [{ path: dav.path, membership: true }]);
  const driver = await driverOf(dav.deps, location);
  await driver.put(folderKeyOf(location), new Uint8Array(0), { contentType: "application/x-directory", size: 0 });
  invalidateListings(dav.deps, dav.tree, [location.mount.storageConfigId]);
  await deletePropertiesUnder(dav.deps.db, dav.path);
  return new Response(null, { status: 201 });
}

/** COPY and MOVE (RFC 4918 §9.8, §9.9): Destination, Overwrite, Depth; whole collections; 201 or 204. */
export async function handleCopyMove(dav: DavRequest, isMove: boolean): Promise<Response> {
  const destinationHeader = dav.request.headers.get("destination");
  if (!destinationHeader) throw new DavError(400, { messageKey: "errors.davDestinationInvalid" });
  const destination = pathOfReference(
    destinationHeader,
    dav.url,
    ownAuthorities(dav.request, dav.url, dav.deps.config.publicUrl),
  );
  const overwriteHeader = (dav.request.headers.get("overwrite") ?? "T").trim().toUpperCase();
  if (overwriteHeader !== "T" && overwriteHeader !== "F")
    throw new DavError(400, { messageKey: "errors.davOverwriteInvalid" });
  const depthHeader = (dav.request.headers.get("depth") ?? "infinity").trim().toLowerCase();
  if (depthHeader !== "infinity" && (isMove || depthHeader !== "0")) {
    throw new DavError(400, { messageKey: "errors.davDepthInvalid" });
  }
  const depth = depthHeader === "0" ? "0" : "infinity";

  if (isMove) assertRemovable(dav.auth, dav.path);
  else assertReadable(dav.auth, dav.path);
  assertWritable(dav.auth, destination);
  const load = resourceLoader(dav);
  const source = await load();
  if (!source) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  if (destination === dav.path) throw new DavError(403, { messageKey: "errors.davSameDestination" });
  if (source.isCollection && isPathWithin(dav.path, destination)) {
    throw new DavError(403, { messageKey: "errors.fsMoveIntoItself" });
  }
  // Replacing a collection that holds the source would delete the source first.
  if (isPathWithin(destination, dav.path)) throw new DavError(403, { messageKey: "errors.davDestinationHoldsSource" });
  // A folder holding a share folder copies the shares along: keys may not (services/explorer/tree.ts).
  assertClearOfShares(dav.tree, dav.path);
  const sourceLocation = isMove ? insideMount(dav.tree, dav.path) : source.location;
  if (!sourceLocation) throw new DavError(403, { messageKey: "errors.fsOutsideMount" });
  const targetLocation = insideMount(dav.tree, destination);
  await assertParentCollection(load, destination);
  const existing = await load(destination);
  if (existing && overwriteHeader === "F") throw new DavError(412, { messageKey: "errors.davDestinationExists" });
  await assertWriteConditions(dav, load, [
    ...(isMove ? [{ path: dav.path, subtree: true, membership: true }] : []),
    { path: destination, subtree: true, membership: true },
  ]);

  if (existing) {
    await removeStored(dav, existing);
    await deletePropertiesUnder(dav.deps.db, destination);
  }
  try {
    if (source.isCollection && depth === "0") {
      const driver = await driverOf(dav.deps, targetLocation);
      await driver.put(folderKeyOf(targetLocation), new Uint8Array(0), {
        contentType: "application/x-directory",
        size: 0,
      });
    } else {
      await copyEntryOnServer(dav.deps, sourceLocation, targetLocation, source.isCollection ? "directory" : "file");
    }
    if (isMove) {
      await followMovedEntry(dav.deps, sourceLocation, targetLocation, source.isCollection ? "directory" : "file");
      await removeStored(dav, source);
    }
  } finally {
    invalidateListings(dav.deps, dav.tree, [
      sourceLocation.mount.storageConfigId,
      targetLocation.mount.storageConfigId,
    ]);
  }
  await transferProperties(dav.deps.db, dav.path, destination, { depth, move: isMove });
  if (isMove) await removeLocksUnder(dav.deps.db, dav.path);
  const headers: Record<string, string> = existing ? {} : { Location: hrefOf(destination, source.isCollection) };
  return new Response(null, { status: existing ? 204 : 201, headers });
}

export async function handleProppatch(dav: DavRequest): Promise<Response> {
  assertWritable(dav.auth, dav.path);
  const updates = await readXmlRequest(dav.request, "proppatch");
  const load = resourceLoader(dav);
  const resource = await load();
  if (!resource) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  await assertWriteConditions(dav, load, [{ path: dav.path }]);
  return xmlResponse(207, multistatusXml([await applyProppatch(dav.deps.db, resource, updates)]));
}
