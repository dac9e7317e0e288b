// Everything the screens rely on from above: the theme and what they have read (lib/api/app-reads.ts);
// React Query and the tRPC client come with the first screen that calls the server through tRPC
// (DataProviders), so a visitor of a share link never downloads them
// (docs/decisions/0014-public-pages-without-trpc.md).
import { lazy, type ReactNode, Suspense, useState } from "react";
import { PageSpinner } from "./components/feedback/page-spinner";
import { ThemeProvider } from "./components/layout/theme-provider";
import { AppReads, AppReadsContext } from "./lib/api/app-reads";

export function AppProviders({ children }: { children: ReactNode }) {
  const [reads] = useState(() => new AppReads());
  return (
    <AppReadsContext.Provider value={reads}>
      <ThemeProvider>{children}</ThemeProvider>
    </AppReadsContext.Provider>
  );
}

const TrpcProviders = lazy(() => import("./data-providers"));

/**
 * React Query and the tRPC client around `children` from the first time `isNeeded` (a screen that
 * calls the server through tRPC is shown), and from then on for the rest of the visit: their cache
 * lives as long as the app, not as long as one screen. Before that, `children` are shown as they are.
 */
export function DataProviders({ isNeeded, children }: { isNeeded: boolean; children: ReactNode }) {
  const [isLoaded, setIsLoaded] = useState(isNeeded);
  if (isNeeded && !isLoaded) setIsLoaded(true);
  if (!isLoaded) return children;
  return (
    <Suspense fallback={<PageSpinner />}>
      <TrpcProviders>{children}</TrpcProviders>
    </Suspense>
  );
}
