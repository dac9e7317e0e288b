// WebDAV properties (RFC 4918 §4, §15). Live properties are computed from the storage (size, times,
// entity tag, type) and the lock table; they are protected. Dead properties are what clients store
// with PROPPATCH (Windows keeps its file times there, macOS its metadata): one DavProperty row per
// (path, namespace, name) whose value is the property element serialized with its namespace
// declarations, returned as it was given. They follow their resources: copied by COPY, moved by
// MOVE, deleted by DELETE, and cleared when a new resource is created at a path that had some.
import type { Database } from "../../db/client";
import { nextTurn } from "../../http/sliced-answer";
import { DavError } from "../dav-error";
import { hrefOf } from "../dav-paths";
import { activeLockXml, type DavLockRow, isWithinPath, lockCovers, SUPPORTED_LOCK_XML } from "../locks/locks";
import type { DavResource } from "../resources";
import {
  childElements,
  DAV_NS,
  escapeXml,
  isDavElement,
  namespaceOf,
  propertyElement,
  serializeElement,
  statusLine,
  type XmlElement,
} from "./xml";

export type PropertyName = { namespace: string; name: string };

type LiveProperty = (resource: DavResource, locks: DavLockRow[]) => string | null;

/** Live properties by local name in DAV:; null means the resource has no such property. */
const LIVE_PROPERTIES: Record<string, LiveProperty> = {
  displayname: (resource) => escapeXml(resource.name),
  resourcetype: (resource) => (resource.isCollection ? "<D:collection/>" : ""),
  getcontentlength: (resource) => (resource.isCollection ? null : String(resource.size)),
  getcontenttype: (resource) => (resource.isCollection ? null : escapeXml(resource.contentType ?? "")),
  getetag: (resource) => (resource.etag ? escapeXml(resource.etag) : null),
  getlastmodified: (resource) => resource.modified.toUTCString(),
  creationdate: (resource) => resource.created.toISOString(),
  supportedlock: () => SUPPORTED_LOCK_XML,
  lockdiscovery: (resource, locks) =>
    locks
      .filter((lock) => lockCovers(lock, resource.path))
      .map(activeLockXml)
      .join(""),
};

export const isLiveProperty = (property: PropertyName) =>
  property.namespace === DAV_NS && Object.hasOwn(LIVE_PROPERTIES, property.name);

const propertyKey = (property: PropertyName) => `${property.namespace}\u0000${property.name}`;

// ---- PROPFIND ----------------------------------------------------------------------------------

export type PropfindRequest =
  | { type: "allprop"; include: PropertyName[] }
  | { type: "propname" }
  | { type: "prop"; names: PropertyName[] };

const nameOfElement = (element: XmlElement): PropertyName => ({
  namespace: namespaceOf(element),
  name: element.localName ?? "",
});

/** A PROPFIND body: none means allprop (RFC 4918 §9.1); unknown elements beside the known ones are ignored. */
export function parsePropfind(root: XmlElement | null): PropfindRequest {
  if (!root) return { type: "allprop", include: [] };
  if (!isDavElement(root, "propfind")) throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  const children = childElements(root);
  const prop = children.find((child) => isDavElement(child, "prop"));
  if (prop) return { type: "prop", names: childElements(prop).map(nameOfElement) };
  if (children.some((child) => isDavElement(child, "propname"))) return { type: "propname" };
  if (children.some((child) => isDavElement(child, "allprop"))) {
    const include = children.find((child) => isDavElement(child, "include"));
    return { type: "allprop", include: include ? childElements(include).map(nameOfElement) : [] };
  }
  throw new DavError(400, { messageKey: "errors.davInvalidXml" });
}

export type DeadProperty = { path: string; namespace: string; name: string; value: string };

const IN_CHUNK = 500;

/** Dead properties of the given paths, by path. */
export async function loadDeadProperties(db: Database, paths: string[]): Promise<Map<string, DeadProperty[]>> {
  const byPath = new Map<string, DeadProperty[]>();
  for (let i = 0; i < paths.length; i += IN_CHUNK) {
    // SQLite answers without I/O the event loop would notice: a turn between chunks keeps a large
    // folder's 40 queries from running as one block.
    if (i > 0) await nextTurn();
    const rows = await db.davProperty.findMany({
      where: { path: { in: paths.slice(i, i + IN_CHUNK) } },
      select: { path: true, namespace: true, name: true, value: true },
      orderBy: [{ namespace: "asc" }, { name: "asc" }],
    });
    for (const row of rows) {
      const list = byPath.get(row.path) ?? [];
      list.push(row);
      byPath.set(row.path, list);
    }
  }
  return byPath;
}

