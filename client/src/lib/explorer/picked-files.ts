// What the user chose to upload into a folder: files, or whole folders, from the file input (a
// folder input gives every file its webkitRelativePath) or from a drop (folders come as
// FileSystemEntry trees through DataTransferItem.webkitGetAsEntry). Both end as files with their
// path relative to the drop target, plus the folders to create (empty ones included), parents first.
import { joinPath } from "@shared/paths";

export type PickedFile = { file: File; relativePath: string };
export type PickedSet = { files: PickedFile[]; folders: string[] };

/** The subset of the File and Directory Entries API a drop uses (absent in some test DOMs). */
type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?: (resolve: (file: File) => void, reject: (error: unknown) => void) => void;
  createReader?: () => {
    readEntries: (resolve: (entries: Entry[]) => void, reject: (error: unknown) => void) => void;
  };
};

/** Segments that could climb out of the target or name nothing are dropped. */
function cleanRelative(path: string): string {
  return path
    .split(/[/\\]+/)
    .filter((segment) => segment && segment !== "." && segment !== "..")
    .join("/");
}

function foldersOf(relativePath: string): string[] {
  const segments = relativePath.split("/");
  const folders: string[] = [];
  for (let i = 1; i < segments.length; i++) folders.push(segments.slice(0, i).join("/"));
  return folders;
}

/** Files from an <input type="file"> (with or without webkitdirectory). */
export function pickedFromInput(files: Iterable<File>): PickedSet {
  const picked: PickedFile[] = [];
  const folders = new Set<string>();
  for (const file of files) {
    const relativePath = cleanRelative(file.webkitRelativePath || file.name) || file.name;
    picked.push({ file, relativePath });
    for (const folder of foldersOf(relativePath)) folders.add(folder);
  }
  return { files: picked, folders: sortFolders(folders) };
}

function readFile(entry: Entry): Promise<File> {
  return new Promise((resolve, reject) => entry.file?.(resolve, reject));
}

/** A directory reader answers in batches until an empty one. */
async function readChildren(entry: Entry): Promise<Entry[]> {
  const reader = entry.createReader?.();
  if (!reader) return [];
  const children: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

async function walk(entry: Entry, prefix: string, into: PickedSet, folders: Set<string>): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  const relativePath = cleanRelative(path);
  if (!relativePath || relativePath !== cleanRelative(`${cleanRelative(prefix)}/${entry.name}`)) return;
  if (entry.isFile) {
    into.files.push({ file: await readFile(entry), relativePath });
    return;
  }
  if (!entry.isDirectory) return;
  folders.add(relativePath);
  for (const child of await readChildren(entry)) await walk(child, path, into, folders);
}

/**
 * The files and folders of a drop. The items must be read during the drop event itself (the list
 * empties afterwards), so the entries are taken synchronously and walked afterwards.
 */
export function pickedFromDrop(transfer: DataTransfer): Promise<PickedSet> {
  const entries: Entry[] = [];
  const plainFiles: File[] = [];
  const items = Array.from(transfer.items ?? []);
  for (const item of items) {
    if (item.kind !== "file") continue;
    const entry = (item as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) plainFiles.push(file);
    }
  }
  if (entries.length === 0 && plainFiles.length === 0) plainFiles.push(...Array.from(transfer.files ?? []));
  return collectEntries(entries, plainFiles);
}

export async function collectEntries(entries: Entry[], plainFiles: File[] = []): Promise<PickedSet> {
  const set: PickedSet = { files: plainFiles.map((file) => ({ file, relativePath: file.name })), folders: [] };
  const folders = new Set<string>();
  for (const entry of entries) await walk(entry, "", set, folders);
  for (const file of set.files) for (const folder of foldersOf(file.relativePath)) folders.add(folder);
  set.folders = sortFolders(folders);
  return set;
}

/** Parents before children, then by name: each mkdir finds its parent made. */
function sortFolders(folders: Set<string>): string[] {
  return [...folders]
    .filter(Boolean)
    .sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : a > b ? 1 : 0));
}

/** The virtual folder a picked file goes into under `target`. */
export function targetFolderOf(target: string, relativePath: string): string {
  const segments = relativePath.split("/");
  segments.pop();
  return segments.reduce((folder, segment) => joinPath(folder, segment), target);
}

export type { Entry as PickedEntry };
