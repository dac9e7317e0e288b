// The worker that runs server-side explorer tasks (docs/tasks.md) inside every server process. A task is
// planned (its items expanded into one row per object) by the one process that claims it, then every
// file row is claimed by one process, copied, moved or deleted, and marked. Claims are conditional
// UPDATEs, atomic on SQLite and Postgres alike, and carry a lease: a process killed mid-task leaves
// rows whose lease ends, and another process (or this one after a restart) takes them again. A file
// redone is written whole again at the same key, so nothing is lost or doubled; the multipart upload a
// killed attempt at a large file left on the target store is aborted first.
import { hostname } from "node:os";
import { isPathWithin, joinPath, nameOf } from "@shared/paths";
import { TASK_PARTS_ABOVE_BYTES } from "../../config";
import { type Database, postgresTarget, providerOf } from "../../db/client";
import { AppError, describeError } from "../../errors";
import type { Logger } from "../../logger";
import type { AuthState } from "../auth/sessions";
import { type Endpoint, transferObject } from "../explorer/copy";
import { driverOf, isFolderPath, statLocation, walkObjects } from "../explorer/storage";
import {
  type FsDeps,
  type FsTree,
  fileKeyOf,
  folderKeyOf,
  invalidateListings,
  isInShareArea,
  isMountFolder,
  loadTree,
  locate,
} from "../explorer/tree";
import { abortRecordedUploads } from "../explorer/uploads";
import { followMovedEntry, removeFolderTree, removeStoredEntry } from "../explorer/writes";
import { assertStorageRoom } from "../uploads/upload-limits";
import type { TaskItem } from "./tasks";

/** Files one process works on at once. */
const FILE_CONCURRENCY = 4;
/** How long a claim holds without renewal; renewed at a third of it while a file is copied. */
const LEASE_MS = 60_000;
/** How often an idle process looks for tasks another process created or a dead one left. */
const IDLE_POLL_MS = 15_000;
/** File rows written at once while planning. */
const PLAN_CHUNK = 500;
/** Who a task file's multipart upload is recorded as (MultipartUpload.createdBy), so a redo finds it. */
export const taskUploadRecorder = (fileId: number) => `task-file:${fileId}`;

export type TaskWorker = {
  /** Looks for work now (a task was created or retried in this process). */
  wake(): void;
  /** Works until no task has anything left for this process (tests). */
  drain(): Promise<void>;
  /** Polls for tasks left by other or dead processes; `hasWork` is a cheap check that loads no Prisma. */
  start(hasWork: () => Promise<boolean>): void;
  stop(): Promise<void>;
  /** Calls `listener` when this process changed the task (a file finished, the task ended); the event stream's push. */
  watch(taskId: string, listener: () => void): () => void;
  /** Tells the task's watchers in this process that it changed (a cancel or retry through the API). */
  notify(taskId: string): void;
};

type PlannedFile = {
  item: number;
  sourcePath: string;
  targetPath: string | null;
  size: number;
  status?: string;
  error?: string;
};

const messageOf = (error: unknown) => describeError(error).message;

/** The tree as the task's creator sees it: a key's hides the storages' share folders. */
function creatorAuth(createdBy: string): AuthState {
  return createdBy.startsWith("apikey:")
    ? {
        type: "apikey",
        keyId: createdBy.slice("apikey:".length),
        name: "",
        basicPath: "/",
        permissions: {} as never,
        mountReadOnly: false,
        sessionId: null,
      }
    : { type: "admin", adminId: createdBy.slice("admin:".length), username: "", sessionId: "" };
}

