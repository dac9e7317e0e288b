// A folder of the mount explorer, page by page (docs/decisions/0010-paged-listings.md): the first
// page shows as soon as the storage answers it, further pages come on demand (scrolling to the end
// of the list, or the "Load more" button). `refresh` reads the storage again from the first page.
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { useMemo } from "react";
import { useFsApi } from "./use-fs-api";

/** Entries asked for per page: a screenful or two, one storage request (S3 answers up to 1000). */
export const EXPLORER_PAGE_SIZE = 200;

export function useFolderListing(path: string) {
  const { api, apiUtils } = useFsApi();
  const input = { path, limit: EXPLORER_PAGE_SIZE };
  const query = api.list.useInfiniteQuery(input, {
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const pages = query.data?.pages;
  const entries = useMemo<FsEntry[]>(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  return {
    /** The first page: what the folder is (virtual, its mount, read-only, from cache, an offline copy). */
    first: pages?.[0],
    entries,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    retry: () => query.refetch(),
    isRetrying: query.isRefetching && !query.isFetchingNextPage,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    /** The storage read again: the first page fresh, later pages dropped until asked for. */
    refresh: async () => {
      const fresh = await apiUtils.list.fetch({ ...input, refresh: true }, { staleTime: 0 });
      apiUtils.list.setInfiniteData(input, () => ({ pages: [fresh], pageParams: [null] }));
    },
  };
}
