// React's side of the explorer's tasks and basket: the task list and the basket as live values, and
// what a task needs to run for the signed-in caller (its fs procedures, REST base and headers).
import { useEffect, useSyncExternalStore } from "react";
import i18n, { currentLanguage } from "../../i18n";
import { useAuth } from "../../lib/auth/use-auth";
import { basket } from "../../lib/explorer/basket-store";
import type { TaskDeps } from "../../lib/explorer/explorer-tasks";
import { fsBase } from "../../lib/explorer/fs-client";
import { taskErrorMessage } from "../../lib/explorer/task-messages";
import { persistTasks, type TaskPersistence } from "../../lib/explorer/task-persistence";
import { explorerTasks } from "../../lib/explorer/task-store";
import { pageMayReach } from "../../lib/shares/csp";
import { requestHeaders, trpc } from "../../lib/trpc";
import { directBlockedInTab } from "../../lib/upload/direct-blocked";
import { xhrTransport } from "../../lib/upload/transport";
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
