// What the screens that call the server through tRPC rely on: React Query and the tRPC client. Loaded
// with the first such screen (app.tsx, DataProviders), not with the shell: a visitor of a share link
// never downloads them (docs/decisions/0014-public-pages-without-trpc.md). Clients are created once per
// mount (not at module load) so tests get fresh caches.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { isClientError } from "./lib/api/api-errors";
import { useAppReads } from "./lib/api/app-reads";
import { createTrpcClient, trpc } from "./lib/api/trpc";
import { sessionScopeOf } from "./lib/auth/store/auth-types";
import { authStore } from "./lib/auth/store/session";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A self-hosted app on one server: a failed call is rarely fixed by hammering it, and
      // refetching on every tab focus would re-run admin lists needlessly. A 4xx answer (401, 403,
      // 404, validation) is final: retrying it only delays the message.
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Offline, calls still run: the tRPC link answers them from the offline cache (or the
        // service worker does). React Query's default would pause them until the network returns.
        networkMode: "always",
      },
      // Offline, a write reaches the tRPC link, which queues it at once (docs/product.md §4) instead of
      // React Query holding it paused in memory, where a closed tab would lose it.
      mutations: { networkMode: "always" },
    },
  });
}

/** Data fetched for one session must not be shown to the next: drop the cache when it changes. */
function useCacheResetOnSessionChange(queryClient: QueryClient): void {
  useEffect(() => {
    let scope = sessionScopeOf(authStore.getState());
    return authStore.subscribe(() => {
      const next = sessionScopeOf(authStore.getState());
      if (next === scope) return;
      scope = next;
      queryClient.clear();
    });
  }, [queryClient]);
}

export default function TrpcProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const reads = useAppReads();
  useCacheResetOnSessionChange(queryClient);
  // The offline app reads again through it when the network returns or the queue was sent.
  useEffect(() => {
    reads.queryClient = queryClient;
    return () => {
      if (reads.queryClient === queryClient) reads.queryClient = null;
    };
  }, [reads, queryClient]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
