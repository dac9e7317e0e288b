// The explorer's copies, moves and deletes as server-side tasks (docs/tasks.md): the server runs them,
// so they go on when the tab closes. A task here mirrors the server's: it is started with one call,
// then followed through its event stream (read with fetch, so an API key's header goes with it),
// each message replacing the task's status and files in the store. Cancel and retry are the server's.
// After a reload the kept tasks that were still running are followed again, and the server's list
// adds those this browser did not keep (syncServerTasks).
import { nameOf, parentOf } from "@shared/paths";
import type { TRPCClient } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../server/routers";
import { isAbortError } from "../../upload/engine/retry";
import type { FsEndpoint } from "../fs-client";
import type { StartedTask } from "./explorer-tasks";
import { StoredTaskError } from "./task-persistence";
import { isActive, type Task, type TaskFile, type TaskStatus, type TaskStore, type TaskText } from "./task-store";

/** `trpc.useUtils().client.fsTasks`. */
export type ServerTaskClient = Pick<TRPCClient<AppRouter>["fsTasks"], "create" | "cancel" | "retry" | "list">;
type Snapshot = inferRouterOutputs<AppRouter>["fsTasks"]["get"];
type Summary = inferRouterOutputs<AppRouter>["fsTasks"]["list"][number];
export type ServerTaskType = Snapshot["type"];

export type ServerTaskDeps = {
  tasksClient: ServerTaskClient;
  endpoint: FsEndpoint;
  store: TaskStore;
  onChanged: () => void;
  fetch?: typeof fetch;
  /** Wait before following a stream again after it dropped. */
  reconnectMs?: number;
};

const FINISHED: readonly Snapshot["status"][] = ["completed", "partial", "failed", "cancelled"];

function statusOf(status: Snapshot["status"]): TaskStatus {
  if (status === "planning") return "running";
  return status;
}

function fileStatusOf(status: Snapshot["files"][number]["status"]): TaskFile["status"] {
  return status === "done" ? "completed" : status;
}

function titleOf(type: ServerTaskType, items: Summary["items"]): TaskText {
  if (type === "delete") return { key: "explorer.tasks.titles.delete", values: { count: items.length } };
  // The explorer names each item's new path; the folder they go into is its parent.
  const target = items[0]?.target_path ? parentOf(items[0].target_path) : "/";
  return { key: `explorer.tasks.titles.${type}`, values: { count: items.length, target } };
}

function summaryOf(snapshot: Summary): TaskText | undefined {
  if (!FINISHED.includes(snapshot.status)) return undefined;
  if (snapshot.status === "cancelled") return { key: "explorer.tasks.summaries.cancelled" };
  const values = { done: snapshot.done, skipped: snapshot.skipped, failed: snapshot.failed };
  return { key: `explorer.tasks.summaries.server.${snapshot.type}`, values };
}

/** What the store shows of a server task's state: status, counts, how it ended and, when known, its files. */
function fromSnapshot(snapshot: Summary & { files?: Snapshot["files"] }): Partial<Task> {
  const finished = snapshot.done + snapshot.skipped + snapshot.failed;
  return {
    status: statusOf(snapshot.status),
    counts: { total: snapshot.total, finished, done: snapshot.done + snapshot.skipped, failed: snapshot.failed },
    summary: summaryOf(snapshot),
    error: snapshot.error ? new StoredTaskError(snapshot.error) : undefined,
    ...(snapshot.files
      ? {
          files: snapshot.files.map((file) => ({
            id: file.path,
            name: file.target_path ?? file.path,
            path: file.path,
            size: 0,
            loaded: 0,
            status: fileStatusOf(file.status),
            error: file.error === undefined ? undefined : new StoredTaskError(file.error),
          })),
        }
      : {}),
  };
}

/** Reads an event stream's `data:` messages as JSON until it ends or `signal` aborts. */
async function readEvents(response: Response, onMessage: (data: unknown) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice("data: ".length))
        .join("\n");
      if (data) onMessage(JSON.parse(data));
    }
  }
}

/** The tasks each store follows now, by the store's task id. */
const followingIn = new WeakMap<TaskStore, Map<string, Promise<Task | undefined>>>();

/**
 * Follows a server task into the store's task `id` until it finishes; a dropped stream is opened
 * again. Following the same task twice shares one stream.
 */
