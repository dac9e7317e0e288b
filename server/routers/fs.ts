// The mount explorer's file system (docs/product.md §7 File system), declared once and served twice: under
// /admin/fs for the admin and under /user/fs for API keys with mount permission (confined to their
// base path, refused writes when read-only; the services check every path). Binary bodies (download,
// form upload, multipart parts) are raw routes in server/http/fs-routes.ts.
import { cancelOutput } from "../../shared/schemas/files";
import {
  FS_LIST_PAGE_DEFAULT,
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
} from "../../shared/schemas/fs";
import { batchCopy, commitClientCopy, renamePath } from "../services/fs-copy";
import { createFileLink, getEntry, listFolder } from "../services/fs-listing";
import { searchFiles } from "../services/fs-search";
import {
  abortMultipart,
  commitPresignedUpload,
  completeMultipart,
  initMultipart,
  presignUpload,
} from "../services/fs-uploads";
import { makeFolder, removePath, removePaths, updateTextFile } from "../services/fs-writes";
import { adminProcedure, type authedProcedure, mountProcedure, router } from "../trpc";

const nothingToAbort = {
  when: (data: unknown) => !(data as { cancelled: boolean }).cancelled,
  message: "errors.nothingToCancel",
};

function fsProcedures<Base extends typeof authedProcedure>(base: Base, prefix: string, tag: string) {
  const tags = [tag];
  return {
    list: base
      .meta({
        rest: {
          method: "GET",
          path: `${prefix}/list`,
          summary: "List a folder: mount points at the root, files and folders inside mounts",
          description:
            "Listings are cached per mount for its cache_ttl; refresh=true reads the storage again. With limit " +
            "(and then cursor = the answer's next_cursor) the folder comes in pages, straight from the storage's own paging.",
          tags,
        },
      })
      .input(fsListInput)
      .output(fsListOutput)
      .query(({ ctx, input }) =>
        listFolder(ctx, ctx.auth, input.path, {
          refresh: input.refresh ?? false,
          page:
            input.limit || input.cursor
              ? { cursor: input.cursor ?? undefined, limit: input.limit ?? FS_LIST_PAGE_DEFAULT }
              : undefined,
        }),
      ),
    get: base
      .meta({ rest: { method: "GET", path: `${prefix}/get`, summary: "Details of one file or folder", tags } })
      .input(fsPathInput)
      .output(fsGetOutput)
      .query(({ ctx, input }) => getEntry(ctx, ctx.auth, input.path)),
    search: base
      .meta({
        rest: {
          method: "GET",
          path: `${prefix}/search`,
          summary: "Search files and folders by name (at least 2 characters, case-insensitive)",
          description:
            "scope: global (default), mount (with mount_id) or directory (with path: that folder and below).",
          tags,
        },
      })
      .input(fsSearchInput)
      .output(fsSearchOutput)
      .query(({ ctx, input }) => searchFiles(ctx, ctx.auth, input)),
    fileLink: base
      .meta({
        rest: {
          method: "GET",
          path: `${prefix}/file-link`,
          summary: "A signed link to a file (inline, or a download with force_download)",
          tags,
        },
      })
      .input(fsFileLinkInput)
      .output(fsFileLinkOutput)
      .query(({ ctx, input }) => createFileLink(ctx, ctx.auth, input)),
    mkdir: base
      .meta({
        rest: { method: "POST", path: `${prefix}/mkdir`, summary: "Create a folder", tags, successStatus: 201 },
      })
      .input(fsMkdirInput)
      .output(fsEntry)
      .mutation(({ ctx, input }) => makeFolder(ctx, ctx.auth, input.path)),
    rename: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/rename`,
          summary: "Rename or move a file or a whole folder",
          tags,
        },
      })
      .input(fsRenameInput)
      .output(fsRenameOutput)
      .mutation(({ ctx, input }) => renamePath(ctx, ctx.auth, input.oldPath, input.newPath)),
    update: base
      .meta({
        rest: { method: "POST", path: `${prefix}/update`, summary: "Write a text file (at most 10 MB)", tags },
      })
      .input(fsUpdateInput)
      .output(fsUpdateOutput)
      .mutation(({ ctx, input }) => updateTextFile(ctx, ctx.auth, input)),
    remove: base
      .meta({
        rest: { method: "DELETE", path: `${prefix}/remove`, summary: "Delete a file or a whole folder", tags },
      })
      .input(fsPathInput)
      .output(fsRemoveOutput)
      .mutation(({ ctx, input }) => removePath(ctx, ctx.auth, input.path)),
    batchRemove: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/batch-remove`,
          summary: "Delete several files and folders; failures are reported per path",
          tags,
        },
      })
      .input(fsBatchRemoveInput)
      .output(fsRemoveOutput)
      .mutation(({ ctx, input }) => removePaths(ctx, ctx.auth, input.paths)),
    multipartInit: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/multipart/init`,
          summary: "Start a multipart upload (then send 5 MB parts to multipart/part)",
          tags,
        },
      })
      .input(fsMultipartInitInput)
      .output(fsMultipartInitOutput)
      .mutation(({ ctx, input }) => initMultipart(ctx, ctx.auth, input)),
    multipartComplete: base
      .meta({
        rest: { method: "POST", path: `${prefix}/multipart/complete`, summary: "Finish a multipart upload", tags },
      })
      .input(fsMultipartCompleteInput)
      .output(fsStoredFileOutput)
      .mutation(({ ctx, input }) => completeMultipart(ctx, ctx.auth, input)),
    multipartAbort: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/multipart/abort`,
          summary: "Abort a multipart upload and remove its parts",
          tags,
          softFailure: nothingToAbort,
        },
      })
      .input(fsMultipartAbortInput)
      .output(cancelOutput)
      .mutation(({ ctx, input }) => abortMultipart(ctx, ctx.auth, input)),
    presign: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/presign`,
          summary: "Start a direct upload: a URL to PUT the file to, then presign/commit",
          tags,
        },
      })
      .input(fsPresignInput)
      .output(fsPresignOutput)
      .mutation(({ ctx, input }) => presignUpload(ctx, ctx.auth, input)),
    presignCommit: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/presign/commit`,
          summary: "Finish a direct upload: checks the stored file",
          tags,
        },
      })
      .input(fsPresignCommitInput)
      .output(fsStoredFileOutput)
      .mutation(({ ctx, input }) => commitPresignedUpload(ctx, ctx.auth, input)),
    batchCopy: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/batch-copy`,
          summary: "Copy files and folders; across storages the answer asks the client to copy",
          description:
            "Within one storage config the server copies. Across storage configs the answer has " +
            "requiresClientSideCopy with a download and an upload URL per file; the client copies each " +
            "file, then calls batch-copy-commit.",
          tags,
        },
      })
      .input(fsCopyInput)
      .output(fsCopyOutput)
      .mutation(({ ctx, input }) => batchCopy(ctx, ctx.auth, input)),
    batchCopyCommit: base
      .meta({
        rest: {
          method: "POST",
          path: `${prefix}/batch-copy-commit`,
          summary: "Finish a client-side copy: checks the copied files are stored",
          tags,
        },
      })
      .input(fsCopyCommitInput)
      .output(fsCopyCommitOutput)
      .mutation(({ ctx, input }) => commitClientCopy(ctx, ctx.auth, input)),
  };
}

export const fsRouter = router({
  admin: router(fsProcedures(adminProcedure, "/admin/fs", "File system (admin)")),
  mine: router(fsProcedures(mountProcedure, "/user/fs", "File system (API key)")),
});
