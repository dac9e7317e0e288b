// Server-side explorer tasks as callers see them (docs/tasks.md): create a copy, move or delete, read its
// status and files, list, cancel, retry the failed files. The work itself is worker.ts's. A key sees
// and controls only its own tasks; the admin every task.
import { isPathWithin } from "@shared/paths";
import type { fsTaskCreateInput, fsTaskGetInput, fsTaskListInput } from "@shared/schemas/explorer/tasks";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { type AuthState, createdBySpellings, creatorOf } from "../auth/sessions";
import { assertReadable, assertRemovable, assertWritable, isReadOnly } from "../explorer/access";
import { assertClearOfShares, type FsDeps, loadTree, requireInsideMount } from "../explorer/tree";
import { ownedBy } from "../shares/delivery";

/** Finished tasks are kept this long for the task panel and the admin's history. */
export const TASK_HISTORY_MS = 7 * 24 * 3_600_000;

export type TaskItem = { sourcePath: string; targetPath?: { path: string; isFolder: boolean } };

/** Wakes this process's worker when a task is created or retried (set by worker.ts). */
export type TaskWaker = () => void;
/** Tells the task's event streams in this process that it changed (worker.ts `notify`). */
export type TaskNotifier = (taskId: string) => void;

export async function createTask(
  deps: FsDeps & { wakeTasks?: TaskWaker },
  auth: AuthState,
  input: z.output<typeof fsTaskCreateInput>,
) {
  if (isReadOnly(auth)) throw new AppError("FORBIDDEN", "errors.fsReadOnly");
  const tree = await loadTree(deps, auth);
  // Every item is checked before anything is stored: the task holds no path its caller may not touch.
  for (const item of input.items) {
    if (input.type === "copy") assertReadable(auth, item.sourcePath);
    else assertRemovable(auth, item.sourcePath);
    assertClearOfShares(tree, item.sourcePath);
    requireInsideMount(tree, item.sourcePath);
    if (item.targetPath) {
      assertWritable(auth, item.targetPath.path);
      assertClearOfShares(tree, item.targetPath.path);
      if (item.targetPath.path === item.sourcePath) throw new AppError("BAD_REQUEST", "errors.fsTaskOntoItself");
      if (isPathWithin(item.sourcePath, item.targetPath.path) && !item.targetPath.isFolder) {
        throw new AppError("BAD_REQUEST", "errors.fsMoveIntoItself");
      }
      if (item.targetPath.isFolder && isPathWithin(item.sourcePath, item.targetPath.path)) {
        throw new AppError("BAD_REQUEST", "errors.fsMoveIntoItself");
      }
    }
  }
  const id = crypto.randomUUID();
  await deps.db.fsTask.create({
    data: {
      id,
      type: input.type,
      createdBy: creatorOf(auth),
      items: JSON.stringify(input.items),
      skipExisting: input.skipExisting,
    },
    select: { id: true },
  });
  deps.wakeTasks?.();
  return { task_id: id };
}