export function followServerTask(deps: ServerTaskDeps, id: string, serverId: string): Promise<Task | undefined> {
  const { store } = deps;
  let following = followingIn.get(store);
  if (!following) {
    following = new Map();
    followingIn.set(store, following);
  }
  const existing = following.get(id);
  if (existing) return existing;
  store.setCancel(id, () => {
    deps.tasksClient.cancel.mutate({ id: serverId }).catch(() => {
      // Finished meanwhile: the stream brings its end.
    });
  });
  const current = () => store.getTasks().find((task) => task.id === id);
  const run = (async () => {
    let seen = 0;
    while (current() && isActive(current() as Task)) {
      try {
        const response = await (deps.fetch ?? fetch)(`${deps.endpoint.base}/tasks/${serverId}/events`, {
          headers: deps.endpoint.headers(),
        });
        // Gone (purged, or not this caller's any more): it cannot be followed.
        if (response.status === 404) {
          store.update(id, { status: "failed", summary: { key: "explorer.tasks.summaries.serverGone" } });
          break;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await readEvents(response, (data) => {
          const snapshot = data as Snapshot;
          const counts = snapshot.done + snapshot.skipped + snapshot.failed;
          store.update(id, fromSnapshot(snapshot));
          // Listings change as files arrive; refreshed as they do, not per message.
          if (counts !== seen || FINISHED.includes(snapshot.status)) {
            seen = counts;
            deps.onChanged();
          }
        });
      } catch (error) {
        if (isAbortError(error)) break;
      }
      if (current() && isActive(current() as Task)) {
        await new Promise((resolve) => setTimeout(resolve, deps.reconnectMs ?? 2_000));
      }
    }
    following?.delete(id);
    return current();
  })();
  following.set(id, run);
  return run;
}

/** Starts a copy, move or delete on the server and follows it in the store. */
export function startServerTask(
  deps: ServerTaskDeps,
  input: {
    type: ServerTaskType;
    items: { sourcePath: string; targetPath?: string }[];
    skipExisting?: boolean;
  },
): StartedTask {
  const { store } = deps;
  const items = input.items.map((item) => ({ path: item.sourcePath, target_path: item.targetPath ?? null }));
  const id = store.create({
    type: input.type,
    title: titleOf(input.type, items),
    files: input.items.map((item) => ({
      id: item.sourcePath,
      name: nameOf(item.sourcePath),
      path: item.sourcePath,
      size: 0,
    })),
  });
  const done = (async () => {
    try {
      const { task_id } = await deps.tasksClient.create.mutate({
        type: input.type,
        items: input.items,
        skipExisting: input.skipExisting ?? false,
      });
      store.update(id, { serverId: task_id, status: "running" });
      return await followServerTask(deps, id, task_id);
    } catch (error) {
      // Refused before it started (no access, a copy into itself): nothing was done.
      store.update(id, (task) => ({
        status: "failed",
        error,
        files: task.files.map((file) => ({ ...file, status: "cancelled" as const })),
      }));
      return store.getTasks().find((task) => task.id === id);
    }
  })();
  return { id, done };
}

/** Runs a finished server task's failed and cancelled files again, and follows it. */
export async function retryServerTask(deps: ServerTaskDeps, task: Task): Promise<Task | undefined> {
  if (!task.serverId) return task;
  await deps.tasksClient.retry.mutate({ id: task.serverId });
  deps.store.update(task.id, { status: "running", summary: undefined, error: undefined });
  return followServerTask(deps, task.id, task.serverId);
}

/**
 * The server's tasks into the store: a kept one takes the server's state, one still running that this
 * browser did not keep (started in another tab or device) is added; those running are followed.
 * Finished ones this browser does not keep stay out: a task cleared from the list does not come back
 * (the admin's Tasks view holds the whole history).
 */
export async function syncServerTasks(deps: ServerTaskDeps): Promise<void> {
  const { store } = deps;
  const listed = await deps.tasksClient.list.query({ limit: 50 });
  const byServerId = new Map(store.getTasks().flatMap((task) => (task.serverId ? [[task.serverId, task]] : [])));
  const added: Task[] = [];
  for (const summary of listed) {
    const kept = byServerId.get(summary.id);
    if (kept) {
      // One kept while running is followed below: its stream brings its files as they ended.
      if (!isActive(kept)) store.update(kept.id, fromSnapshot(summary));
      continue;
    }
    if (FINISHED.includes(summary.status)) continue;
    added.push({
      id: `server-${summary.id}`,
      serverId: summary.id,
      type: summary.type,
      title: titleOf(summary.type, summary.items),
      loaded: 0,
      total: 0,
      files: [],
      createdAt: new Date(summary.created_at).getTime(),
      ...(summary.finished_at ? { finishedAt: new Date(summary.finished_at).getTime() } : {}),
      ...(fromSnapshot(summary) as Pick<Task, "status">),
    });
  }
  store.restore(added);
  for (const task of store.getTasks()) {
    if (task.serverId && isActive(task)) void followServerTask(deps, task.id, task.serverId);
  }
}
