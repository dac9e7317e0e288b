// How a share's page (a paste, a file share) reads its share: the REST routes scripts use
// (docs/api.md) with plain fetch, so a share link loads no tRPC client
// (docs/decisions/0014-public-pages-without-trpc.md). Opening a share is a counted view, kept for
// offline reading; opening a protected one with its password is another counted view, never kept
// (the password would open it to anyone at this browser). Each page names its routes
// (screens/paste/paste-api.ts, screens/file/file-api.ts).
import { withFirstVisitCache } from "../../offline/first-visit-cache";
import { readWithOfflineCopy, type SharePath } from "../../offline/offline-reads";
import { requestHeaders } from "../api/request-headers";
import { fetchEnvelope } from "../api/rest-api";

/** The fields of T that are dates (a JSON answer carries them as strings). */
export type DateField<T> = { [K in keyof T]-?: T[K] extends Date | null ? K : never }[keyof T];

/** One kind of share's two routes. */
export type ShareRoutes<T> = {
  /** The query name its offline copy is kept under, as the tRPC link kept it (offline/offline-reads.ts). */
  offlinePath: SharePath;
  /** GET: opens the share (what anyone with the link sees; no content while a password is needed). */
  viewUrl: (slug: string) => string;
  /** The read's input as the tRPC query had it: the offline copy's key. */
  viewInput: (slug: string) => { slug: string; [field: string]: unknown };
  /** POST: opens a protected share with its password. */
  unlockUrl: (slug: string) => string;
  unlockBody: (password: string) => Record<string, unknown>;
  dates: readonly DateField<T>[];
};

function withDates<T>(json: Record<string, unknown>, dates: readonly DateField<T>[]): T {
  const value: Record<string, unknown> = { ...json };
  for (const field of dates) {
    const text = value[field as string];
    value[field as string] = typeof text === "string" ? new Date(text) : null;
  }
  return value as T;
}

/** Opens a share (a counted view); readable offline once seen. */
export function viewShare<T>(routes: ShareRoutes<T>, slug: string): Promise<T> {
  return readWithOfflineCopy(routes.offlinePath, routes.viewInput(slug), async () =>
    withDates<T>(
      await fetchEnvelope<Record<string, unknown>>(routes.viewUrl(slug), {
        headers: requestHeaders(),
        // Before the service worker controls the page, the page keeps this read for offline reading.
        fetch: withFirstVisitCache(),
      }),
      routes.dates,
    ),
  );
}

/** Opens a protected share with its password (a counted view). */
export async function unlockShare<T>(routes: ShareRoutes<T>, slug: string, password: string): Promise<T> {
  return withDates<T>(
    await fetchEnvelope<Record<string, unknown>>(routes.unlockUrl(slug), {
      method: "POST",
      body: routes.unlockBody(password),
      headers: requestHeaders(),
    }),
    routes.dates,
  );
}
