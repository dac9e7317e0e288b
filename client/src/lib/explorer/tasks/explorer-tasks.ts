// The explorer's long operations that run in the page, as tasks of the task manager (docs/product.md §3
// Task, §4): uploads (files and whole folders), the CloudPaste batch copy (the server's, then the
// client-side copy across storages, kept for that API's callers and for a server that cannot reach
// both stores), deletes one path at a time and the basket's zip download. The explorer's own copies,
// moves and deletes run on the server (server-tasks.ts). Each runs in the background with its own AbortController (the task's
// cancel), reports progress and every file's status to the store, and ends completed, partially
// complete, failed or cancelled. Listings are refreshed through `onChanged` when something changed.

import { joinPath, nameOf } from "@shared/paths";
import { appCodeOf } from "../../api/api-errors";
import type { DirectBlocked } from "../../upload/direct-blocked";
import { eachInPool } from "../../upload/engine/pool";
import { isAbortError } from "../../upload/engine/retry";
import type { Transport } from "../../upload/engine/transport";
import { checkLimits } from "../../upload/upload-limits";
import type { BasketItem } from "../basket-store";
import { type ZipSink, zipBasket } from "../basket-zip";
import { type ClientCopyDeps, copyAcrossStorages } from "../client-copy";
import type { CopyItem, FsClient, FsEndpoint } from "../fs-client";
import { type FsUploadDeps, uploadIntoFolder } from "../fs-upload";
import { type PickedSet, targetFolderOf } from "../picked-files";
import type { ServerTaskClient } from "./server-tasks";
import { finalStatus, isActive, type NewTask, type Task, type TaskStore } from "./task-store";

export type TaskDeps = {
  /** The procedures a task calls; uploads and client-side copies pass it on. */
  client: Pick<FsClient, "mkdir" | "batchCopy" | "remove"> & FsUploadDeps["client"] & ClientCopyDeps["client"];
  /** The server's task procedures: copies, moves and deletes it runs (server-tasks.ts). */
  tasksClient: ServerTaskClient;
  endpoint: FsEndpoint;
  transport: Transport;
  mayConnect: (url: string) => Promise<boolean>;
  directBlocked: DirectBlocked;
  store: TaskStore;
  /** The server's max upload size (the Upload page's limit), checked before a file's first byte. */
  maxUploadBytes: number;
  onChanged: () => void;
  pageOrigin?: string;
  fetch?: typeof fetch;
  /** Files uploaded at once within one task (each large one sends 3 parts at once). */
  uploadConcurrency?: number;
  retryDelayMs?: number;
};

export type StartedTask = { id: string; done: Promise<Task | undefined> };

type RunContext = { id: string; signal: AbortSignal };

/** Runs `run` as a task: running at once, then the status its files give unless it set one. */
function runTask(store: TaskStore, input: NewTask, run: (context: RunContext) => Promise<void>): StartedTask {
  const controller = new AbortController();
  const id = store.create(input, () => controller.abort());
  const current = () => store.getTasks().find((task) => task.id === id);
  const done = (async () => {
    store.update(id, { status: "running" });
    try {
      await run({ id, signal: controller.signal });
      if (current() && isActive(current() as Task)) {
        store.update(id, (task) => ({ status: finalStatus(task.files, controller.signal.aborted) }));
      }
    } catch (error) {
      const cancelled = controller.signal.aborted || isAbortError(error);
      store.update(id, (task) => ({
        status: cancelled ? "cancelled" : "failed",
        error: cancelled ? undefined : error,
        files: task.files.map((file) =>
          file.status === "pending" || file.status === "running"
            ? { ...file, status: cancelled ? "cancelled" : file.status === "running" ? "failed" : "cancelled" }
            : file,
        ),
      }));
    }
    return current();
  })();
  return { id, done };
}

/** Marks the files still waiting as cancelled (a cancel stops before them). */
function cancelRest(store: TaskStore, id: string) {
  store.update(id, (task) => ({
    files: task.files.map((file) =>
      file.status === "pending" || file.status === "running" ? { ...file, status: "cancelled" } : file,
    ),
  }));
}

// ---- Upload ------------------------------------------------------------------------------------

