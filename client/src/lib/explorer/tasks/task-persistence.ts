// The explorer's task list survives a reload (docs/tasks.md): every task is kept in IndexedDB (the
// offline database's `tasks` table) for 7 days. Errors are kept as the sentence the panel showed,
// since an Error object does not survive storage. Tasks run in this page (uploads, copies, zips are
// the browser's own work), so one that was still running when the page went cannot be resumed: it
// comes back "interrupted", with its finished files as they were and the rest cancelled. A task the
// server runs (server-tasks.ts) comes back as it was and is followed again.
import type { OfflineDatabase } from "../../../offline/db";
import { isActive, type Task, type TaskFile, type TaskStore } from "./task-store";

export const TASK_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** A change is written at most this long after it happens. */
const SAVE_INTERVAL_MS = 500;

/** A failure read back from storage: its words as they were shown. */
export class StoredTaskError extends Error {
  override name = "StoredTaskError";
}

type Persisted = Omit<Task, "error" | "files"> & {
  error?: string;
  files: (Omit<TaskFile, "error"> & { error?: string })[];
};

function toStored(task: Task, describe: (error: unknown) => string): Persisted {
  return {
    ...task,
    error: task.error === undefined ? undefined : describe(task.error),
    files: task.files.map((file) => ({ ...file, error: file.error === undefined ? undefined : describe(file.error) })),
  };
}

/** A kept task as the store holds it; one the reload stopped becomes "interrupted". */
export function fromStored(stored: Persisted, now: number): Task {
  const task: Task = {
    ...stored,
    error: stored.error === undefined ? undefined : new StoredTaskError(stored.error),
    files: stored.files.map((file) => ({
      ...file,
      error: file.error === undefined ? undefined : new StoredTaskError(file.error),
    })),
  };
  // The server runs it still (or ran it to its end): it is followed again, not interrupted.
  if (!isActive(task) || task.serverId) return task;
  return {
    ...task,
    status: "interrupted",
    finishedAt: now,
    summary: { key: "explorer.tasks.summaries.interrupted" },
    files: task.files.map((file) =>
      file.status === "pending" || file.status === "running" ? { ...file, status: "cancelled" } : file,
    ),
  };
}

export type TaskPersistence = { ready: Promise<void>; flush: () => Promise<void>; stop: () => void };

/**
 * Loads the kept tasks into `store` (dropping those past 7 days), then writes the list back within
 * half a second of each change, and when the page is hidden.
 */
export function persistTasks(
  store: TaskStore,
  db: OfflineDatabase,
  describe: (error: unknown) => string,
  now: () => number = Date.now,
): TaskPersistence {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saved = new Set<string>();
  let isLoaded = false;
  // One write at a time, in order: a later list never lands under an earlier one.
  let writing: Promise<void> = Promise.resolve();

  const write = async () => {
    if (!isLoaded) return;
    const tasks = store.getTasks();
    const ids = new Set(tasks.map((task) => task.id));
    const gone = [...saved].filter((id) => !ids.has(id));
    saved = ids;
    try {
      await db.transaction("rw", db.tasks, async () => {
        if (gone.length > 0) await db.tasks.bulkDelete(gone);
        await db.tasks.bulkPut(
          tasks.map((task) => ({ id: task.id, createdAt: task.createdAt, task: toStored(task, describe) })),
        );
      });
    } catch {
      // Storage full or blocked: the list lasts for this visit only.
    }
  };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(write);
    return writing;
  };
  // At most one write per interval, counted from the first change since the last write. Not a
  // debounce: a running upload changes the list several times a second, and a debounce would wait
  // for a quiet moment that never comes, so a reload during the upload found nothing kept.
  const schedule = () => {
    timer ??= setTimeout(() => void flush(), SAVE_INTERVAL_MS);
  };

  const ready = (async () => {
    try {
      const cutoff = now() - TASK_KEEP_MS;
      await db.tasks.where("createdAt").below(cutoff).delete();
      const rows = await db.tasks.toArray();
      saved = new Set(rows.map((row) => row.id));
      store.restore(rows.map((row) => fromStored(row.task as Persisted, now())));
    } catch {
      // Unreadable: start with this visit's tasks.
    }
    isLoaded = true;
    // What the reload changed (interrupted tasks) is written back at once.
    await flush();
  })();

  const unsubscribe = store.subscribe(schedule);
  const onHide = () => void flush();
  if (typeof window !== "undefined") window.addEventListener("pagehide", onHide);
  return {
    ready,
    flush,
    stop: () => {
      clearTimeout(timer);
      unsubscribe();
      if (typeof window !== "undefined") window.removeEventListener("pagehide", onHide);
    },
  };
}
