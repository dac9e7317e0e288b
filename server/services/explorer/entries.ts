// The entries of the mount explorer's listings: files, folders and mount points, with the CloudPaste
// document's names for their kind, date and media type beside ours.

import { nameOf } from "@shared/paths";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { contentTypeFor } from "../../storage/content-type";
import type { ObjectInfo } from "../../storage/driver";
import type { MountRow } from "./mounts";

/** An entry with the CloudPaste document's names for its kind, date and media type beside ours. */
function entryOf(fields: Omit<FsEntry, "isDirectory" | "lastModified" | "mimeType">): FsEntry {
  return {
    ...fields,
    isDirectory: fields.type === "directory",
    lastModified: fields.modified,
    mimeType: fields.mimetype,
  };
}

export function mountEntry(mount: MountRow, name: string, path: string): FsEntry {
  return entryOf({
    name,
    path,
    type: "directory",
    size: 0,
    modified: mount.updatedAt,
    mimetype: null,
    is_mount: true,
    mount_id: mount.id,
  });
}

export function folderEntry(name: string, path: string, modified: Date | null = null): FsEntry {
  return entryOf({ name, path, type: "directory", size: 0, modified, mimetype: null, is_mount: false, mount_id: null });
}

export function fileEntry(path: string, object: Pick<ObjectInfo, "size" | "lastModified" | "contentType">): FsEntry {
  const name = nameOf(path);
  return entryOf({
    name,
    path,
    type: "file",
    size: object.size,
    modified: object.lastModified,
    mimetype: object.contentType ?? contentTypeFor(name),
    is_mount: false,
    mount_id: null,
  });
}

/** A file just written, as the document's upload answers it: the entry with the object's tag and type. */
export function storedFileEntry(
  path: string,
  object: Pick<ObjectInfo, "size" | "lastModified" | "contentType" | "etag">,
) {
  const entry = fileEntry(path, object);
  return { ...entry, etag: object.etag, contentType: entry.mimetype ?? contentTypeFor(entry.name) };
}

export const byTypeThenName = (a: FsEntry, b: FsEntry) =>
  a.type !== b.type ? (a.type === "directory" ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