/** Uploads files (and the folders they came in) into `target`; folders are created first. */
export function startUploadTask(deps: TaskDeps, picked: PickedSet, target: string): StartedTask {
  const files = picked.files.map((entry) => ({
    id: entry.relativePath,
    name: entry.relativePath,
    path: joinPath(targetFolderOf(target, entry.relativePath), nameOf(entry.relativePath)),
    size: entry.file.size,
  }));
  const hasFolders = picked.folders.length > 0;
  const title = hasFolders
    ? { key: "explorer.tasks.titles.uploadFolder", values: { count: files.length, target } }
    : { key: "explorer.tasks.titles.upload", values: { count: files.length, target } };
  const { store } = deps;
  return runTask(store, { type: "upload", title, files }, async ({ id, signal }) => {
    const loaded = new Map<string, number>();
    const report = () => store.update(id, { loaded: [...loaded.values()].reduce((sum, value) => sum + value, 0) });
    for (const folder of picked.folders) {
      if (signal.aborted) break;
      try {
        await deps.client.mkdir.mutate({ path: joinPath(target, folder) });
      } catch (error) {
        // A folder that is already there is what we want.
        if (appCodeOf(error) !== "CONFLICT") throw error;
      }
    }
    if (hasFolders) deps.onChanged();
    try {
      await eachInPool(picked.files, deps.uploadConcurrency ?? 2, async (entry) => {
        if (signal.aborted) return;
        const fileId = entry.relativePath;
        store.updateFile(id, fileId, { status: "running" });
        try {
          // The server would refuse it after the bytes: refused here, with the same words as /upload.
          checkLimits(entry.file.size, { maxBytes: deps.maxUploadBytes, storage: null });
          await uploadIntoFolder(
            { blob: entry.file, name: nameOf(entry.relativePath), type: entry.file.type, size: entry.file.size },
            targetFolderOf(target, entry.relativePath),
            {
              client: deps.client,
              endpoint: deps.endpoint,
              transport: deps.transport,
              mayConnect: deps.mayConnect,
              directBlocked: deps.directBlocked,
              pageOrigin: deps.pageOrigin,
              signal,
              retryDelayMs: deps.retryDelayMs,
            },
            {
              onProgress: (bytes) => {
                loaded.set(fileId, bytes);
                store.updateFile(id, fileId, { loaded: bytes });
                report();
              },
            },
          );
          loaded.set(fileId, entry.file.size);
          store.updateFile(id, fileId, { status: "completed", loaded: entry.file.size });
          report();
        } catch (error) {
          if (signal.aborted || isAbortError(error)) return;
          store.updateFile(id, fileId, { status: "failed", error });
        }
      });
    } finally {
      if (signal.aborted) cancelRest(store, id);
      deps.onChanged();
    }
    const task = store.getTasks().find((candidate) => candidate.id === id);
    const done = task?.files.filter((file) => file.status === "completed").length ?? 0;
    const failed = task?.files.filter((file) => file.status === "failed").length ?? 0;
    store.update(id, { summary: { key: "explorer.tasks.summaries.upload", values: { done, failed } } });
  });
}

// ---- Copy --------------------------------------------------------------------------------------

export type CopyRequest = { sourcePath: string; targetPath: string };

const copyFileId = (item: CopyItem) => `file:${item.targetMountId}:${item.targetPath}`;

/**
 * Copies `requests` (docs/product.md §7 batch-copy, skip existing by default). The server copies within a
 * storage; for what spans two it answers with files the client copies itself, one at a time.
 */
