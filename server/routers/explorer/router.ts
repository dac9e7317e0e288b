// The mount explorer's file system (docs/product.md §7 File system): each operation is one procedure with
// two REST routes (docs/architecture.md, "One procedure per operation"), /admin/fs for the admin and
// /user/fs for the admin or an API key with mount permission. The services scope by caller: a key is
// confined to its base path and refused writes when read-only; every path is checked there. Binary
// bodies (download, form upload, multipart parts) are raw routes in server/routers/explorer/raw-routes.ts.

import {
  FS_LIST_PAGE_DEFAULT,
  FS_LIST_PAGE_MAX,
  fsBatchRemoveInput,
  fsCopyCommitInput,
  fsCopyCommitOutput,
  fsCopyInput,
  fsCopyOutput,
  fsEntry,
  fsFileLinkInput,
  fsFileLinkOutput,
  fsGetOutput,
  fsListInput,
  fsListOutput,
  fsMkdirInput,
  fsMultipartAbortInput,
  fsMultipartCompleteInput,
  fsMultipartInitInput,
  fsMultipartInitOutput,
  fsPathInput,
  fsPresignCommitInput,
  fsPresignInput,
  fsPresignOutput,
  fsRemoveOutput,
  fsRenameInput,
  fsRenameOutput,
  fsSearchInput,
  fsSearchOutput,
  fsStoredFileOutput,
  fsUpdateInput,
  fsUpdateOutput,
} from "@shared/schemas/explorer/explorer";
import { createPathShareInput, createPathShareOutput } from "@shared/schemas/shares/path-shares";
import { cancelOutput } from "@shared/schemas/shares/shares";
import { batchCopy, commitClientCopy, renamePath } from "../../services/explorer/copy";
import { byTypeThenName } from "../../services/explorer/entries";
import { createFileLink, getEntry, listFolder } from "../../services/explorer/listing";
import { searchFiles } from "../../services/explorer/search";
import {
  abortMultipart,
  commitPresignedUpload,
  completeMultipart,
  initMultipart,
  presignUpload,
} from "../../services/explorer/uploads";
import { makeFolder, removePath, removePaths, updateTextFile } from "../../services/explorer/writes";
import { createPathShare } from "../../services/shares/collections/path-shares";
import { inSearchSlot } from "../../services/system/search-slots";
import { limitCreation, mountProcedure, router, sharedOperations } from "../../trpc";

const nothingToAbort = {
  when: (data: unknown) => !(data as { cancelled: boolean }).cancelled,
  message: "errors.nothingToCancel",
};

/** Shared by the admin (/admin/fs...) and API keys with mount permission (/user/fs...). */
const fsOperation = sharedOperations(mountProcedure, "/fs", "File system");

