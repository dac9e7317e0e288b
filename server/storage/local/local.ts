// Local-disk storage driver: object keys map to files under one root directory. Writes go to a temp
// file first and are renamed into place, so a failed or cancelled upload never leaves half a file.
// Symbolic links below the root are never followed (listings skip them, reads answer "not found",
// writes through them are refused): a link placed on the disk could otherwise lead out of the root,
// or from one mount's folder into another's, past every path check made on the key.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type Stats, statSync } from "node:fs";
import { copyFile, lstat, mkdir, readdir, rename, rm, rmdir, stat, unlink } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../errors";
import { contentTypeFor } from "../content-type";
import {
  type ByteRange,
  type CompletedPart,
  type GetResult,
  type ListOptions,
  type ListResult,
  type ObjectInfo,
  type PutBody,
  type PutOptions,
  resolveRange,
  type StorageDriver,
} from "../driver";
import { toNodeReadable } from "../streams";
import type { LocalGrant } from "./local-signing";

/** Uploads in flight live here, inside the root so that the final rename stays on one filesystem. */
const TEMP_DIR = ".pastebox-tmp";
const DEFAULT_MAX_KEYS = 1000;

/** Turns an object key into a path under root, refusing anything that could step outside it. */
export function resolveKeyPath(root: string, key: string): string {
  if (key.includes("\0") || key.includes("\\")) throw new AppError("BAD_REQUEST", "errors.invalidPath");
  const segments = key.split("/").filter((segment, index, all) => segment !== "" || index === all.length - 1);
  if (segments.some((segment) => segment === "." || segment === ".." || segment === TEMP_DIR)) {
    throw new AppError("BAD_REQUEST", "errors.invalidPath");
  }
  const path = resolve(root, ...segments.filter(Boolean));
  if (path !== root && !path.startsWith(root + sep)) throw new AppError("BAD_REQUEST", "errors.invalidPath");
  return path;
}

/**
 * Whether any existing component of `path` below `root` is a symbolic link. Components that do not
 * exist yet are fine: whatever creates them (mkdir, rename) makes real directories and files.
 */
export async function hasLinkBelowRoot(root: string, path: string): Promise<boolean> {
  let current = root;
  for (const segment of relative(root, path).split(sep).filter(Boolean)) {
    current = join(current, segment);
    const stats = await lstat(current).catch(() => null);
    if (!stats) return false;
    if (stats.isSymbolicLink()) return true;
  }
  return false;
}

function etagOf(size: number, mtimeMs: number): string {
  return `${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}`;
}

/** Files stat'ed between two yields to the event loop while listing a folder. */
const STAT_BATCH = 500;

/** Signs URLs the app serves for this driver; see local-signing.ts. */
export type LocalUrlSigner = (grant: Omit<LocalGrant, "configId" | "expires">, expiresIn: number) => string;

const UPLOAD_ID_PATTERN = /^[0-9a-f-]{36}$/;

/** `items` in pages of `size`. */
async function* pagesOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length < size) continue;
    yield page;
    page = [];
  }
  if (page.length > 0) yield page;
}

