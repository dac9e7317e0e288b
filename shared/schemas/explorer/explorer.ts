// File-system schemas of the mount explorer (docs/product.md §3 Copy item, Batch copy response, Search params;
// §7 File system), the same under /api/admin/fs and /api/user/fs. Paths are virtual paths, normalised
// once here (shared/paths.ts); the server checks every one against the caller's base path.
import { z } from "zod";
import { DEFAULT_PAGE_LIMIT, MAX_TEXT_BYTES, MULTIPART_PART_SIZE } from "../../constants";
import { normalizePath } from "../../paths";
import { flexibleBoolean, mediaType, virtualPath } from "../common";
import { FILENAME_MAX_LENGTH } from "../shares/shares";

export { MULTIPART_PART_SIZE };
/** docs/product.md §5: search needs at least 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_SCOPES = ["global", "mount", "directory"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
export const FS_BATCH_MAX = 1000;
/** Most results one search answer holds. */
export const FS_SEARCH_LIMIT_MAX = 1000;
/**
 * A search counts its matches exactly up to this many (or to its page's end, if deeper): past it,
 * `total` is this number and `truncated` says there are more. As many as the largest page, so every
 * page a client can ask for from the start is counted exactly, and a common name costs at most this
 * many rows read per searched folder to count (docs/search-index.md).
 */
export const SEARCH_COUNT_MAX = 1000;

/**
 * A path where a trailing slash matters: "/docs/" names the folder a file goes into, "/docs/a.txt"
 * the file itself. The server also treats a path naming an existing folder as that folder.
 */
export const targetPath = z
  .string()
  .max(1024)
  .transform((value, context) => {
    const path = normalizePath(value);
    if (path === null) {
      context.addIssue({ code: "custom", message: "errors.invalidPath" });
      return z.NEVER;
    }
    return { path, isFolder: path === "/" || /[/\\]$/.test(value) };
  });

export type TargetPath = z.output<typeof targetPath>;

export const fsPathInput = z.object({ path: virtualPath });

/** Entries per page of a folder listing that names no limit (over REST: one with a cursor). */
export const FS_LIST_PAGE_DEFAULT = 200;
/** S3 answers at most 1000 keys per request; a page is one request. */
export const FS_LIST_PAGE_MAX = 1000;

export const fsListInput = z.object({
  path: virtualPath.default("/"),
  /** Skips the listing cache (and refills it). */
  refresh: flexibleBoolean.optional(),
  /** Pages the listing: at most this many entries (mount points come on top of the first page). */
  limit: z.coerce.number().int().min(1).max(FS_LIST_PAGE_MAX).optional(),
  /** The next_cursor of the previous page. */
  cursor: z.string().max(4096).nullish(),
});

export const fsEntry = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(["file", "directory"]),
  size: z.number(),
  modified: z.date().nullable(),
  mimetype: z.string().nullable(),
  is_mount: z.boolean(),
  /** Set on mount points. */
  mount_id: z.string().nullable(),
  /** Admin listings: the slug of the file share whose object this file is (docs/decisions/0007). */
  share_slug: z.string().nullable().optional(),
  /** Admin listings: a folder that is, or holds, a storage's share folder. */
  holds_shares: z.boolean().optional(),
  /** The CloudPaste document's names of `type`, `modified` and `mimetype` (docs/coming-from-cloudpaste.md). */
  isDirectory: z.boolean(),
  lastModified: z.date().nullable(),
  mimeType: z.string().nullable(),
});

export type FsEntry = z.infer<typeof fsEntry>;

export const fsListOutput = z.object({
  path: z.string(),
  /** True for the root and for folders that exist only because mounts lie beneath them. */
  is_virtual: z.boolean(),
  /** The mount this folder belongs to. */
  mount_id: z.string().nullable(),
  readonly: z.boolean(),
  cached: z.boolean(),
  /** Entries in this answer (a paged listing: in this page). */
  total: z.number(),
  items: z.array(fsEntry),
  /** Paged listings: pass it as `cursor` for the next page; null on the last page and for whole listings. */
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});

export const fsGetOutput = fsEntry.extend({
  /** The mount holding the entry (the mount itself for a mount point); null for virtual folders. */
  mount_id: z.string().nullable(),
  mount_path: z.string().nullable(),
  storage_type: z.string().nullable(),
  etag: z.string().nullable(),
  readonly: z.boolean(),
});

