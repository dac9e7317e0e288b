// The one place where the app goes offline-capable: a tRPC link between the screens and the
// network. Successful answers for pastes, file shares and directory listings are kept in the local
// database where this browser has one; without a network they are answered from it (marked as an
// offline copy), or else by the service worker's cache. A write made
// offline does not wait for a timeout: it is queued at once (or as soon as it gets no answer at all)
// and fails with a "saved offline" error the screen shows, while a toast says it will be sent later.
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import type { AppRouter } from "../../../server/routers";
import { isNetworkError } from "../lib/api/api-errors";
import type { AuthType } from "../lib/auth/store/auth-types";
import { isCachedQueryPath, keptCopies, sessionFingerprint } from "./cache-store";
import type { OfflineDatabase, OfflineQueueItem } from "./db";
import { enqueueWrite, queueTypeOf } from "./queue";

export type OfflineLinkOptions = {
  /** The local database to queue a write in, created if needed (local-db.ts); null: none. */
  openDb: () => Promise<OfflineDatabase | null>;
  /** The local database only if this browser has one: reads are kept and looked for only there. */
  existingDb: () => Promise<OfflineDatabase | null>;
  isOnline: () => boolean;
  /** Who is calling now: the queue keeps it with the write, listings are scoped by it. */
  currentAuth: () => { authType: AuthType; scope: string | null };
  /** The sentence the screen shows for a write that was queued (in the user's language). */
  queuedMessage: () => string;
  onQueued?: (item: OfflineQueueItem) => void;
  now?: () => number;
};

/** Error data of a write that went to the offline queue instead of the server. */
export type QueuedErrorData = { offlineQueued: true; queueId: number | null };

export function isQueuedOfflineError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && (data as Partial<QueuedErrorData>).offlineQueued === true;
}

function queuedError(message: string, item: OfflineQueueItem): TRPCClientError<AppRouter> {
  // Error data of its own (no appCode, no HTTP status): screens show the message as they show a
  // server's, and nothing mistakes it for a network failure or a 401 that should end the session.
  const data: QueuedErrorData = { offlineQueued: true, queueId: item.id ?? null };
  return new TRPCClientError<AppRouter>(message, {
    result: { error: { code: -32_000, message, data } },
  } as unknown as ConstructorParameters<typeof TRPCClientError<AppRouter>>[1]);
}

function createOwnerResolver() {
  let last: { key: string; owner: Promise<string> } | null = null;
  return (auth: { authType: AuthType; scope: string | null }): Promise<string> => {
    const key = `${auth.authType}:${auth.scope ?? ""}`;
    if (last?.key !== key) last = { key, owner: sessionFingerprint(auth.authType, auth.scope) };
    return last.owner;
  };
}

function isEncryptedWrite(input: unknown): boolean {
  return typeof input === "object" && input !== null && (input as { encrypted?: unknown }).encrypted === true;
}

export function offlineLink(options: OfflineLinkOptions): TRPCLink<AppRouter> {
  const now = options.now ?? Date.now;
  const ownerOf = createOwnerResolver();

  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let inner: Unsubscribable | null = null;
        let isClosed = false;
        const forward = () => {
          if (!isClosed) inner = next(op).subscribe(observer);
        };
        const answer = (data: unknown) => {
          if (isClosed) return;
          observer.next({ result: { type: "data", data } });
          observer.complete();
        };
        const queueWrite = (onNotQueued: () => void) => {
          const auth = options.currentAuth();
          const write = {
            procedurePath: op.path,
            input: op.input,
            authType: auth.authType,
            sessionScope: auth.scope,
            timestamp: now(),
          };
          // No database (IndexedDB missing, its code not loadable): the write is not queued.
          void options
            .openDb()
            .then((db) => (db ? enqueueWrite(db, write) : null))
            .then(
              (item) => {
                if (!item) return onNotQueued();
                options.onQueued?.(item);
                if (!isClosed) observer.error(queuedError(options.queuedMessage(), item));
              },
              // The queue could not be written (storage full, blocked): the write fails as it would.
              () => onNotQueued(),
            );
        };

        if (op.type === "mutation") {
          // An encrypted paste's key lives only in the page that made it: queued, it could outlive that
          // page and sync with nobody able to read it. It fails as a network error instead.
          if (!queueTypeOf(op.path) || isEncryptedWrite(op.input)) {
            forward();
          } else if (!options.isOnline()) {
            queueWrite(() => forward());
          } else {
            // The browser says online, yet there may be no way through (a network without internet,
            // the server down): a write that gets no answer at all waits in the queue too. (One that
            // reached the server and lost only its answer would be sent twice: rare, and safer than
            // losing it.)
            inner = next(op).subscribe({
              next: (value) => observer.next(value),
              error: (error) => {
                if (!isNetworkError(error)) {
                  observer.error(error);
                  return;
                }
                queueWrite(() => {
                  if (!isClosed) observer.error(error);
                });
              },
              complete: () => observer.complete(),
            });
          }
        } else if (op.type !== "query" || !isCachedQueryPath(op.path)) {
          forward();
        } else {
          const path = op.path;
          const auth = options.currentAuth();
          // The answer belongs to whoever asked: kept and looked for under the asking session.
          const copies = keptCopies({ existingDb: options.existingDb, owner: () => ownerOf(auth), now });
          if (!options.isOnline()) {
            // The local copy first; without one the request still goes out, where the service
            // worker's cache may have it.
            void copies.read(path, op.input).then((cached) => (cached === null ? forward() : answer(cached)));
          } else {
            inner = next(op).subscribe({
              next: (value) => {
                if ("data" in value.result) copies.keep(path, op.input, value.result.data);
                observer.next(value);
              },
              error: (error) => {
                if (!isNetworkError(error)) {
                  observer.error(error);
                  return;
                }
                // Online by the browser's account, yet no answer (server down, captive network).
                void copies.read(path, op.input).then((cached) => {
                  if (cached === null) {
                    if (!isClosed) observer.error(error);
                  } else {
                    answer(cached);
                  }
                });
              },
              complete: () => observer.complete(),
            });
          }
        }

        return () => {
          isClosed = true;
          inner?.unsubscribe();
        };
      });
}