export function createTaskWorker(
  deps: FsDeps & { logger: Logger },
  options: { owner?: string; leaseMs?: number; concurrency?: number; pgSchema?: string; partsAbove?: number } = {},
): TaskWorker {
  const db: Database = deps.db;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const concurrency = options.concurrency ?? FILE_CONCURRENCY;
  const partsAbove = options.partsAbove ?? TASK_PARTS_ABOVE_BYTES;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let leaseTimer: ReturnType<typeof setTimeout> | null = null;
  const leaseEnd = () => new Date(Date.now() + leaseMs);
  // The schema the Postgres claim names (raw SQL is not qualified by the adapter); null on SQLite.
  const pgSchema =
    providerOf(deps.config.databaseUrl) === "postgres"
      ? (options.pgSchema ?? postgresTarget(deps.config.databaseUrl).schema ?? "public")
      : null;
  const watchers = new Map<string, Set<() => void>>();
  const notify = (taskId: string) => {
    for (const listener of watchers.get(taskId) ?? []) listener();
  };

  async function planOne(): Promise<boolean> {
    const now = new Date();
    const candidate = await db.fsTask.findFirst({
      where: { OR: [{ status: "pending" }, { status: "planning", leaseUntil: { lt: now } }] },
      orderBy: { createdAt: "asc" },
      select: { id: true, status: true, type: true, items: true, createdBy: true, skipExisting: true },
    });
    if (!candidate) return false;
    const { count } = await db.fsTask.updateMany({
      where: {
        id: candidate.id,
        OR: [{ status: "pending" }, { status: "planning", leaseUntil: { lt: now } }],
      },
      data: { status: "planning", owner, leaseUntil: leaseEnd() },
    });
    if (count === 0) return true;
    try {
      // Items already worked on keep their rows; an item whose rows are all pending (a planner died
      // while writing them, or its planning failed and the task was retried) is planned again.
      const worked = await db.fsTaskFile.findMany({
        where: { taskId: candidate.id, status: { not: "pending" } },
        distinct: ["item"],
        select: { item: true },
      });
      const keep = new Set(worked.map((row) => row.item));
      const tree = await loadTree(deps, creatorAuth(candidate.createdBy));
      const items = JSON.parse(candidate.items) as TaskItem[];
      let batch: PlannedFile[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await db.fsTaskFile.createMany({ data: batch.map((file) => ({ ...file, taskId: candidate.id })) });
        batch = [];
        await db.fsTask.updateMany({ where: { id: candidate.id, owner }, data: { leaseUntil: leaseEnd() } });
      };
      for (const [index, item] of items.entries()) {
        if (keep.has(index)) continue;
        await db.fsTaskFile.deleteMany({ where: { taskId: candidate.id, item: index } });
        for await (const file of planItem(tree, candidate.type, item, index)) {
          batch.push(file);
          if (batch.length >= PLAN_CHUNK) await flush();
        }
      }
      await flush();
      await db.fsTask.updateMany({
        where: { id: candidate.id, status: "planning", owner },
        data: { status: "running", leaseUntil: null },
      });
    } catch (error) {
      await db.fsTask.updateMany({
        where: { id: candidate.id, status: "planning", owner },
        data: { status: "failed", error: messageOf(error), finishedAt: new Date() },
      });
    }
    notify(candidate.id);
    return true;
  }

  /** The rows of one item: every object under a folder, or the one file; problems become failed rows. */
  async function* planItem(tree: FsTree, type: string, item: TaskItem, index: number): AsyncGenerator<PlannedFile> {
    const failed = (error: unknown): PlannedFile => ({
      item: index,
      sourcePath: item.sourcePath,
      targetPath: item.targetPath?.path ?? null,
      size: 0,
      status: "failed",
      error: messageOf(error),
    });
    try {
      const source = locate(tree, item.sourcePath);
      if (!source) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
      const driver = await driverOf(deps, source);
      const kind = await statLocation(driver, source);
      if (!kind) throw new AppError("NOT_FOUND", "errors.fsPathNotFound");
      let targetRoot: string | null = null;
      if (type !== "delete" && item.targetPath) {
        targetRoot = item.targetPath.path;
        const intoTarget =
          kind.type === "file"
            ? item.targetPath.isFolder || (await isFolderPath(deps, tree, targetRoot))
            : item.targetPath.isFolder || isMountFolder(tree, targetRoot);
        if (intoTarget) targetRoot = joinPath(targetRoot, nameOf(item.sourcePath));
        if (targetRoot === item.sourcePath) throw new AppError("BAD_REQUEST", "errors.fsTaskOntoItself");
        if (kind.type === "directory" && isPathWithin(item.sourcePath, targetRoot)) {
          throw new AppError("BAD_REQUEST", "errors.fsMoveIntoItself");
        }
        if (!locate(tree, targetRoot)) throw new AppError("BAD_REQUEST", "errors.invalidPath");
      }
      if (kind.type === "file") {
        yield { item: index, sourcePath: item.sourcePath, targetPath: targetRoot, size: kind.object.size };
        return;
      }
      const folder = folderKeyOf(source);
      let files = 0;
      for await (const page of walkObjects(driver, folder)) {
        for (const object of page) {
          if (object.key.endsWith("/")) continue;
          const relative = object.key.slice(folder.length);
          const sourcePath = `${source.path}/${relative}`;
          if (tree.hidesShares && isInShareArea(tree, sourcePath)) continue;
          files++;
          yield { item: index, sourcePath, targetPath: targetRoot && `${targetRoot}/${relative}`, size: object.size };
        }
      }
      // An empty folder copied is an empty folder made at the target.
      if (files === 0 && targetRoot) {
        const target = locate(tree, targetRoot);
        if (target) await (await driverOf(deps, target)).put(folderKeyOf(target), new Uint8Array(0), { size: 0 });
      }
    } catch (error) {
      yield failed(error);
    }
  }

  const trees = new Map<string, Promise<FsTree>>();
  const treeOf = (createdBy: string) => {
    let tree = trees.get(createdBy);
    if (!tree) {
      tree = loadTree(deps, creatorAuth(createdBy));
      trees.set(createdBy, tree);
    }
    return tree;
  };

  /**
   * Postgres: one statement takes up to `concurrency` claimable rows, skipping rows another process is
   * claiming this instant (`FOR UPDATE SKIP LOCKED`), so racing processes never queue on each other's
   * rows. The same rows and the same lease as the SQLite path below.
   */
  async function claimSkippingLocked(now: Date): Promise<number[]> {
    const table = (name: string) => `"${pgSchema}"."${name}"`;
    const rows = await db.$queryRawUnsafe<{ id: number }[]>(
      `UPDATE ${table("FsTaskFile")} SET "status" = 'running', "owner" = $1, "leaseUntil" = $2
       WHERE "id" IN (
         SELECT f."id" FROM ${table("FsTaskFile")} f JOIN ${table("FsTask")} t ON t."id" = f."taskId"
         WHERE t."status" = 'running'
           AND (f."status" = 'pending' OR (f."status" = 'running' AND f."leaseUntil" < $3))
         ORDER BY f."id" LIMIT $4
         FOR UPDATE OF f SKIP LOCKED
       )
       RETURNING "id"`,
      owner,
      leaseEnd(),
      now,
      concurrency,
    );
    return rows.map((row) => Number(row.id));
  }

  async function workBatch(): Promise<boolean> {
    const now = new Date();
    if (pgSchema !== null) {
      const claimed = await claimSkippingLocked(now);
      if (claimed.length === 0) return false;
      trees.clear();
      await Promise.all(claimed.map((id) => workFile(id)));
      return true;
    }
    // SQLite: one writer at a time, so each conditional UPDATE below is a claim no other process can share.
    const candidates = await db.fsTaskFile.findMany({
      where: {
        task: { status: "running" },
        OR: [{ status: "pending" }, { status: "running", leaseUntil: { lt: now } }],
      },
      orderBy: { id: "asc" },
      take: concurrency * 2,
      select: { id: true },
    });
    if (candidates.length === 0) return false;
    trees.clear();
    const claimed: number[] = [];
    for (const candidate of candidates) {
      if (claimed.length >= concurrency) break;
      const { count } = await db.fsTaskFile.updateMany({
        where: { id: candidate.id, OR: [{ status: "pending" }, { status: "running", leaseUntil: { lt: now } }] },
        data: { status: "running", owner, leaseUntil: leaseEnd() },
      });
      if (count === 1) claimed.push(candidate.id);
    }
    await Promise.all(claimed.map((id) => workFile(id)));
    return true;
  }

  async function workFile(id: number) {
    const file = await db.fsTaskFile.findUnique({
      where: { id },
      select: {
        taskId: true,
        sourcePath: true,
        targetPath: true,
        task: { select: { status: true, type: true, createdBy: true, skipExisting: true } },
      },
    });
    if (!file) return;
    const mark = async (status: string, error: string | null = null) => {
      await db.fsTaskFile.updateMany({ where: { id, owner }, data: { status, error, leaseUntil: null } });
      notify(file.taskId);
    };
    if (file.task.status !== "running") {
      await mark("cancelled");
      return;
    }
    notify(file.taskId);
    const renew = setInterval(() => {
      db.fsTaskFile.updateMany({ where: { id, owner }, data: { leaseUntil: leaseEnd() } }).catch(() => {});
    }, leaseMs / 3);
    try {
      const tree = await treeOf(file.task.createdBy);
      // A process killed while it copied this file in parts left the upload behind: it goes before the redo.
      const recorder = taskUploadRecorder(id);
      await abortRecordedUploads(deps, { createdBy: recorder });
      const sourceLocation = locate(tree, file.sourcePath);
      if (!sourceLocation) throw new AppError("NOT_FOUND", "errors.fsTaskSourceVanished");
      if (file.task.type === "delete") {
        await removeStoredEntry(deps, tree, sourceLocation, "file");
        await mark("done");
        return;
      }
      const targetLocation = file.targetPath ? locate(tree, file.targetPath) : null;
      if (!targetLocation) throw new AppError("BAD_REQUEST", "errors.invalidPath");
      const source: Endpoint = { location: sourceLocation, driver: await driverOf(deps, sourceLocation) };
      const target: Endpoint = { location: targetLocation, driver: await driverOf(deps, targetLocation) };
      const sourceKey = fileKeyOf(sourceLocation);
      const targetKey = fileKeyOf(targetLocation);
      if (file.task.skipExisting && (await target.driver.head(targetKey))) {
        await mark("skipped");
        return;
      }
      // A source gone since planning is that file's error, not the task's.
      const stored = await source.driver.head(sourceKey);
      if (!stored) throw new AppError("NOT_FOUND", "errors.fsTaskSourceVanished");
      // So is a target without room, found before a byte moves (a move inside one storage adds nothing).
      const targetConfig = targetLocation.mount.storageConfigId;
      if (file.task.type !== "move" || sourceLocation.mount.storageConfigId !== targetConfig) {
        await assertStorageRoom(db, targetConfig, stored.size);
      }
      // A large file goes in parts, its upload recorded until it is completed or aborted: a kill in
      // between leaves the record, for the redo above (or the sweep) to abort the upload.
      const recordUpload = async (uploadId: string) => {
        await db.multipartUpload.create({
          data: {
            storageConfigId: targetConfig,
            objectKey: targetKey,
            uploadId,
            virtualPath: targetLocation.path,
            createdBy: recorder,
          },
        });
      };
      try {
        await transferObject(source, sourceKey, target, targetKey, {
          size: stored.size,
          partsAbove,
          multipart: { onStart: recordUpload },
        });
      } finally {
        await db.multipartUpload.deleteMany({ where: { createdBy: recorder } });
      }
      if (file.task.type === "move") {
        await followMovedEntry(deps, sourceLocation, targetLocation, "file");
        await source.driver.delete(sourceKey);
      }
      invalidateListings(deps, tree, [sourceLocation.mount.storageConfigId, targetLocation.mount.storageConfigId]);
      await mark("done");
    } catch (error) {
      await mark("failed", messageOf(error));
    } finally {
      clearInterval(renew);
    }
  }

  /** Ends the tasks whose files are all finished: completed, partial or failed; a move's or delete's emptied folders go. */
  async function finishTasks() {
    const running = await db.fsTask.findMany({
      where: { status: "running", files: { none: { status: { in: ["pending", "running"] } } } },
      select: { id: true, type: true, items: true, createdBy: true },
    });
    for (const task of running) {
      const failed = await db.fsTaskFile.count({ where: { taskId: task.id, status: "failed" } });
      const succeeded = await db.fsTaskFile.count({ where: { taskId: task.id, status: { in: ["done", "skipped"] } } });
      const status = failed === 0 ? "completed" : succeeded > 0 ? "partial" : "failed";
      // Every file of a move or delete went: the folders they were in (their markers) go as well,
      // before the task reads finished, so a listing read at its end no longer shows them. Two
      // processes finishing the same task both remove them, which is harmless.
      if (failed === 0 && task.type !== "copy") await removeEmptiedFolders(task);
      const { count } = await db.fsTask.updateMany({
        where: { id: task.id, status: "running" },
        data: { status, finishedAt: new Date() },
      });
      if (count > 0) notify(task.id);
    }
  }

  async function removeEmptiedFolders(task: { items: string; createdBy: string }) {
    const tree = await loadTree(deps, creatorAuth(task.createdBy));
    for (const item of JSON.parse(task.items) as TaskItem[]) {
      const location = locate(tree, item.sourcePath);
      if (!location || location.relative === "") continue;
      try {
        const driver = await driverOf(deps, location);
        if ((await statLocation(driver, location))?.type === "directory") {
          await removeFolderTree(driver, folderKeyOf(location));
        }
        invalidateListings(deps, tree, [location.mount.storageConfigId]);
      } catch (error) {
        deps.logger.warn("task: could not remove an emptied folder", { error: String(error) });
      }
    }
  }

  async function drainOnce() {
    for (;;) {
      if (stopped) return;
      const planned = await planOne();
      const worked = await workBatch();
      await finishTasks();
      if (!planned && !worked) return;
    }
  }

  /**
   * Files (or a plan) still claimed under another owner's lease are those of a process that is busy
   * or was killed: this process looks again the moment the earliest lease ends, so a restarted server
   * takes up the dead one's files then, not at its next idle poll.
   */
  async function wakeWhenLeaseEnds() {
    if (stopped) return;
    try {
      const [file, plan] = await Promise.all([
        db.fsTaskFile.findFirst({
          where: { status: "running", owner: { not: owner }, task: { status: "running" } },
          orderBy: { leaseUntil: "asc" },
          select: { leaseUntil: true },
        }),
        db.fsTask.findFirst({
          where: { status: "planning", owner: { not: owner } },
          orderBy: { leaseUntil: "asc" },
          select: { leaseUntil: true },
        }),
      ]);
      const ends = [file?.leaseUntil, plan?.leaseUntil].filter((end): end is Date => end instanceof Date);
      if (ends.length === 0) return;
      const earliest = Math.min(...ends.map((end) => end.getTime()));
      if (leaseTimer) clearTimeout(leaseTimer);
      leaseTimer = setTimeout(
        () => {
          leaseTimer = null;
          if (!stopped) void drain();
        },
        Math.max(0, earliest - Date.now()) + 100,
      );
      leaseTimer.unref();
    } catch (error) {
      deps.logger.warn("task worker: could not read the leases of other processes", { error: String(error) });
    }
  }

  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          await drainOnce();
        } catch (error) {
          deps.logger.warn("task worker failed; it tries again", { error: String(error) });
        }
      } while (again && !stopped);
      await wakeWhenLeaseEnds();
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  return {
    watch(taskId, listener) {
      let listeners = watchers.get(taskId);
      if (!listeners) {
        listeners = new Set();
        watchers.set(taskId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) watchers.delete(taskId);
      };
    },
    notify,
    wake() {
      if (!stopped) void drain();
    },
    drain,
    start(hasWork) {
      const check = () => {
        if (draining || stopped) return;
        hasWork().then(
          (found) => {
            if (found) void drain();
          },
          (error) => deps.logger.warn("task worker: could not look for tasks", { error: String(error) }),
        );
      };
      check();
      timer = setInterval(check, IDLE_POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (leaseTimer) clearTimeout(leaseTimer);
      await draining;
    },
  };
}
