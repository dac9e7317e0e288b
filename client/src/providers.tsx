// Everything the screens rely on from above: React Query, the tRPC client and the theme.
// Clients are created once per mount (not at module load) so tests get fresh caches.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ThemeProvider } from "./components/theme-provider";
import { createTrpcClient, trpc } from "./lib/trpc";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A self-hosted app on one server: a failed call is rarely fixed by hammering it, and
      // refetching on every tab focus would re-run admin lists needlessly.
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>{children}</ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