export const fsRouter = router({
  list: fsOperation("/list", {
    method: "GET",
    summary: "List a folder: mount points at the root, files and folders inside mounts",
    description:
      "Listings are cached per mount for its cache_ttl; refresh=true reads the storage again. With limit " +
      "(and then cursor = the answer's next_cursor) the folder comes in pages, straight from the storage's own paging. " +
      "Without limit the whole folder comes in one answer, as before paging; the server reads it page by page and " +
      "sends it as it is written, so a large folder does not hold up other requests.",
    wholeInPages: { pageSize: FS_LIST_PAGE_MAX, order: byTypeThenName },
  })
    .input(fsListInput)
    .output(fsListOutput)
    .query(({ ctx, input }) =>
      listFolder(ctx, ctx.auth, input.path, {
        refresh: input.refresh ?? false,
        // Always a page, so one call costs one page whatever the folder holds; REST callers that name no
        // limit get the whole folder through wholeInPages, a page per call (server/rest/whole-list.ts).
        page: { cursor: input.cursor ?? undefined, limit: input.limit ?? FS_LIST_PAGE_DEFAULT },
      }),
    ),
  share: fsOperation("/share", {
    method: "POST",
    summary: "Share a file or folder in place: one link, no bytes copied",
    successStatus: 201,
    description:
      "A folder link opens a read-only page of the folder (never above it) with single downloads and a zip of " +
      "the whole; the share follows renames and moves made through the app, and answers 410 once its target is gone.",
    aliases: { maxDownloads: "max_views" },
  })
    .use(limitCreation)
    .input(createPathShareInput)
    .output(createPathShareOutput)
    .mutation(({ ctx, input }) => createPathShare(ctx, ctx.auth, input)),
  get: fsOperation("/get", { method: "GET", summary: "Details of one file or folder" })
    .input(fsPathInput)
    .output(fsGetOutput)
    .query(({ ctx, input }) => getEntry(ctx, ctx.auth, input.path)),
  search: fsOperation("/search", {
    method: "GET",
    summary: "Search files and folders by name (at least 2 characters, case-insensitive)",
    description:
      "scope: global (default), mount (with mount_id) or directory (with path: that folder and below). " +
      "total counts every match exactly up to 1,000 (or to the end of the page asked for, when deeper); " +
      "past that, total is that cap and truncated is true (more than total). " +
      "truncated is also true when a live walk stopped at its object limit (total counts what it found).",
    aliases: { query: "q" },
  })
    .input(fsSearchInput)
    .output(fsSearchOutput)
    .query(({ ctx, input }) => inSearchSlot(ctx, () => searchFiles(ctx, ctx.auth, input))),
  fileLink: fsOperation("/file-link", {
    method: "GET",
    summary: "A signed link to a file (inline, or a download with force_download)",
  })
    .input(fsFileLinkInput)
    .output(fsFileLinkOutput)
    .query(({ ctx, input }) => createFileLink(ctx, ctx.auth, input)),
  mkdir: fsOperation("/mkdir", {
    method: "POST",
    summary: "Create a folder",
    successStatus: 201,
  })
    .input(fsMkdirInput)
    .output(fsEntry)
    .mutation(({ ctx, input }) => makeFolder(ctx, ctx.auth, input.path)),
  rename: fsOperation("/rename", {
    method: "POST",
    summary: "Rename or move a file or a whole folder",
  })
    .input(fsRenameInput)
    .output(fsRenameOutput)
    .mutation(({ ctx, input }) => renamePath(ctx, ctx.auth, input.oldPath, input.newPath)),
  update: fsOperation("/update", {
    method: "POST",
    summary: "Write a text file (at most 10 MB)",
  })
    .input(fsUpdateInput)
    .output(fsUpdateOutput)
    .mutation(({ ctx, input }) => updateTextFile(ctx, ctx.auth, input)),
  remove: fsOperation("/remove", {
    method: "DELETE",
    summary: "Delete a file or a whole folder",
  })
    .input(fsPathInput)
    .output(fsRemoveOutput)
    .mutation(({ ctx, input }) => removePath(ctx, ctx.auth, input.path)),
  batchRemove: fsOperation("/batch-remove", {
    method: "POST",
    summary: "Delete several files and folders; failures are reported per path",
  })
    .input(fsBatchRemoveInput)
    .output(fsRemoveOutput)
    .mutation(({ ctx, input }) => removePaths(ctx, ctx.auth, input.paths)),
  multipartInit: fsOperation("/multipart/init", {
    method: "POST",
    summary: "Start a multipart upload (then send 5 MB parts to multipart/part)",
    aliases: { size: "fileSize" },
  })
    .input(fsMultipartInitInput)
    .output(fsMultipartInitOutput)
    .mutation(({ ctx, input }) => initMultipart(ctx, ctx.auth, input)),
  multipartComplete: fsOperation("/multipart/complete", {
    method: "POST",
    summary: "Finish a multipart upload",
    aliases: { size: "fileSize", ETag: "etag" },
  })
    .input(fsMultipartCompleteInput)
    .output(fsStoredFileOutput)
    .mutation(({ ctx, input }) => completeMultipart(ctx, ctx.auth, input)),
  multipartAbort: fsOperation("/multipart/abort", {
    method: "POST",
    summary: "Abort a multipart upload and remove its parts",
    softFailure: nothingToAbort,
  })
    .input(fsMultipartAbortInput)
    .output(cancelOutput)
    .mutation(({ ctx, input }) => abortMultipart(ctx, ctx.auth, input)),
  presign: fsOperation("/presign", {
    method: "POST",
    summary: "Start a direct upload: a URL to PUT the file to, then presign/commit",
    aliases: { size: "fileSize" },
  })
    .input(fsPresignInput)
    .output(fsPresignOutput)
    .mutation(({ ctx, input }) => presignUpload(ctx, ctx.auth, input)),
  presignCommit: fsOperation("/presign/commit", {
    method: "POST",
    summary: "Finish a direct upload: checks the stored file",
    aliases: { size: "fileSize", ETag: "etag" },
  })
    .input(fsPresignCommitInput)
    .output(fsStoredFileOutput)
    .mutation(({ ctx, input }) => commitPresignedUpload(ctx, ctx.auth, input)),
  batchCopy: fsOperation("/batch-copy", {
    method: "POST",
    summary: "Copy files and folders; across storages the answer asks the client to copy",
    description:
      "Within one storage config the server copies. Across storage configs the answer has " +
      "requiresClientSideCopy with a download and an upload URL per file; the client copies each " +
      "file, then calls batch-copy-commit.",
  })
    .input(fsCopyInput)
    .output(fsCopyOutput)
    .mutation(({ ctx, input }) => batchCopy(ctx, ctx.auth, input)),
  batchCopyCommit: fsOperation("/batch-copy-commit", {
    method: "POST",
    summary: "Finish a client-side copy: checks the copied files are stored",
    aliases: { size: "fileSize", ETag: "etag" },
  })
    .input(fsCopyCommitInput)
    .output(fsCopyCommitOutput)
    .mutation(({ ctx, input }) => commitClientCopy(ctx, ctx.auth, input)),
});