export function startCopyTask(
  deps: TaskDeps,
  requests: readonly CopyRequest[],
  options: { skipExisting: boolean; target: string; hasFolders?: boolean },
): StartedTask {
  const { store } = deps;
  const files = requests.map((request) => ({
    id: `item:${request.sourcePath}`,
    name: nameOf(request.sourcePath),
    path: request.sourcePath,
    size: 0,
  }));
  const title = { key: "explorer.tasks.titles.copy", values: { count: requests.length, target: options.target } };
  return runTask(store, { type: "copy", title, files, total: 0 }, async ({ id, signal }) => {
    const answer = await deps.client.batchCopy.mutate({ items: [...requests], skipExisting: options.skipExisting });
    const refused = new Map(answer.failed.map((failure) => [failure.sourcePath, failure.message]));
    const crossSources = new Set(answer.crossStorageResults.map((result) => result.sourcePath));
    const isDirectoryCopy =
      Boolean(options.hasFolders) || answer.crossStorageResults.some((result) => result.isDirectory);
    // What the server did is settled now; what crosses storages becomes one row per file.
    store.update(id, (task) => ({
      files: [
        ...task.files
          .filter((file) => !crossSources.has(file.path))
          .map((file) => {
            const message = refused.get(file.path);
            return message === undefined
              ? { ...file, status: "completed" as const }
              : { ...file, status: "failed" as const, error: new Error(message) };
          }),
        ...answer.items.map((item) => ({
          id: copyFileId(item),
          name: item.targetPath,
          path: item.sourcePath,
          size: item.fileSize,
          loaded: 0,
          status: "pending" as const,
        })),
      ],
      // Each client-side file moves twice: down from the source, up to the target.
      total: answer.items.reduce((sum, item) => sum + item.fileSize * 2, 0),
    }));
    deps.onChanged();
    let clientCopied = 0;
    let clientFailed = 0;
    let cancelled = false;
    if (answer.requiresClientSideCopy && answer.items.length > 0) {
      let finishedBytes = 0;
      const result = await copyAcrossStorages(
        answer.items,
        {
          client: deps.client,
          endpoint: deps.endpoint,
          transport: deps.transport,
          mayConnect: deps.mayConnect,
          pageOrigin: deps.pageOrigin,
          signal,
          fetch: deps.fetch,
        },
        {
          onFileStart: (item) => store.updateFile(id, copyFileId(item), { status: "running" }),
          onFileProgress: (item, moved) => {
            store.updateFile(id, copyFileId(item), { loaded: Math.min(item.fileSize, moved / 2) });
            store.update(id, { loaded: finishedBytes + moved });
          },
          onFileDone: (item) => {
            finishedBytes += item.fileSize * 2;
            store.updateFile(id, copyFileId(item), { status: "completed", loaded: item.fileSize });
            store.update(id, { loaded: finishedBytes });
          },
          onFileFailed: (item, error) => {
            store.updateFile(id, copyFileId(item), { status: "failed", error });
          },
        },
      );
      clientCopied = result.copied.length;
      clientFailed = result.failed.length;
      cancelled = result.cancelled;
      if (cancelled) cancelRest(store, id);
      deps.onChanged();
    }
    const copied = answer.success + clientCopied;
    const failed = answer.failed.length + clientFailed;
    if (cancelled) {
      store.update(id, {
        status: "cancelled",
        summary: { key: isDirectoryCopy ? "explorer.copy.directoryCancelled" : "explorer.copy.cancelled" },
      });
      return;
    }
    const summary =
      copied === 0 && answer.skipped === 0 && failed > 0
        ? { key: "explorer.copy.noneCopied" }
        : isDirectoryCopy
          ? { key: "explorer.copy.directoryDone", values: { success: copied, failed, skipped: answer.skipped } }
          : { key: "explorer.copy.done", values: { success: copied, failed, skipped: answer.skipped } };
    store.update(id, (task) => ({ summary, status: finalStatus(task.files, false) }));
  });
}

// ---- Delete ------------------------------------------------------------------------------------

/** Deletes files and whole folders one path at a time, so a cancel stops between them. */
export function startDeleteTask(deps: TaskDeps, paths: readonly string[]): StartedTask {
  const { store } = deps;
  const files = paths.map((path) => ({ id: path, name: nameOf(path), path, size: 0 }));
  const title = { key: "explorer.tasks.titles.delete", values: { count: paths.length } };
  return runTask(store, { type: "delete", title, files }, async ({ id, signal }) => {
    let deleted = 0;
    try {
      for (const path of paths) {
        if (signal.aborted) break;
        store.updateFile(id, path, { status: "running" });
        try {
          await deps.client.remove.mutate({ path });
          deleted++;
          store.updateFile(id, path, { status: "completed" });
        } catch (error) {
          store.updateFile(id, path, { status: "failed", error });
        }
      }
    } finally {
      if (signal.aborted) cancelRest(store, id);
      deps.onChanged();
    }
    store.update(id, {
      summary: { key: "explorer.tasks.summaries.delete", values: { done: deleted, failed: paths.length - deleted } },
    });
  });
}

// ---- Zip download ------------------------------------------------------------------------------

/** The basket's files as one zip, streamed into `sink` (chosen at the click). */
export function startZipTask(deps: TaskDeps, items: readonly BasketItem[], sink: ZipSink): StartedTask {
  const { store } = deps;
  const files = items.map((item) => ({ id: item.path, name: item.path, path: item.path, size: item.size }));
  const title = { key: "explorer.tasks.titles.download", values: { count: items.length } };
  return runTask(store, { type: "download", title, files }, async ({ id, signal }) => {
    const result = await zipBasket(
      items,
      sink,
      { endpoint: deps.endpoint, signal, fetch: deps.fetch },
      {
        onFileStart: (item) => store.updateFile(id, item.path, { status: "running" }),
        onFileDone: (item) => store.updateFile(id, item.path, { status: "completed", loaded: item.size }),
        onFileFailed: (item, error) => store.updateFile(id, item.path, { status: "failed", error }),
        onProgress: (loaded) => store.update(id, { loaded }),
      },
    );
    store.update(id, {
      summary: {
        key: sink.kind === "file" ? "explorer.tasks.summaries.zipSaved" : "explorer.tasks.summaries.zipDownloaded",
        values: { done: result.added, failed: result.failed },
      },
    });
  });
}
