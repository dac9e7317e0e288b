// The explorer's task manager (docs/product.md §3 Task, §4 Task status): uploads, copies, deletes and zip
// downloads run as tasks with a status (pending, running, completed, failed, cancelled, or partial
// when some files failed), a progress and each file's own status. The store lives for the visit, not
// a screen: a task keeps running while the user browses other folders; task-persistence.ts keeps the
// list for 7 days across reloads (a task the reload stopped comes back "interrupted"). Texts are kept as i18n keys
// with values and failures as the errors themselves, so the panel words them in the current language.
export type TaskType = "upload" | "copy" | "move" | "delete" | "download";
export type TaskStatus = "pending" | "running" | "completed" | "failed" | "cancelled" | "partial" | "interrupted";
export type TaskFileStatus = "pending" | "running" | "completed" | "failed" | "cancelled" | "skipped";
export type TaskText = { key: string; values?: Record<string, string | number> };

export type TaskFile = {
  id: string;
  name: string;
  path: string;
  size: number;
  loaded: number;
  status: TaskFileStatus;
  error?: unknown;
};

export type Task = {
  id: string;
  type: TaskType;
  title: TaskText;
  status: TaskStatus;
  /** Bytes (or items, for deletes) done and in all. */
  loaded: number;
  total: number;
  files: TaskFile[];
  /** What stopped the whole task (not one file). */
  error?: unknown;
  /** A sentence on how it ended (counts). */
  summary?: TaskText;
  createdAt: number;
  finishedAt?: number;
  /** Set for a task the server runs (server-tasks.ts): its id there. */
  serverId?: string;
  /** A server task's file counts: its files may be more than the list the server sends. */
  counts?: { total: number; finished: number; done: number; failed: number };
};

export type NewTask = Pick<Task, "type" | "title"> & {
  files?: Omit<TaskFile, "loaded" | "status">[];
  total?: number;
};

export const ACTIVE_STATUSES: readonly TaskStatus[] = ["pending", "running"];
export const isActive = (task: Pick<Task, "status">) => ACTIVE_STATUSES.includes(task.status);

/** How a task ended from its files: all done, none done, some of each, or stopped by the user. */
export function finalStatus(files: readonly Pick<TaskFile, "status">[], cancelled: boolean): TaskStatus {
  const done = files.filter((file) => file.status === "completed" || file.status === "skipped").length;
  const failed = files.filter((file) => file.status === "failed").length;
  if (cancelled) return "cancelled";
  if (failed === 0) return "completed";
  return done > 0 ? "partial" : "failed";
}

/** 0-100; a finished task shows 100, an empty total counts finished files instead. */
export function taskPercent(task: Task): number {
  if (task.status === "completed" || task.status === "partial") return 100;
  if (task.counts) return task.counts.total > 0 ? Math.floor((task.counts.finished / task.counts.total) * 100) : 0;
  if (task.total > 0) return Math.max(0, Math.min(100, Math.floor((task.loaded / task.total) * 100)));
  if (task.files.length === 0) return 0;
  const finished = task.files.filter((file) => !["pending", "running"].includes(file.status)).length;
  return Math.floor((finished / task.files.length) * 100);
}

export type TaskStore = {
  create(input: NewTask, cancel?: () => void): string;
  update(id: string, change: Partial<Omit<Task, "id" | "files">> | ((task: Task) => Partial<Task>)): void;
  updateFile(id: string, fileId: string, change: Partial<TaskFile>): void;
  setCancel(id: string, cancel: () => void): void;
  /** Asks a running task to stop; its runner sets the final status. */
  cancel(id: string): void;
  remove(id: string): void;
  clearFinished(): void;
  /** Tasks kept from an earlier visit, behind this visit's; ones already listed are skipped. */
  restore(kept: readonly Task[]): void;
  getTasks(): readonly Task[];
  subscribe(listener: () => void): () => void;
};

export function createTaskStore(now: () => number = Date.now): TaskStore {
  let tasks: readonly Task[] = [];
  let counter = 0;
  const cancels = new Map<string, () => void>();
  const listeners = new Set<() => void>();
  const publish = (next: readonly Task[]) => {
    tasks = next;
    for (const listener of listeners) listener();
  };
  const map = (id: string, change: (task: Task) => Task) => {
    if (!tasks.some((task) => task.id === id)) return;
    publish(tasks.map((task) => (task.id === id ? change(task) : task)));
  };
  return {
    create(input, cancel) {
      const id = `task-${now()}-${++counter}`;
      const files = (input.files ?? []).map((file) => ({ ...file, loaded: 0, status: "pending" as const }));
      const task: Task = {
        id,
        type: input.type,
        title: input.title,
        status: "pending",
        loaded: 0,
        total: input.total ?? files.reduce((sum, file) => sum + file.size, 0),
        files,
        createdAt: now(),
      };
      if (cancel) cancels.set(id, cancel);
      // The newest first, as the panel shows them.
      publish([task, ...tasks]);
      return id;
    },
    update(id, change) {
      map(id, (task) => {
        const next = { ...task, ...(typeof change === "function" ? change(task) : change) };
        if (!isActive(next) && isActive(task)) {
          next.finishedAt = now();
          cancels.delete(id);
        }
        return next;
      });
    },
    updateFile(id, fileId, change) {
      map(id, (task) => ({
        ...task,
        files: task.files.map((file) => (file.id === fileId ? { ...file, ...change } : file)),
      }));
    },
    setCancel(id, cancel) {
      cancels.set(id, cancel);
    },
    cancel(id) {
      const task = tasks.find((candidate) => candidate.id === id);
      if (!task || !isActive(task)) return;
      const cancel = cancels.get(id);
      if (cancel) cancel();
      else this.update(id, { status: "cancelled" });
    },
    remove(id) {
      const task = tasks.find((candidate) => candidate.id === id);
      if (!task || isActive(task)) return;
      publish(tasks.filter((candidate) => candidate.id !== id));
    },
    clearFinished() {
      const kept = tasks.filter(isActive);
      if (kept.length !== tasks.length) publish(kept);
    },
    restore(kept) {
      const known = new Set(tasks.map((task) => task.id));
      const added = kept.filter((task) => !known.has(task.id));
      if (added.length === 0) return;
      publish([...tasks, ...added].sort((a, b) => b.createdAt - a.createdAt));
    },
    getTasks: () => tasks,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The explorer's one task list. */
export const explorerTasks = createTaskStore();
