// The explorer's search index as the admin sees it (docs/search-index.md): its figures per mount, and a
// rebuild that crawls the storages in the background.
import { fsIndexRebuildInput, fsIndexRebuildOutput, fsIndexStatusOutput } from "@shared/schemas/explorer/search-index";
import { indexStatus, rebuildIndex } from "../../services/search-index/status";
import { adminProcedure, rest, router } from "../../trpc";

const tags = ["File system (admin)"];

export const fsIndexRouter = router({
  status: adminProcedure
    .meta(
      rest(
        "GET /admin/fs/index",
        "The search index: files held, state and last complete crawl, per mount and in total",
        tags,
      ),
    )
    .output(fsIndexStatusOutput)
    .query(({ ctx }) => indexStatus(ctx)),
  rebuild: adminProcedure
    .meta(
      rest(
        "POST /admin/fs/index/rebuild",
        "Crawl the storages the mounts show (or one) again, in the background",
        tags,
        {
          description:
            "Answers at once. A crawl of a storage that another process is crawling is left to that one; a crawl " +
            "stopped by a restart resumes from its last page.",
          successStatus: 202,
          aliases: { s3_config_id: "storage_config_id" },
        },
      ),
    )
    .input(fsIndexRebuildInput)
    .output(fsIndexRebuildOutput)
    .mutation(({ ctx, input }) => rebuildIndex(ctx, input?.storage_config_id)),
});
