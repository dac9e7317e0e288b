// The typed tRPC client for React. Calls are batched to /trpc, carry the session cookie (same
// origin), the web client's CSRF header and the language (the server answers errors in Accept-Language); a 401 ends the session centrally.
// The offline link answers pastes, file shares and listings offline and queues writes made offline;
// before the service worker controls the page, the page keeps those reads in its cache itself
// (client/src/offline).
import { TRPC_MAX_BATCH_CALLS } from "@shared/constants";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import type { AppRouter } from "../../../../server/routers";
import { toast } from "../../components/feedback/toast-store";
import i18n from "../../i18n";
import { withFirstVisitCache } from "../../offline/first-visit-cache";
import { existingOfflineDb, openOfflineDb } from "../../offline/local-db";
import { offlineLink } from "../../offline/offline-link";
import { countPendingWrites } from "../../offline/queue";
import { sessionScopeOf } from "../auth/store/auth-types";
import { authStore } from "../auth/store/session";
import { unauthorizedLink } from "../auth/unauthorized-link";
import { requestHeaders } from "./request-headers";

export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = "/trpc";

export { requestHeaders } from "./request-headers";

export const OFFLINE_QUEUED_TOAST_ID = "offline-queued";

async function showQueuedToast(): Promise<void> {
  const db = await existingOfflineDb();
  const count = db ? await countPendingWrites(db).catch(() => 1) : 1;
  toast.info(i18n.t("offline.queue.savedTitle"), {
    id: OFFLINE_QUEUED_TOAST_ID,
    description: i18n.t("offline.queue.savedDescription", { count }),
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      unauthorizedLink({
        currentScope: () => sessionScopeOf(authStore.getState()),
        onUnauthorized: (sentScope) => authStore.handleUnauthorized(sentScope),
      }),
      offlineLink({
        openDb: openOfflineDb,
        existingDb: existingOfflineDb,
        isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
        currentAuth: () => {
          const state = authStore.getState();
          return { authType: state.authType, scope: sessionScopeOf(state) };
        },
        queuedMessage: () => i18n.t("offline.queue.screenMessage"),
        onQueued: () => void showQueuedToast(),
      }),
      httpBatchLink({
        url: TRPC_URL,
        transformer: superjson,
        headers: requestHeaders,
        fetch: withFirstVisitCache(),
        // The server refuses longer batches (docs/api.md, tRPC).
        maxItems: TRPC_MAX_BATCH_CALLS,
      }),
    ],
  });
}