const taskSelect = {
  id: true,
  type: true,
  createdBy: true,
  items: true,
  status: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;

async function countsOf(db: Database, taskId: string) {
  const groups = await db.fsTaskFile.groupBy({ by: ["status"], where: { taskId }, _count: { _all: true } });
  const count = (status: string) => groups.find((group) => group.status === status)?._count._all ?? 0;
  const total = groups.reduce((sum, group) => sum + group._count._all, 0);
  return { total, done: count("done"), skipped: count("skipped"), failed: count("failed") };
}

type TaskRow = {
  id: string;
  type: string;
  createdBy: string;
  items: string;
  status: string;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** The names of the tasks' creators: the admin's username, a key's name (absent: the key was deleted). */
async function creatorNames(db: Database, tasks: readonly TaskRow[]): Promise<Map<string, string>> {
  const ids = (prefix: string) => [
    ...new Set(
      tasks.filter((task) => task.createdBy.startsWith(prefix)).map((task) => task.createdBy.slice(prefix.length)),
    ),
  ];
  const [admins, keys] = await Promise.all([
    db.admin.findMany({ where: { id: { in: ids("admin:") } }, select: { id: true, username: true } }),
    db.apiKey.findMany({ where: { id: { in: ids("apikey:") } }, select: { id: true, name: true } }),
  ]);
  return new Map([
    ...admins.map((admin) => [`admin:${admin.id}`, admin.username] as const),
    ...keys.map((key) => [`apikey:${key.id}`, key.name] as const),
  ]);
}

async function summaryOf(db: Database, task: TaskRow, names: Map<string, string>) {
  const counts = await countsOf(db, task.id);
  const finished = counts.done + counts.skipped + counts.failed;
  const items = JSON.parse(task.items) as TaskItem[];
  return {
    id: task.id,
    type: task.type as "copy" | "move" | "delete",
    items: items.map((item) => ({ path: item.sourcePath, target_path: item.targetPath?.path ?? null })),
    status: task.status as "pending",
    progress:
      counts.total === 0 ? (["completed", "partial", "failed"].includes(task.status) ? 1 : 0) : finished / counts.total,
    ...counts,
    error: task.error,
    created_by: task.createdBy,
    created_by_name: names.get(task.createdBy) ?? null,
    created_at: task.createdAt,
    finished_at: task.finishedAt,
  };
}

async function requireTask(db: Database, auth: AuthState, id: string) {
  const task = await db.fsTask.findFirst({ where: { id, ...ownedBy(auth) }, select: taskSelect });
  if (!task) throw new AppError("NOT_FOUND", "errors.fsTaskNotFound");
  return task;
}

/**
 * A task with a page of its files (at most FS_TASK_FILES_PAGE, so one answer stays small whatever the
 * task's size), optionally only those in one state: the admin's "what failed".
 */
export async function getTask(db: Database, auth: AuthState, input: z.output<typeof fsTaskGetInput>) {
  const task = await requireTask(db, auth, input.id);
  const where = { taskId: input.id, ...(input.file_status ? { status: input.file_status } : {}) };
  const [files, matching, names] = await Promise.all([
    db.fsTaskFile.findMany({
      where,
      orderBy: { id: "asc" },
      skip: input.files_offset,
      take: input.files_limit,
      select: { sourcePath: true, targetPath: true, status: true, error: true },
    }),
    db.fsTaskFile.count({ where }),
    creatorNames(db, [task]),
  ]);
  return {
    ...(await summaryOf(db, task, names)),
    files: files.map((file) => ({
      path: file.sourcePath,
      target_path: file.targetPath,
      status: file.status as "pending",
      ...(file.error ? { error: file.error } : {}),
    })),
    files_matching: matching,
  };
}

/** The creators `created_by` names: "admin" is every admin's; otherwise one key or admin, however spelt. */
function creatorFilter(createdBy: string | undefined) {
  if (!createdBy) return {};
  if (createdBy === "admin") return { createdBy: { startsWith: "admin:" } };
  return { createdBy: { in: createdBySpellings(createdBy) } };
}

/** Tasks of the last 7 days, newest first: a key's own, the admin's all (filtered by state and creator). */
export async function listTasks(db: Database, auth: AuthState, input: z.output<typeof fsTaskListInput>) {
  const limit = input?.limit ?? 50;
  const since = new Date(Date.now() - TASK_HISTORY_MS);
  const tasks = await db.fsTask.findMany({
    where: {
      AND: [
        ownedBy(auth),
        creatorFilter(input?.created_by),
        input?.status ? { status: input.status } : {},
        { createdAt: { gte: since, ...(input?.before ? { lt: input.before } : {}) } },
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: taskSelect,
  });
  const names = await creatorNames(db, tasks);
  return Promise.all(tasks.map((task) => summaryOf(db, task, names)));
}

const UNFINISHED = ["pending", "planning", "running"];

/** Stops a task: files not started yet are cancelled; a file being copied now finishes. */
export async function cancelTask(deps: { db: Database; notifyTask?: TaskNotifier }, auth: AuthState, id: string) {
  const { db } = deps;
  await requireTask(db, auth, id);
  const { count } = await db.fsTask.updateMany({
    where: { id, status: { in: UNFINISHED } },
    data: { status: "cancelled", finishedAt: new Date() },
  });
  if (count === 0) throw new AppError("CONFLICT", "errors.fsTaskFinished");
  await db.fsTaskFile.updateMany({ where: { taskId: id, status: "pending" }, data: { status: "cancelled" } });
  deps.notifyTask?.(id);
  return { cancelled: true as const };
}

/** Runs the failed (and cancelled) files of a finished task again. */
export async function retryTask(
  deps: { db: Database; wakeTasks?: TaskWaker; notifyTask?: TaskNotifier },
  auth: AuthState,
  id: string,
) {
  const task = await requireTask(deps.db, auth, id);
  if (UNFINISHED.includes(task.status)) throw new AppError("CONFLICT", "errors.conflict");
  await deps.db.fsTaskFile.updateMany({
    where: { taskId: id, status: { in: ["failed", "cancelled"] } },
    data: { status: "pending", error: null, owner: "" },
  });
  await deps.db.fsTask.updateMany({
    where: { id },
    // Planned again first: an item whose planning failed (its one row failed) is expanded anew.
    data: { status: "pending", error: null, finishedAt: null },
  });
  deps.notifyTask?.(id);
  deps.wakeTasks?.();
  return { retried: true as const };
}