/** Whether answering `request` reads dead properties (a client asking for live ones only costs no query). */
export const needsDeadProperties = (request: PropfindRequest) =>
  request.type !== "prop" || request.names.some((name) => !isLiveProperty(name));

export const needsLocks = (request: PropfindRequest) =>
  request.type === "allprop" ||
  (request.type === "prop" && request.names.some((name) => name.namespace === DAV_NS && name.name === "lockdiscovery"));

function propstat(properties: string[], status: number): string {
  return `<D:propstat><D:prop>${properties.join("")}</D:prop><D:status>${statusLine(status)}</D:status></D:propstat>`;
}

/** One <D:response> of a PROPFIND answer. */
export function propfindResponse(
  resource: DavResource,
  request: PropfindRequest,
  dead: DeadProperty[],
  locks: DavLockRow[],
): string {
  const found: string[] = [];
  const missing: string[] = [];
  const live = (name: string) => LIVE_PROPERTIES[name]?.(resource, locks) ?? null;
  if (request.type === "propname") {
    for (const name of Object.keys(LIVE_PROPERTIES)) if (live(name) !== null) found.push(propertyElement(DAV_NS, name));
    for (const property of dead) found.push(propertyElement(property.namespace, property.name));
  } else if (request.type === "allprop") {
    for (const name of Object.keys(LIVE_PROPERTIES)) {
      const value = live(name);
      if (value !== null) found.push(propertyElement(DAV_NS, name, value));
    }
    for (const property of dead) found.push(property.value);
  } else {
    const deadByKey = new Map(dead.map((property) => [propertyKey(property), property]));
    for (const name of request.names) {
      const value = isLiveProperty(name) ? live(name.name) : (deadByKey.get(propertyKey(name))?.value ?? null);
      if (value === null) missing.push(propertyElement(name.namespace, name.name));
      else found.push(isLiveProperty(name) ? propertyElement(DAV_NS, name.name, value) : value);
    }
  }
  const href = `<D:href>${escapeXml(hrefOf(resource.path, resource.isCollection))}</D:href>`;
  const stats = [
    ...(found.length > 0 || missing.length === 0 ? [propstat(found, 200)] : []),
    ...(missing.length > 0 ? [propstat(missing, 404)] : []),
  ];
  return `<D:response>${href}${stats.join("")}</D:response>`;
}

// ---- PROPPATCH ---------------------------------------------------------------------------------

/** A set carries the property element serialized (what is stored and answered); a remove its name only. */
export type PropertyUpdate = { action: "set" | "remove"; property: PropertyName; value: string | null };

/**
 * Bounds on dead properties: they are metadata (Windows' file times, macOS' tags: tens of bytes
 * each), not file content. Past a bound the answer is 507 Insufficient Storage. Writing them costs
 * the event loop time in Prisma's client, about 1 ms per row and 60 ms per MiB here, so the largest
 * allowed write stays well below the 100 ms in which every other request must still be answered.
 */
export const DEAD_PROPERTY_LIMITS = {
  bytesPerProperty: 64 * 1024,
  perRequest: 100,
  perResource: 1000,
  bytesPerResource: 256 * 1024,
};

/** The instructions of a propertyupdate body, in document order (RFC 4918 §9.2); 507 past perRequest. */
export function parseProppatch(root: XmlElement | null): PropertyUpdate[] {
  if (!root || !isDavElement(root, "propertyupdate")) throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  const updates: PropertyUpdate[] = [];
  for (const instruction of childElements(root)) {
    const action = isDavElement(instruction, "set") ? "set" : isDavElement(instruction, "remove") ? "remove" : null;
    if (!action) continue;
    for (const prop of childElements(instruction).filter((child) => isDavElement(child, "prop"))) {
      for (const element of childElements(prop)) {
        if (updates.length === DEAD_PROPERTY_LIMITS.perRequest) {
          throw new DavError(507, {
            messageKey: "errors.davTooManyProperties",
            params: { max: DEAD_PROPERTY_LIMITS.perRequest },
          });
        }
        const value = action === "set" ? serializeElement(element) : null;
        updates.push({ action, property: nameOfElement(element), value });
      }
    }
  }
  if (updates.length === 0) throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  return updates;
}

type Refusal = { status: number; condition?: string };

/**
 * Why updates would be refused, by property key: live properties are protected (403); a value past
 * bytesPerProperty, or sets that would take the resource past perResource or bytesPerResource, 507.
 * Reads the resource's stored properties, which the bounds keep small.
 */
