// Everything the offline app does while the page is open, started once by <OfflineApp>: the
// offline / back-online toasts (3 s), sending the offline queue when the network returns, the
// install prompt, the service worker and its update prompt, and forgetting private offline data
// when the session changes.
import { toast } from "../../components/feedback/toast-store";
import i18n from "../../i18n";
import type { AppReads } from "../../lib/api/app-reads";
import { sessionScopeOf } from "../../lib/auth/store/auth-types";
import { authStore } from "../../lib/auth/store/session";
import { explorerTasks } from "../../lib/explorer/tasks/task-store";
import { clearPrivateCache } from "../cache-store";
import {
  CACHE_NAMES,
  NETWORK_TOAST_MS,
  QUEUE_RETRY_INTERVAL_MS,
  SERVICE_WORKER_STATUS_TIMEOUT_MS,
  SYNC_SUMMARY_KEY,
} from "../constants";
import { existingOfflineDb, readSetting, writeSetting } from "../local-db";
import { countPendingWrites } from "../queue";
import { INSTALL_DISMISSED_SETTING, startInstallPrompt } from "./install-prompt";
import { readServiceWorkerStatus, registerServiceWorker } from "./service-worker";

/**
 * The sync's code (and the tRPC client it replays writes with) is loaded only when there is
 * something to send or to tell: a visitor who never queued a write never loads it.
 */
const loadSync = () => import("../sync");

/** After a reload caused by a sync, the result is told on the fresh page. */
function showStoredSyncSummary(): void {
  let isWaiting = false;
  try {
    isWaiting = sessionStorage.getItem(SYNC_SUMMARY_KEY) !== null;
  } catch {
    // Storage blocked: nothing was stored either.
  }
  if (isWaiting) void loadSync().then((sync) => sync.showStoredSyncSummary());
}

export const NETWORK_TOAST_ID = "network-status";

export function showOfflineToast(): void {
  toast.warning(i18n.t("offline.status.offline"), {
    id: NETWORK_TOAST_ID,
    description: i18n.t("offline.status.offlineDescription"),
    duration: NETWORK_TOAST_MS,
  });
}

export function showOnlineToast(): void {
  toast.success(i18n.t("offline.status.online"), { id: NETWORK_TOAST_ID, duration: NETWORK_TOAST_MS });
}

/** The server answers (not just "the browser has a network"): /api/health, never cached. */
async function isServerReachable(): Promise<boolean> {
  try {
    const response = await fetch("/api/health", {
      cache: "no-store",
      signal: AbortSignal.timeout(SERVICE_WORKER_STATUS_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Writes wait only in a database this browser already has: without one, nothing is loaded to look. */
async function hasPendingWrites(): Promise<boolean> {
  const db = await existingOfflineDb();
  return db !== null && (await countPendingWrites(db).catch(() => 0)) > 0;
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

export type OfflineRuntimeOptions = {
  /** What the screens have read: read again when the network returns or the queue was sent. */
  reads: AppReads;
  /** Register the service worker (production builds; the dev server has none). */
  withServiceWorker: boolean;
};

/** Starts the offline app; returns its stop function (React's StrictMode starts it twice). */
export function startOfflineRuntime({ reads, withServiceWorker }: OfflineRuntimeOptions): () => void {
  const stops: (() => void)[] = [];
  const listen = (target: EventTarget, type: string, listener: () => void) => {
    target.addEventListener(type, listener);
    stops.push(() => target.removeEventListener(type, listener));
  };

  const sync = async () => {
    if (!navigator.onLine) return null;
    const db = await existingOfflineDb();
    if (!db) return null;
    const { runOfflineSync } = await loadSync();
    return runOfflineSync({ db, reads });
  };
  listen(window, "offline", showOfflineToast);
  listen(window, "online", () => {
    showOnlineToast();
    void sync();
    // What was answered from the offline cache is fetched again now that it can be.
    reads.refetchOfflineCopies();
  });
  // navigator.onLine can say "online" with no way through, and then no 'online' event comes: while
  // writes wait, the server is asked now and then (and when the tab is shown again), quietly, and
  // the queue goes once it answers.
  const syncWhenReachable = async () => {
    if (navigator.onLine && (await hasPendingWrites()) && (await isServerReachable())) await sync();
  };
  listen(document, "visibilitychange", () => {
    if (document.visibilityState === "visible") void syncWhenReachable();
  });
  const retry = setInterval(() => void syncWhenReachable(), QUEUE_RETRY_INTERVAL_MS);
  stops.push(() => clearInterval(retry));
  showStoredSyncSummary();
  if (navigator.onLine) void sync();
  else showOfflineToast();

  // Directory listings and the explorer's finished tasks (which name files and folders) belong to the
  // session that made them: when that session ends (logout, a switch of account or key), they leave
  // this device.
  let scope = sessionScopeOf(authStore.getState());
  stops.push(
    authStore.subscribe(() => {
      const next = sessionScopeOf(authStore.getState());
      if (next === scope) return;
      const hadSession = scope !== null;
      scope = next;
      if (!hadSession) return;
      explorerTasks.clearFinished();
      void existingOfflineDb()
        .then((db) => db && clearPrivateCache(db))
        .catch(() => undefined);
      if (typeof caches !== "undefined") void caches.delete(CACHE_NAMES.api).catch(() => undefined);
    }),
  );

  const install = startInstallPrompt({
    target: window,
    toasts: toast,
    texts: () => ({
      title: i18n.t("offline.install.title"),
      description: i18n.t("offline.install.description"),
      install: i18n.t("offline.install.install"),
      later: i18n.t("offline.install.later"),
    }),
    isStandalone,
    isOfflineReady: async () => (await readServiceWorkerStatus()) === "active",
    readDismissedAt: () => readSetting<number | null>(INSTALL_DISMISSED_SETTING, null),
    writeDismissedAt: (at) => writeSetting(INSTALL_DISMISSED_SETTING, at),
  });
  stops.push(() => install.stop());

  if (withServiceWorker) {
    registerServiceWorker({
      toasts: toast,
      texts: () => ({
        title: i18n.t("offline.update.title"),
        description: i18n.t("offline.update.description"),
        reload: i18n.t("offline.update.reload"),
        later: i18n.t("offline.update.later"),
      }),
      isInstalledApp: isStandalone,
    });
  }

  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}
