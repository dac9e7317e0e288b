// What the screens have read from the server, as the shell sees it: the counted share reads
// (once-reads.ts) and, once a screen that needs it has loaded it, React Query's cache of tRPC calls
// (data-providers.tsx). The offline app reads them again when the network returns or the offline
// queue was sent, without loading React Query on pages that have none
// (docs/decisions/0014-public-pages-without-trpc.md). One per app mount (AppProviders).
import type { QueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { offlineCacheInfo } from "../../offline/cache-store";
import { OnceReads } from "./once-reads";

export class AppReads {
  readonly once = new OnceReads();
  /** Set by the data providers while they are mounted. */
  queryClient: QueryClient | null = null;

  /** The network is back: what was answered from the offline copy is read again. */
  refetchOfflineCopies(): void {
    this.once.refetchOfflineCopies();
    void this.queryClient?.invalidateQueries({ predicate: (query) => offlineCacheInfo(query.state.data) !== null });
  }

  /** Writes were sent (the offline queue): every tRPC read may be out of date. Counted reads are not repeated. */
  invalidateQueries(): void {
    void this.queryClient?.invalidateQueries();
  }
}

export const AppReadsContext = createContext<AppReads | null>(null);

export function useAppReads(): AppReads {
  const reads = useContext(AppReadsContext);
  if (!reads) throw new Error("useAppReads needs <AppProviders>");
  return reads;
}