export function createLocalDriver(rootDirectory: string, signUrl?: LocalUrlSigner): StorageDriver {
  const root = resolve(rootDirectory);
  const signer = (): LocalUrlSigner => {
    if (!signUrl) throw new Error("This local storage has no URL signer");
    return signUrl;
  };

  /** A key's path for reading: a link on the way makes it "not found", as links are not listed. */
  async function readablePath(key: string): Promise<string> {
    const path = resolveKeyPath(root, key);
    if (await hasLinkBelowRoot(root, path)) throw new AppError("NOT_FOUND", "errors.notFound");
    return path;
  }

  /** A key's path for writing: never through a link, which could lead anywhere on the disk. */
  async function writablePath(key: string): Promise<string> {
    const path = resolveKeyPath(root, key);
    if (await hasLinkBelowRoot(root, path)) throw new AppError("BAD_REQUEST", "errors.invalidPath");
    return path;
  }

  /** Parts of a multipart upload wait in their own folder until completion. */
  function partsDir(uploadId: string): string {
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw new AppError("BAD_REQUEST", "errors.uploadNotFound");
    return join(root, TEMP_DIR, `multipart-${uploadId}`);
  }

  async function writeAtomically(target: string, body: PutBody): Promise<void> {
    const tempDir = join(root, TEMP_DIR);
    if (await hasLinkBelowRoot(root, target)) throw new AppError("BAD_REQUEST", "errors.invalidPath");
    await mkdir(tempDir, { recursive: true });
    if (await hasLinkBelowRoot(root, tempDir)) throw new AppError("BAD_REQUEST", "errors.invalidPath");
    const tempPath = join(tempDir, randomUUID());
    try {
      // A web stream (a request's body) is written by Bun natively, with no JavaScript chunks (streams.ts).
      if (body instanceof ReadableStream) await Bun.write(tempPath, new Response(body));
      else await pipeline(toNodeReadable(body), createWriteStream(tempPath));
      await mkdir(dirname(target), { recursive: true });
      await rename(tempPath, target);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  /** A file's info from its stats (null for a folder or anything else that is not a file). */
  function infoOf(key: string, path: string, stats: Stats | undefined): ObjectInfo | null {
    if (!stats?.isFile()) return null;
    return {
      key,
      size: stats.size,
      lastModified: stats.mtime,
      etag: etagOf(stats.size, stats.mtimeMs),
      contentType: contentTypeFor(path),
    };
  }

  async function info(key: string, path: string): Promise<ObjectInfo | null> {
    return infoOf(key, path, await stat(path).catch(() => undefined));
  }

  function infoSync(key: string, path: string): ObjectInfo | null {
    return infoOf(key, path, statSync(path, { throwIfNoEntry: false }));
  }

  /**
   * The keys of one directory's entries in key order (a folder's ends in "/"), links and the temp
   * folder left out. Plain strings natively sorted: a 100,000-file folder held as Dirent records
   * sorted by a JavaScript comparator cost several times the memory and time (docs/performance.md).
   */
  async function sortedKeys(dir: string, keyPrefix: string, namePrefix: string): Promise<string[]> {
    const keys: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isSymbolicLink() || (entry.name === TEMP_DIR && keyPrefix === "")) continue;
      if (!entry.name.startsWith(namePrefix)) continue;
      if (entry.isDirectory()) keys.push(`${keyPrefix}${entry.name}/`);
      else if (entry.isFile()) keys.push(keyPrefix + entry.name);
    }
    return keys.sort();
  }

  /**
   * walkInKeyOrder's keys without a file's details: nothing is stat'ed, so a walk that needs the
   * details of a few keys only (a search's page) costs a tenth as much. Every folder comes as its
   * marker, just before what it holds.
   */
  async function* keysInKeyOrder(dir: string, keyPrefix: string, namePrefix = ""): AsyncGenerator<string> {
    for (const key of await sortedKeys(dir, keyPrefix, namePrefix)) {
      yield key;
      if (key.endsWith("/")) yield* keysInKeyOrder(join(dir, key.slice(keyPrefix.length)), key);
    }
  }

  /**
   * The objects below `dir` in key order, starting after `after` (a continuation token), read one
   * directory at a time so that a caller who stops early (a page is full, a search has its results)
   * never walks the rest of the tree. A folder's keys all start with "name/", so it sorts as that
   * and a whole subtree before `after` is skipped unread. A folder with nothing in it yields its
   * marker, as an empty "folder/" object does on S3, so that recursive copies and deletes see it.
   * `hasContent` is set when the folder holds anything, including what was skipped.
   */
  async function* walkInKeyOrder(
    dir: string,
    keyPrefix: string,
    after: string | undefined,
    hasContent: { value: boolean },
    namePrefix = "",
  ): AsyncGenerator<ObjectInfo> {
    const keys = await sortedKeys(dir, keyPrefix, namePrefix);
    let statted = 0;
    for (const key of keys) {
      hasContent.value = true;
      const isPast = after !== undefined && key <= after;
      const path = join(dir, key.slice(keyPrefix.length));
      if (!key.endsWith("/")) {
        if (isPast) continue;
        if (++statted % STAT_BATCH === 0) await new Promise((next) => setImmediate(next));
        const found = infoSync(key, path);
        if (found) yield found;
        continue;
      }
      if (isPast && !after.startsWith(key)) continue;
      const inner = { value: false };
      yield* walkInKeyOrder(path, key, after, inner);
      if (!inner.value && !isPast) {
        const stats = statSync(path, { throwIfNoEntry: false });
        if (stats) yield { key, size: 0, lastModified: stats.mtime, etag: null, contentType: null };
      }
    }
  }

  /** The directory, and the name prefix inside it, that a listing prefix ("a/b/na") names. */
  function listingPlace(prefix: string) {
    const slash = prefix.lastIndexOf("/");
    const dirKey = prefix.slice(0, slash + 1);
    return { dirKey, namePrefix: prefix.slice(slash + 1), dir: resolveKeyPath(root, dirKey) };
  }

  return {
    kind: "local",

    async put(key: string, body: PutBody, _options?: PutOptions) {
      const target = await writablePath(key);
      if (key.endsWith("/")) {
        await mkdir(target, { recursive: true });
        return { etag: null, size: 0 };
      }
      await writeAtomically(target, body);
      const stats = await stat(target);
      return { etag: etagOf(stats.size, stats.mtimeMs), size: stats.size };
    },

    async get(key: string, options?: { range?: ByteRange }): Promise<GetResult> {
      const path = await readablePath(key);
      const found = await info(key, path);
      if (!found) throw new AppError("NOT_FOUND", "errors.notFound");
      const file = Bun.file(path);
      if (!options?.range) return { ...found, body: file.stream(), range: null };
      const range = resolveRange(options.range, found.size);
      if (!range) throw new AppError("RANGE_NOT_SATISFIABLE", "errors.rangeNotSatisfiable");
      return { ...found, body: file.slice(range.start, range.end + 1).stream(), range };
    },

    async head(key: string) {
      const path = resolveKeyPath(root, key);
      if (await hasLinkBelowRoot(root, path)) return null;
      if (!key.endsWith("/")) return info(key, path);
      // A directory is its own folder marker, as a "dir/" object is on S3.
      const stats = await stat(path).catch(() => null);
      if (!stats?.isDirectory() || path === root) return null;
      return { key, size: 0, lastModified: stats.mtime, etag: null, contentType: "application/x-directory" };
    },

    async delete(key: string) {
      const path = resolveKeyPath(root, key);
      // Links are not listed, so there is nothing here to delete; unlinking through one could
      // remove a file outside the root.
      if (await hasLinkBelowRoot(root, path)) return;
      // A folder marker removes the directory only once it is empty, as deleting "dir/" on S3 leaves
      // the objects beneath it.
      if (key.endsWith("/")) await rmdir(path).catch(() => undefined);
      else
        await unlink(path).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        });
    },

    async deleteMany(keys: string[]) {
      for (const key of keys) await this.delete(key);
    },

    async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
      const { dirKey, namePrefix, dir } = listingPlace(prefix);
      if (await hasLinkBelowRoot(root, dir)) return { objects: [], prefixes: [], nextContinuationToken: null };
      const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
      const after = (key: string) => !options.continuationToken || key > options.continuationToken;
      if (options.delimiter) {
        // One level: the names are read at once (cheap), but only the page's files are statted, so
        // the first page of a 10,000-file folder costs what a page costs (paged like S3: by last key).
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        // Plain strings (a folder's key ends in "/"): the native sort without a comparator is several
        // times faster than one calling back into JavaScript, which held a 20,000-name folder's
        // listing for 40-60 ms at a stretch (docs/performance.md, "A 20,000-file folder while others wait"). It orders by UTF-16 code units, as `<` does.
        const keys: string[] = [];
        for (const entry of entries) {
          if (!entry.name.startsWith(namePrefix) || (entry.name === TEMP_DIR && dirKey === "")) continue;
          if (entry.isSymbolicLink()) continue;
          const key = entry.isDirectory() ? `${dirKey}${entry.name}/` : `${dirKey}${entry.name}`;
          if (after(key)) keys.push(key);
        }
        keys.sort();
        const page = keys.slice(0, maxKeys);
        const objects: ObjectInfo[] = [];
        for (let i = 0; i < page.length; i += STAT_BATCH) {
          // Synchronous stats are several times faster than promises here; yielding between
          // batches keeps a large page from holding up other requests.
          if (i > 0) await new Promise((next) => setImmediate(next));
          for (const key of page.slice(i, i + STAT_BATCH)) {
            const found = key.endsWith("/") ? null : infoSync(key, join(dir, key.slice(dirKey.length)));
            if (found) objects.push(found);
          }
        }
        return {
          objects,
          prefixes: page.filter((key) => key.endsWith("/")),
          nextContinuationToken: keys.length > maxKeys ? (page.at(-1) ?? null) : null,
        };
      }
      // Every key below the prefix in one ordered sequence, paged by the last key returned (as S3
      // does); the walk stops at the first key past the page.
      const objects: ObjectInfo[] = [];
      let hasMore = false;
      const keys = walkInKeyOrder(dir, dirKey, options.continuationToken, { value: false }, namePrefix);
      for await (const object of keys) {
        if (objects.length === maxKeys) {
          hasMore = true;
          break;
        }
        objects.push(object);
      }
      return {
        objects,
        prefixes: [],
        nextContinuationToken: hasMore ? (objects.at(-1)?.key ?? null) : null,
      };
    },

    async *walk(prefix: string, pageKeys: number) {
      const { dirKey, namePrefix, dir } = listingPlace(prefix);
      if (await hasLinkBelowRoot(root, dir)) return;
      yield* pagesOf(walkInKeyOrder(dir, dirKey, undefined, { value: false }, namePrefix), pageKeys);
    },

    async *walkKeys(prefix: string, pageKeys: number) {
      const { dirKey, namePrefix, dir } = listingPlace(prefix);
      if (await hasLinkBelowRoot(root, dir)) return;
      yield* pagesOf(keysInKeyOrder(dir, dirKey, namePrefix), pageKeys);
    },

    async presignPut(key, { expiresIn, contentType }) {
      resolveKeyPath(root, key);
      return signer()({ op: "put", key, contentType }, expiresIn);
    },

    async presignGet(key, { expiresIn, disposition, contentType }) {
      resolveKeyPath(root, key);
      return signer()(
        { op: "get", key, disposition: disposition?.type, filename: disposition?.filename, contentType },
        expiresIn,
      );
    },

    async createMultipartUpload(key) {
      resolveKeyPath(root, key);
      const uploadId = randomUUID();
      await mkdir(partsDir(uploadId), { recursive: true });
      return uploadId;
    },

    async presignUploadPart(key, uploadId, partNumber, expiresIn) {
      resolveKeyPath(root, key);
      partsDir(uploadId);
      return signer()({ op: "part", key, uploadId, partNumber }, expiresIn);
    },

    async uploadPart(_key, uploadId, partNumber, body) {
      const dir = partsDir(uploadId);
      if (!(await stat(dir).catch(() => null))) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new AppError("BAD_REQUEST", "errors.invalidPartNumber");
      }
      const target = join(dir, String(partNumber));
      await writeAtomically(target, body);
      const stats = await stat(target);
      return { partNumber, etag: etagOf(stats.size, stats.mtimeMs) };
    },

    async listParts(_key, uploadId) {
      const dir = partsDir(uploadId);
      const names = await readdir(dir).catch(() => null);
      if (!names) throw new AppError("NOT_FOUND", "errors.uploadNotFound");
      const parts: (CompletedPart & { size: number })[] = [];
      for (const name of names.filter((n) => /^\d+$/.test(n))) {
        const stats = await stat(join(dir, name));
        parts.push({ partNumber: Number(name), etag: etagOf(stats.size, stats.mtimeMs), size: stats.size });
      }
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },

    async completeMultipartUpload(key, uploadId, parts) {
      const dir = partsDir(uploadId);
      const stored = new Map((await this.listParts(key, uploadId)).map((part) => [part.partNumber, part]));
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      for (const part of ordered) {
        if (stored.get(part.partNumber)?.etag !== part.etag.replaceAll('"', "")) {
          throw new AppError("BAD_REQUEST", "errors.invalidPart", { partNumber: part.partNumber });
        }
      }
      const target = await writablePath(key);
      const tempPath = join(root, TEMP_DIR, randomUUID());
      const output = createWriteStream(tempPath);
      try {
        // Parts are appended one after another, streamed: never more than one chunk in memory.
        for (const part of ordered) {
          await pipeline(createReadStream(join(dir, String(part.partNumber))), output, { end: false });
        }
        await new Promise<void>((done, fail) => output.end((error?: Error | null) => (error ? fail(error) : done())));
        await mkdir(dirname(target), { recursive: true });
        await rename(tempPath, target);
      } catch (error) {
        output.destroy();
        await rm(tempPath, { force: true });
        throw error;
      }
      await rm(dir, { recursive: true, force: true });
      const stats = await stat(target);
      return { etag: etagOf(stats.size, stats.mtimeMs) };
    },

    async abortMultipartUpload(_key, uploadId) {
      await rm(partsDir(uploadId), { recursive: true, force: true });
    },

    async purgeTemp(before: Date) {
      const tempDir = join(root, TEMP_DIR);
      let removed = 0;
      for (const name of await readdir(tempDir).catch(() => [] as string[])) {
        const path = join(tempDir, name);
        // A write in progress keeps touching its file (a multipart folder: each part landing in it).
        const stats = await stat(path).catch(() => null);
        if (!stats || stats.mtime >= before) continue;
        await rm(path, { recursive: true, force: true });
        removed++;
      }
      return removed;
    },

    async getCorsRules() {
      // The app serves local storage itself, on its own origin: nothing to configure.
      return undefined;
    },

    async copy(sourceKey: string, targetKey: string) {
      if (sourceKey.endsWith("/") && targetKey.endsWith("/")) {
        if (!(await this.head(sourceKey))) throw new AppError("NOT_FOUND", "errors.notFound");
        await mkdir(await writablePath(targetKey), { recursive: true });
        return;
      }
      const source = await readablePath(sourceKey);
      if (!(await info(sourceKey, source))) throw new AppError("NOT_FOUND", "errors.notFound");
      const target = await writablePath(targetKey);
      const tempDir = join(root, TEMP_DIR);
      await mkdir(tempDir, { recursive: true });
      const tempPath = join(tempDir, randomUUID());
      try {
        await copyFile(source, tempPath);
        await mkdir(dirname(target), { recursive: true });
        await rename(tempPath, target);
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },
  };
}