export const fsSearchInput = z
  .object({
    q: z.string().trim().min(SEARCH_MIN_LENGTH, "errors.searchTooShort").max(200),
    scope: z.enum(SEARCH_SCOPES).default("global"),
    limit: z.coerce.number().int().min(1).max(FS_SEARCH_LIMIT_MAX).default(DEFAULT_PAGE_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
    mount_id: z.string().max(100).optional(),
    path: virtualPath.optional(),
    /** "live" walks the storages even where the search index is ready (docs/search-index.md). */
    source: z.enum(["auto", "live"]).default("auto"),
  })
  .superRefine((value, context) => {
    if (value.scope === "mount" && !value.mount_id) {
      context.addIssue({ code: "custom", path: ["mount_id"], message: "errors.searchMountRequired" });
    }
    if (value.scope === "directory" && !value.path) {
      context.addIssue({ code: "custom", path: ["path"], message: "errors.searchPathRequired" });
    }
  });

export const fsSearchResult = fsEntry.extend({
  mount_id: z.string().nullable(),
  mount_path: z.string(),
  /** The document's names: the mount's id and name, and the path inside the mount. */
  mountId: z.string(),
  mountName: z.string(),
  relativePath: z.string(),
});

/** The layout of the CloudPaste document's search answer. */
export const fsSearchOutput = z.object({
  results: z.array(fsSearchResult),
  /**
   * `total` counts every match exactly up to SEARCH_COUNT_MAX (1,000), or to the end of the page asked
   * for when that lies deeper. `truncated` is true when there are more matches than that (then `total`
   * is that cap: "more than 1,000"), or when the live walk stopped at its object limit before walking
   * everything (then `total` counts what it found).
   */
  total: z.number(),
  hasMore: z.boolean(),
  /** The search as the server read it (`query` is the search text, sent as `q` or `query`). */
  searchParams: z.object({ query: z.string(), scope: z.enum(SEARCH_SCOPES), limit: z.number(), offset: z.number() }),
  /** How many mounts the search walked. */
  mountsSearched: z.number(),
  /** See `total`. */
  truncated: z.boolean(),
  /** Where the answer came from: the search index, or a walk of the storages (the index not ready). */
  source: z.enum(["index", "live"]),
  /** When the oldest crawl of the storages searched ended (null: answered live). */
  indexed_at: z.date().nullable(),
});

export const fsFileLinkInput = z.object({
  path: virtualPath,
  force_download: flexibleBoolean.optional().default(false),
  /** Seconds; the storage config's presign expiry when absent. */
  expires_in: z.coerce.number().int().min(60).max(604_800).optional(),
});

export const fsFileLinkOutput = z.object({
  /** The signed link (the document's name). */
  presignedUrl: z.string(),
  filename: z.string(),
  expires_in: z.number(),
  expires_at: z.date(),
});

export const fsMkdirInput = z.object({ path: virtualPath });

export const fsRenameInput = z.object({ oldPath: virtualPath, newPath: virtualPath });

export const fsRenameOutput = z.object({
  oldPath: z.string(),
  newPath: z.string(),
  type: z.enum(["file", "directory"]),
});

export const fsUpdateInput = z.object({
  path: virtualPath,
  content: z
    .string()
    .max(MAX_TEXT_BYTES, "errors.contentTooLarge")
    .refine((value) => Buffer.byteLength(value) <= MAX_TEXT_BYTES, "errors.contentTooLarge"),
});

/** A file just written: its entry with the stored object's tag and type, as the document's upload answers. */
export const fsStoredFileOutput = fsEntry.extend({ etag: z.string().nullable(), contentType: z.string() });

export const fsUpdateOutput = fsStoredFileOutput.extend({ isNewFile: z.boolean() });

export const fsRemoveOutput = z.object({
  deleted: z.number(),
  failed: z.array(z.object({ path: z.string(), message: z.string() })),
});

export const fsBatchRemoveInput = z.object({
  paths: z.array(virtualPath).min(1, "errors.selectionRequired").max(FS_BATCH_MAX),
});

const fileName = z.string().trim().min(1, "errors.filenameRequired").max(FILENAME_MAX_LENGTH, "errors.filenameTooLong");
const contentType = mediaType;
const fileSize = z.coerce.number().int().min(0);

export const fsMultipartInitInput = z.object({
  path: targetPath,
  contentType,
  fileSize,
  filename: fileName.optional(),
});

export const fsMultipartInitOutput = z.object({
  uploadId: z.string(),
  key: z.string(),
  /** The file's virtual path. */
  path: z.string(),
  partSize: z.number(),
  partCount: z.number(),
  contentType: z.string(),
});

export const fsMultipartPartQuery = z.object({
  path: z.string().max(1024).optional(),
  uploadId: z.string().min(1).max(1024),
  partNumber: z.coerce.number().int().min(1, "errors.invalidPartNumber").max(10_000, "errors.invalidPartNumber"),
  isLastPart: flexibleBoolean.optional(),
  key: z.string().max(2048).optional(),
});

export const fsMultipartCompleteInput = z.object({
  path: z.string().max(1024).optional(),
  uploadId: z.string().min(1).max(1024),
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .min(1),
  key: z.string().max(2048).optional(),
  contentType,
  fileSize: fileSize.optional(),
});

export const fsMultipartAbortInput = z.object({
  path: z.string().max(1024).optional(),
  uploadId: z.string().min(1).max(1024),
  key: z.string().max(2048).optional(),
});

/** The document's optional `mountId`: the path decides the mount; when given, it must be that mount. */
const mountId = z.string().max(100).optional();

export const fsPresignInput = z.object({
  path: targetPath,
  fileName: fileName.optional(),
  contentType,
  fileSize,
  mountId,
});

export const fsPresignOutput = z.object({
  presignedUrl: z.string(),
  contentType: z.string(),
  key: z.string(),
  path: z.string(),
  fileName: z.string(),
  /** Headers the PUT must carry. */
  headers: z.record(z.string(), z.string()),
  expiresIn: z.number(),
  mountId: z.string(),
  storageConfigId: z.string(),
  providerType: z.string(),
});

export const fsPresignCommitInput = z.object({
  path: targetPath,
  fileName: fileName.optional(),
  etag: z.string().max(200).optional().nullable(),
  contentType,
  fileSize: fileSize.optional(),
  mountId,
  /** Sent by the document's scripts; not needed: the commit checks the object stored at the path. */
  uploadId: z.string().max(1024).optional().nullable(),
});

/**
 * Copy items: a file's targetPath is its new path, or the folder it goes into when it ends with "/"
 * or names an existing folder; a folder's targetPath is the folder's new path, or, when it is a mount
 * point or a folder above mounts, the place it goes into.
 */
export const fsCopyInput = z.object({
  items: z
    .array(z.object({ sourcePath: virtualPath, targetPath }))
    .min(1, "errors.selectionRequired")
    .max(FS_BATCH_MAX),
  skipExisting: z.boolean().default(true),
});

/** One file the client copies itself, from a storage to another (docs/product.md §3 Batch copy response, §4). */
export const fsCopyItem = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  downloadUrl: z.string(),
  uploadUrl: z.string(),
  targetS3Path: z.string(),
  targetKey: z.string(),
  sourceKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  fileSize: z.number(),
  targetMountId: z.string(),
});

