// Sending the offline queue when the browser is back online (docs/product.md §4, §8): writes go in the order
// they were made, each only under the sign-in that made it (the session cookie; nobody's writes
// without one); failures are reported with a
// translated message; an admin page reloads after paste changes so its lists show the result.
import { createTRPCUntypedClient, httpLink } from "@trpc/client";
import superjson from "superjson";
import { navigate } from "wouter/use-browser-location";
import type { AppRouter } from "../../../server/routers";
import { toast } from "../components/feedback/toast-store";
import i18n, { currentLanguage } from "../i18n";
import { errorMessageOf, isNetworkError } from "../lib/api/api-errors";
import type { AppReads } from "../lib/api/app-reads";
import { webClientHeaders } from "../lib/api/auth-headers";
import { TRPC_URL } from "../lib/api/trpc";
import { type AuthState, sessionScopeOf } from "../lib/auth/store/auth-types";
import { authStore } from "../lib/auth/store/session";
import { copyText } from "../lib/copy-text";
import { publishSyncedPaste, type SyncedPaste } from "../lib/pastes/synced-pastes";
import { SYNC_SUMMARY_KEY } from "./constants";
import type { OfflineDatabase, OfflineQueueItem, QueueItemType } from "./db";
import { countPendingWrites, procedureOf, type SyncReport, syncQueue, withSyncLock } from "./queue";

export const SYNC_TOAST_ID = "offline-sync";

/** A queued write that the sign-in now in use did not make: not sent (its message says why). */
class OtherSessionError extends Error {}

/**
 * Whether the sign-in now in use made the write. A write from an earlier version names no one (it
 * held a token, now removed): it goes under a sign-in of the same kind.
 */
function isMadeBy(item: OfflineQueueItem, current: AuthState): boolean {
  if (item.authType !== current.authType) return false;
  return item.sessionScope === null || item.sessionScope === sessionScopeOf(current);
}

/** Replays one queued write as it was made: its procedure, its input, by whoever made it. */
export async function replayWrite(item: OfflineQueueItem, current = authStore.getState()): Promise<unknown> {
  const isAnonymous = item.authType === "none";
  if (!isAnonymous && !isMadeBy(item, current)) throw new OtherSessionError(i18n.t("offline.sync.otherSession"));
  const scope = isAnonymous ? null : sessionScopeOf(current);
  // Not the app's client: a refused replay must not end the session now in use on its own, and it
  // must not be queued again. A write made signed out is sent without the cookie of whoever is
  // signed in now.
  const client = createTRPCUntypedClient<AppRouter>({
    links: [
      httpLink({
        url: TRPC_URL,
        transformer: superjson,
        headers: () => ({ ...webClientHeaders(scope), "Accept-Language": currentLanguage() }),
        fetch: (url, init) => fetch(url, { ...init, credentials: isAnonymous ? "omit" : "same-origin" }),
      }),
    ],
  });
  return client.mutation(procedureOf(item), item.data);
}

export type SyncSummary = {
  synced: number;
  /** Pastes created by the sync, to show, copy and open their links from the toast. */
  createdPastes: { slug: string; url: string }[];
  failed: { type: QueueItemType; message: string }[];
  remaining: number;
  /** A paste was created, changed or deleted: admin lists of pastes are out of date. */
  touchesPastes: boolean;
};

function linkOf(result: unknown): { slug: string; url: string } | null {
  if (typeof result !== "object" || result === null) return null;
  const { slug, url } = result as Record<string, unknown>;
  return typeof slug === "string" && typeof url === "string" ? { slug, url } : null;
}

export function summarizeSync(report: SyncReport): SyncSummary {
  const t = i18n.t.bind(i18n);
  const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };
  return {
    synced: report.synced.length,
    createdPastes: report.synced
      .filter(({ item }) => item.type === "paste.create")
      .map(({ result }) => linkOf(result))
      .filter((link): link is { slug: string; url: string } => link !== null),
    failed: report.failed.map(({ item, error }) => ({
      type: item.type,
      message: error instanceof OtherSessionError ? error.message : errorMessageOf(error, messages),
    })),
    remaining: report.remaining,
    touchesPastes: report.synced.some(({ item }) => item.type.startsWith("paste.")),
  };
}

export function showSyncSummary(summary: SyncSummary): void {
  const t = i18n.t.bind(i18n);
  if (summary.synced > 0) {
    const created = summary.createdPastes.at(-1);
    toast.success(t("offline.sync.done", { count: summary.synced }), {
      id: SYNC_TOAST_ID,
      description: created ? t("offline.sync.pasteCreated", { url: created.url }) : undefined,
      actions: created
        ? [
            { label: t("offline.sync.copyLink"), onClick: () => void copyText(created.url) },
            { label: t("offline.sync.openPaste"), onClick: () => navigate(`/paste/${created.slug}`) },
          ]
        : undefined,
    });
  }
  for (const failure of summary.failed) {
    toast.error(t("offline.sync.failed", { action: t(`offline.types.${failure.type}`) }), {
      description: failure.message,
    });
  }
  if (summary.remaining > 0) {
    toast.warning(t("offline.sync.waiting", { count: summary.remaining }), {
      description: t("offline.sync.unreachable"),
    });
  }
}

function readStoredSummary(): SyncSummary | null {
  try {
    const text = sessionStorage.getItem(SYNC_SUMMARY_KEY);
    sessionStorage.removeItem(SYNC_SUMMARY_KEY);
    return text ? (JSON.parse(text) as SyncSummary) : null;
  } catch {
    return null;
  }
}

/** After a reload caused by a sync, the result is told on the fresh page. */
export function showStoredSyncSummary(): void {
  const summary = readStoredSummary();
  if (summary) showSyncSummary(summary);
}

export type RunSyncOptions = {
  db: OfflineDatabase;
  reads: AppReads;
  send?: (item: OfflineQueueItem) => Promise<unknown>;
  reload?: () => void;
  pathname?: () => string;
};

/** Sends what is queued, if anything; safe to call at any time (one sync runs at once). */
export async function runOfflineSync(options: RunSyncOptions): Promise<SyncSummary | null> {
  const report = await withSyncLock(async () => {
    const count = await countPendingWrites(options.db);
    if (count === 0) return null;
    toast.info(i18n.t("offline.sync.syncing", { count }), { id: SYNC_TOAST_ID, duration: null });
    try {
      return await syncQueue(options.db, { send: options.send ?? replayWrite, isUnreachable: isNetworkError });
    } finally {
      toast.dismiss(SYNC_TOAST_ID);
    }
  }).catch(() => null);
  if (!report) return null;
  // Home shows the share result of the paste it queued, and the draft that held it is retired.
  for (const { item, result } of report.synced) {
    if (item.type !== "paste.create" || !linkOf(result)) continue;
    const password = (item.data as { password?: string } | null)?.password ?? "";
    publishSyncedPaste({ paste: result as SyncedPaste["paste"], password });
  }
  const summary = summarizeSync(report);
  const pathname = options.pathname?.() ?? window.location.pathname;
  if (summary.touchesPastes && pathname.startsWith("/admin")) {
    // docs/product.md §4: the admin page reloads after paste changes; the summary is shown after it.
    try {
      sessionStorage.setItem(SYNC_SUMMARY_KEY, JSON.stringify(summary));
    } catch {
      showSyncSummary(summary);
    }
    (options.reload ?? (() => window.location.reload()))();
    return summary;
  }
  showSyncSummary(summary);
  if (summary.synced + summary.failed.length > 0) options.reads.invalidateQueries();
  return summary;
}
