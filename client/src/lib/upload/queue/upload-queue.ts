// The upload list of the upload screen, kept outside React so that uploads go on while the user
// looks at other pages and are still listed on return. Each row goes pending -> uploading (with
// percent) -> success or error (docs/product.md §4); a few run at once (pool.ts), the rest wait their turn. Rows can
// be cancelled (a running upload is aborted and cleaned up) and retried. The Upload screen draws it
// when it opens: what runs the rows (the pool, the engine) loads when the first row starts.

import type { Pool } from "../engine/pool";
import type { UploadedFile } from "../engine/upload-api";
import type { UploadMode } from "../upload-plan";

export type QueueSource =
  | { kind: "file"; file: File }
  | { kind: "url"; url: string; filename: string; size: number | null; contentType: string };

export type QueueStatus = "pending" | "uploading" | "success" | "error";
export type QueuePhase = "checking" | "downloading" | "encrypting" | "uploading";

export type QueueItem = {
  id: string;
  source: QueueSource;
  name: string;
  size: number | null;
  type: string;
  status: QueueStatus;
  /** Pending and waiting for a free slot (the user started it). */
  isQueued: boolean;
  phase: QueuePhase | null;
  /** 0-100; 100 only on success. */
  percent: number;
  loaded: number;
  total: number | null;
  mode: UploadMode | null;
  /** URL uploads: whether the browser downloaded the file itself or through the server. */
  via: "direct" | "proxy" | null;
  /** A resumed multipart upload: bytes that were already stored. */
  resumedBytes: number;
  error: unknown;
  result: UploadedFile | null;
};

export type ProgressPatch = Partial<
  Pick<QueueItem, "phase" | "percent" | "loaded" | "total" | "mode" | "via" | "resumedBytes" | "size">
>;

export type QueueRunner<Job> = (
  item: QueueItem,
  job: Job,
  report: (patch: ProgressPatch) => void,
  signal: AbortSignal,
) => Promise<UploadedFile>;

export type UploadQueue<Job> = {
  getItems(): readonly QueueItem[];
  subscribe(listener: () => void): () => void;
  add(sources: QueueSource[]): QueueItem[];
  /** Starts the given pending rows (all pending rows when none are named) with this job. */
  start(job: Job, ids?: string[]): void;
  cancel(id: string): void;
  retry(id: string, job: Job): void;
  remove(id: string): void;
  /** Removes finished rows (success and error). */
  clearFinished(): void;
  isBusy(): boolean;
};

export const UPLOAD_CONCURRENCY = 2;

function nameOf(source: QueueSource): string {
  return source.kind === "file" ? source.file.name : source.filename;
}

let counter = 0;

export function createUploadQueue<Job>(options: {
  run: QueueRunner<Job>;
  concurrency?: number;
  onSuccess?: (item: QueueItem, file: UploadedFile) => void;
}): UploadQueue<Job> {
  const concurrency = options.concurrency ?? UPLOAD_CONCURRENCY;
  let items: readonly QueueItem[] = [];
  const listeners = new Set<() => void>();
  const jobs = new Map<string, Job>();
  const running = new Map<string, AbortController>();

  const publish = (next: readonly QueueItem[]) => {
    items = next;
    for (const listener of listeners) listener();
  };
  const patch = (id: string, change: Partial<QueueItem>) => {
    if (!items.some((item) => item.id === id)) return;
    publish(items.map((item) => (item.id === id ? { ...item, ...change } : item)));
  };

  let pool: Promise<Pool> | null = null;
  /**
   * Takes the row's turn in the pool; a row cancelled or removed while waiting is skipped. Rows
   * started before the pool has loaded wait for it in the order they were started.
   */
  const enqueue = (id: string) => {
    pool ??= import("../engine/pool").then((module) => module.createPool(concurrency));
    pool.then(
      (run) =>
        void run(async () => {
          const item = items.find((entry) => entry.id === id);
          const job = jobs.get(id);
          if (item?.status !== "pending" || !item.isQueued || running.has(id) || job === undefined) return;
          await runOne(item, job);
        }),
      (error: unknown) => {
        // Its code did not arrive: the row says so and can be retried (which tries the network again).
        pool = null;
        jobs.delete(id);
        patch(id, { status: "error", isQueued: false, error });
      },
    );
  };

  const runOne = async (item: QueueItem, job: Job) => {
    const controller = new AbortController();
    running.set(item.id, controller);
    patch(item.id, { status: "uploading", isQueued: false, phase: "checking", percent: 0, loaded: 0, error: null });
    try {
      const current = items.find((entry) => entry.id === item.id) ?? item;
      const file = await options.run(
        current,
        job,
        (change) => {
          if (!controller.signal.aborted) patch(item.id, change);
        },
        controller.signal,
      );
      patch(item.id, { status: "success", phase: null, percent: 100, result: file, error: null });
      const done = items.find((entry) => entry.id === item.id);
      if (done) options.onSuccess?.(done, file);
    } catch (error) {
      patch(item.id, { status: "error", phase: null, error });
    } finally {
      running.delete(item.id);
      jobs.delete(item.id);
    }
  };

  return {
    getItems: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(sources) {
      const added = sources.map<QueueItem>((source) => ({
        id: `upload-${Date.now().toString(36)}-${++counter}`,
        source,
        name: nameOf(source),
        size: source.kind === "file" ? source.file.size : source.size,
        type: source.kind === "file" ? source.file.type : source.contentType,
        status: "pending",
        isQueued: false,
        phase: null,
        percent: 0,
        loaded: 0,
        total: null,
        mode: null,
        via: null,
        resumedBytes: 0,
        error: null,
        result: null,
      }));
      publish([...items, ...added]);
      return added;
    },
    start(job, ids) {
      const wanted = ids ? new Set(ids) : null;
      const starting = items.filter(
        (item) => item.status === "pending" && !item.isQueued && (!wanted || wanted.has(item.id)),
      );
      if (starting.length === 0) return;
      for (const item of starting) jobs.set(item.id, job);
      const startingIds = new Set(starting.map((item) => item.id));
      publish(items.map((item) => (startingIds.has(item.id) ? { ...item, isQueued: true } : item)));
      for (const item of starting) enqueue(item.id);
    },
    cancel(id) {
      const controller = running.get(id);
      if (controller) {
        controller.abort();
        return;
      }
      const item = items.find((entry) => entry.id === id);
      if (!item) return;
      if (item.status === "pending" && item.isQueued) {
        jobs.delete(id);
        patch(id, { isQueued: false });
      } else if (item.status !== "uploading") {
        publish(items.filter((entry) => entry.id !== id));
      }
    },
    retry(id, job) {
      const item = items.find((entry) => entry.id === id);
      if (item?.status !== "error") return;
      jobs.set(id, job);
      patch(id, {
        status: "pending",
        isQueued: true,
        error: null,
        percent: 0,
        loaded: 0,
        phase: null,
        mode: null,
        via: null,
        resumedBytes: 0,
      });
      enqueue(id);
    },
    remove(id) {
      if (running.has(id)) return;
      jobs.delete(id);
      publish(items.filter((item) => item.id !== id));
    },
    clearFinished() {
      publish(items.filter((item) => item.status !== "success" && item.status !== "error"));
    },
    isBusy: () => running.size > 0 || items.some((item) => item.status === "pending" && item.isQueued),
  };
}