export const fsCopyTargetMount = z.object({
  id: z.string(),
  name: z.string(),
  mount_path: z.string(),
  storage_config_id: z.string(),
  storage_type: z.string(),
});

export const fsCrossStorageResult = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  isDirectory: z.boolean(),
  requiresClientSideCopy: z.literal(true),
  targetMount: fsCopyTargetMount,
  items: z.array(fsCopyItem),
});

export const fsCopyOutput = z.object({
  /** Files (and empty folders) the server copied. */
  success: z.number(),
  skipped: z.number(),
  failed: z.array(z.object({ sourcePath: z.string(), targetPath: z.string(), message: z.string() })),
  requiresClientSideCopy: z.boolean(),
  crossStorageResults: z.array(fsCrossStorageResult),
  /** Every file of every cross-storage result, in order. */
  items: z.array(fsCopyItem),
  /** The first cross-storage result's target mount and kind, for single-item copies. */
  targetMount: fsCopyTargetMount.nullable(),
  isDirectory: z.boolean(),
});

export const fsCopyCommitInput = z.object({
  targetMountId: z.string().min(1).max(100),
  files: z
    .array(
      z.object({
        targetPath: virtualPath,
        s3Path: z.string().max(2048).optional(),
        contentType,
        fileSize: fileSize.optional(),
        etag: z.string().max(200).optional().nullable(),
      }),
    )
    .min(1, "errors.fsNoFilesToCopy")
    .max(10_000),
});

export const fsCopyCommitOutput = z.object({
  committed: z.number(),
  failed: z.array(z.object({ targetPath: z.string(), message: z.string() })),
});

export const cacheClearInput = z
  .object({ mount_id: z.string().max(100).optional(), s3_config_id: z.string().max(100).optional() })
  .optional();

export const cacheClearOutput = z.object({ clearedCount: z.number(), mounts: z.number(), timestamp: z.date() });

export const cacheStatsEntry = z.object({
  mount_id: z.string(),
  name: z.string(),
  mount_path: z.string(),
  cache_ttl: z.number(),
  entries: z.number(),
  hits: z.number(),
  misses: z.number(),
  hit_rate: z.number(),
});

export const cacheStatsOutput = z.object({
  entries: z.number(),
  hits: z.number(),
  misses: z.number(),
  hit_rate: z.number(),
  mounts: z.array(cacheStatsEntry),
  cache: z.object({ directory: z.object({ totalEntries: z.number(), hitRate: z.number(), missRate: z.number() }) }),
  system: z.object({
    memory: z.object({ used: z.number(), free: z.number(), total: z.number(), rss: z.number() }),
    /** Seconds since the process started. */
    uptime: z.number(),
  }),
  timestamp: z.date(),
});
