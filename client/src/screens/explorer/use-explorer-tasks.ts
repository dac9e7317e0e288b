// React's side of the explorer's tasks and basket: the task list and the basket as live values, the
// server's tasks joined to it once a visit, and what a task needs to run for the signed-in caller (its
// fs and task procedures, REST base and headers).
import { useEffect, useSyncExternalStore } from "react";
import i18n, { currentLanguage } from "../../i18n";
import { requestHeaders, trpc } from "../../lib/api/trpc";
import { useAuth } from "../../lib/auth/use-auth";
import { basket } from "../../lib/explorer/basket-store";
import { fsBase } from "../../lib/explorer/fs-client";
import type { TaskDeps } from "../../lib/explorer/tasks/explorer-tasks";
import { type ServerTaskDeps, syncServerTasks } from "../../lib/explorer/tasks/server-tasks";
import { taskErrorMessage } from "../../lib/explorer/tasks/task-messages";
import { persistTasks, type TaskPersistence } from "../../lib/explorer/tasks/task-persistence";
import { explorerTasks } from "../../lib/explorer/tasks/task-store";
import { pageMayReach } from "../../lib/shares/download/csp";
import { directBlockedInTab } from "../../lib/upload/direct-blocked";
import { xhrTransport } from "../../lib/upload/engine/transport";
import { useMaxUploadBytes } from "../../lib/upload/use-max-upload-bytes";
import { openOfflineDb } from "../../offline/local-db";

let persistence: Promise<TaskPersistence | null> | null = null;

/** The task list is read from and kept in IndexedDB from the first screen that shows it on, once. */
function keepTasks() {
  if (persistence) return;
  persistence = openOfflineDb().then(
    (db) => db && persistTasks(explorerTasks, db, (error) => taskErrorMessage(error, i18n.t, currentLanguage())),
  );
}

export function useTasks() {
  useEffect(keepTasks, []);
  return useSyncExternalStore(explorerTasks.subscribe, explorerTasks.getTasks, explorerTasks.getTasks);
}

let synced: Promise<void> | null = null;

/**
 * Once a visit, after the kept list is read: the server's tasks join it and those still running are
 * followed again (a tab closed mid-copy finds the copy finished, or still going, when it comes back).
 */
export function useServerTaskSync(deps: () => ServerTaskDeps) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once a visit, with the deps of that moment
  useEffect(() => {
    keepTasks();
    if (synced) return;
    synced = (persistence ?? Promise.resolve(null))
      .then((kept) => kept?.ready)
      .then(() => syncServerTasks(deps()))
      .catch(() => {
        // Offline or signed out: the kept list stays as it was; the next visit tries again.
        synced = null;
      });
  }, []);
}

export function useBasket() {
  return useSyncExternalStore(basket.subscribe, basket.getItems, basket.getItems);
}

/** Builds the dependencies of a task at the moment it starts. */
export function useTaskDeps(): () => TaskDeps {
  const auth = useAuth();
  const utils = trpc.useUtils();
  const maxUploadBytes = useMaxUploadBytes();
  return () => {
    return {
      client: utils.client.fs,
      tasksClient: utils.client.fsTasks,
      endpoint: { base: fsBase(auth.authType), headers: requestHeaders },
      transport: xhrTransport,
      mayConnect: (url) => pageMayReach("connect-src", url),
      directBlocked: directBlockedInTab,
      store: explorerTasks,
      maxUploadBytes,
      onChanged: () => void utils.fs.invalidate(),
      pageOrigin: window.location.origin,
    };
  };
}
