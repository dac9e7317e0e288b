// The WebDAV methods that read: PROPFIND (Depth 0 and 1; infinity refused as servers commonly do,
// RFC 4918 §9.1) and GET/HEAD (files streamed with Range and conditional headers by the app's own
// object response; collections as a small HTML index for a browser).

import { joinPath } from "@shared/paths";
import { AppError } from "../../errors";
import { objectResponse } from "../../http/downloads/object-response";
import { translate } from "../../i18n";
import { basePathOf, canRead, nextStepToBase } from "../../services/explorer/access";
import { driverOf } from "../../services/explorer/storage";
import { fileKeyOf, isMountFolder, locate } from "../../services/explorer/tree";
import { DavError } from "../dav-error";
import { hrefOf } from "../dav-paths";
import { assertBrowsable, type DavRequest, resourceLoader } from "../dav-request";
import { type DavLockRow, isWithinPath, loadLocks } from "../locks/locks";
import { collectionResource, type DavResource, listMembers } from "../resources";
import {
  type DeadProperty,
  loadDeadProperties,
  needsDeadProperties,
  needsLocks,
  propfindResponse,
} from "../xml/properties";
import { escapeXml, slicedMultistatusResponse } from "../xml/xml";
import { readXmlRequest } from "../xml/xml-bodies";

/**
 * The resource, or null. A key's own base path inside a mount exists for it even before anything was
 * stored there, as the explorer shows it (an empty folder), so that a client can mount it.
 */
export async function loadReadable(dav: DavRequest, path = dav.path): Promise<DavResource | null> {
  const found = await resourceLoader(dav)(path);
  if (found || path !== basePathOf(dav.auth)) return found;
  const location = locate(dav.tree, path);
  return location ? collectionResource(dav.tree, path, location) : null;
}

/**
 * The members a caller sees. Above a key's base path only the folder on the way down to it, whether or
 * not the storage holds it yet: nothing is listed, so a base path inside a huge folder costs nothing more.
 */
async function visibleMembers(dav: DavRequest, collection: DavResource): Promise<DavResource[]> {
  if (canRead(dav.auth, collection.path)) return listMembers(dav.deps, dav.tree, collection);
  const path = joinPath(collection.path, nextStepToBase(dav.auth, collection.path));
  const location = locate(dav.tree, path);
  return location || isMountFolder(dav.tree, path) ? [collectionResource(dav.tree, path, location)] : [];
}

export async function handlePropfind(dav: DavRequest): Promise<Response> {
  const depth = (dav.request.headers.get("depth") ?? "infinity").trim().toLowerCase();
  if (depth !== "0" && depth !== "1") {
    throw new DavError(403, { condition: "<D:propfind-finite-depth/>" });
  }
  assertBrowsable(dav.auth, dav.path);
  const wanted = await readXmlRequest(dav.request, "propfind");
  const resource = await loadReadable(dav);
  if (!resource) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  const resources = [resource];
  if (depth === "1" && resource.isCollection) resources.push(...(await visibleMembers(dav, resource)));

  const dead = needsDeadProperties(wanted)
    ? await loadDeadProperties(
        dav.deps.db,
        resources.map((item) => item.path),
      )
    : new Map<string, DeadProperty[]>();
  let locks: DavLockRow[] = [];
  if (needsLocks(wanted)) locks = await loadLocks(dav.deps.db, resource.path, resource.isCollection);
  // Everything that can fail is read above; the answer is written as the client takes it.
  return slicedMultistatusResponse(resources, (item) =>
    propfindResponse(
      item,
      wanted,
      dead.get(item.path) ?? [],
      locks.filter((lock) => isWithinPath(lock.path, item.path)),
    ),
  );
}

export async function handleGet(dav: DavRequest): Promise<Response> {
  assertBrowsable(dav.auth, dav.path);
  const resource = await loadReadable(dav);
  if (!resource) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  if (resource.isCollection) return collectionIndex(dav, resource);
  if (!canRead(dav.auth, dav.path)) throw new AppError("FORBIDDEN", "errors.fsPathForbidden");
  const location = resource.location;
  if (!location) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
  return objectResponse(await driverOf(dav.deps, location), fileKeyOf(location), dav.request, {
    downloader: { openDownloads: dav.deps.openDownloads, clientIp: dav.clientIp },
    disposition: "attachment",
    filename: resource.name,
    contentType: resource.contentType ?? undefined,
  });
}

/** A collection opened in a browser: its members as links (names escaped; the app's CSP applies). */
async function collectionIndex(dav: DavRequest, collection: DavResource): Promise<Response> {
  const members = await visibleMembers(dav, collection);
  const title = escapeXml(translate("errors.davIndexTitle", { path: collection.path }));
  const items = members.map((member) => {
    const href = escapeXml(hrefOf(member.path, member.isCollection));
    return `<li><a href="${href}">${escapeXml(member.name)}${member.isCollection ? "/" : ""}</a></li>`;
  });
  if (collection.path !== "/") {
    const parent = collection.path.slice(0, collection.path.lastIndexOf("/")) || "/";
    items.unshift(`<li><a href="${escapeXml(hrefOf(parent, true))}">../</a></li>`);
  }
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><ul>${items.join("")}</ul></body></html>`;
  return new Response(dav.request.method === "HEAD" ? null : html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