async function refusalsOf(db: Database, path: string, updates: PropertyUpdate[]): Promise<Map<string, Refusal>> {
  const refused = new Map<string, Refusal>();
  for (const update of updates) {
    if (isLiveProperty(update.property)) {
      refused.set(propertyKey(update.property), { status: 403, condition: "<D:cannot-modify-protected-property/>" });
    } else if (update.value !== null && Buffer.byteLength(update.value) > DEAD_PROPERTY_LIMITS.bytesPerProperty) {
      refused.set(propertyKey(update.property), { status: 507 });
    }
  }
  if (refused.size > 0) return refused;
  const stored = await db.davProperty.findMany({
    where: { path },
    select: { namespace: true, name: true, value: true },
  });
  const final = new Map(stored.map((row) => [propertyKey(row), row]));
  for (const update of updates) {
    if (update.value === null) final.delete(propertyKey(update.property));
    else final.set(propertyKey(update.property), { ...update.property, value: update.value });
  }
  let bytes = 0;
  for (const row of final.values()) bytes += Buffer.byteLength(row.value);
  if (final.size > DEAD_PROPERTY_LIMITS.perResource || bytes > DEAD_PROPERTY_LIMITS.bytesPerResource) {
    for (const update of updates) if (update.value !== null) refused.set(propertyKey(update.property), { status: 507 });
  }
  return refused;
}

/**
 * Applies every update or none (RFC 4918 §9.2): refused ones answer their status and the others 424.
 * Otherwise one transaction of two statements deletes the touched properties and inserts the new
 * values (one upsert per property held the database for seconds). Answers the multistatus body.
 */
export async function applyProppatch(db: Database, resource: DavResource, updates: PropertyUpdate[]): Promise<string> {
  const refused = await refusalsOf(db, resource.path, updates);
  const href = `<D:href>${escapeXml(hrefOf(resource.path, resource.isCollection))}</D:href>`;
  // The last instruction on a property decides its state.
  const touched = new Map(updates.map((update) => [propertyKey(update.property), update]));
  if (refused.size > 0) {
    const stats: string[] = [];
    for (const [key, { property }] of touched) {
      const failure = refused.get(key);
      const element = propertyElement(property.namespace, property.name);
      stats.push(
        failure
          ? `<D:propstat><D:prop>${element}</D:prop><D:status>${statusLine(failure.status)}</D:status>${
              failure.condition ? `<D:error>${failure.condition}</D:error>` : ""
            }</D:propstat>`
          : propstat([element], 424),
      );
    }
    return `<D:response>${href}${stats.join("")}</D:response>`;
  }
  const path = resource.path;
  const sets = [...touched.values()].flatMap(({ property, value }) =>
    value === null ? [] : [{ path, ...property, value }],
  );
  await db.$transaction([
    db.davProperty.deleteMany({ where: { path, OR: [...touched.values()].map(({ property }) => ({ ...property })) } }),
    db.davProperty.createMany({ data: sets }),
  ]);
  const elements = [...touched.values()].map(({ property }) => propertyElement(property.namespace, property.name));
  return `<D:response>${href}${propstat(elements, 200)}</D:response>`;
}

// ---- Following the resources -------------------------------------------------------------------

const subtreeWhere = (path: string) => ({
  OR: [{ path }, { path: { startsWith: path === "/" ? "/" : `${path}/` } }],
});

async function propertiesUnder(db: Database, path: string, depth: "0" | "infinity"): Promise<DeadProperty[]> {
  const rows = await db.davProperty.findMany({
    where: depth === "0" ? { path } : subtreeWhere(path),
    select: { path: true, namespace: true, name: true, value: true },
  });
  return rows.filter((row) => isWithinPath(path, row.path));
}

/** Deletes the dead properties of a resource and, with its members, of everything beneath it. */
export async function deletePropertiesUnder(db: Database, path: string): Promise<void> {
  const rows = await propertiesUnder(db, path, "infinity");
  const paths = [...new Set(rows.map((row) => row.path))];
  for (let i = 0; i < paths.length; i += IN_CHUNK) {
    await db.davProperty.deleteMany({ where: { path: { in: paths.slice(i, i + IN_CHUNK) } } });
  }
}

/** Copies (or, with `move`, moves) dead properties from `source` to `target`, replacing the target's. */
export async function transferProperties(
  db: Database,
  source: string,
  target: string,
  options: { depth: "0" | "infinity"; move: boolean },
): Promise<void> {
  await deletePropertiesUnder(db, target);
  const rows = await propertiesUnder(db, source, options.depth);
  if (rows.length > 0) {
    await db.davProperty.createMany({
      data: rows.map((row) => ({ ...row, path: target + row.path.slice(source.length) })),
    });
  }
  if (options.move) await deletePropertiesUnder(db, source);
}
