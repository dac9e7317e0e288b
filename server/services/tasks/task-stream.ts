// One task's live progress as server-sent events (docs/tasks.md, "Following a task"): the task with
// its files is sent at once, again each time this process's worker changes it (a file claimed or
// finished, the task ended), and again when a check every few seconds finds it changed elsewhere (the
// work of another process, a cancel through another process). The stream ends after the message
// that shows the task finished. Each message is a whole snapshot, so one a slow reader misses is not
// queued: the next replaces it, and a stream's memory stays one message whatever the task's size.
import { FS_TASK_FILES_PAGE } from "@shared/schemas/explorer/tasks";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { AuthState } from "../auth/sessions";
import { getTask } from "./tasks";
import type { TaskWorker } from "./worker";

/** Each message carries the task's first files (FS_TASK_FILES_PAGE); the counts cover the rest. */
const firstPage = (id: string) => ({ id, files_offset: 0, files_limit: FS_TASK_FILES_PAGE });
/** How often a stream looks for changes made by other processes. */
const RECHECK_MS = 2_000;
/** Shortest gap between two messages: a burst of finished files becomes one. */
const PUSH_GAP_MS = 250;
const HEARTBEAT_MS = 15_000;
const FINISHED = new Set(["completed", "partial", "failed", "cancelled"]);

type StreamDeps = { db: Database; tasks: Pick<TaskWorker, "watch">; logger: Logger };

/** What changes when anything a reader sees changes: the task's status and its files' counts. */
async function fingerprintOf(db: Database, id: string): Promise<string> {
  const [task, groups] = await Promise.all([
    db.fsTask.findUnique({ where: { id }, select: { status: true } }),
    db.fsTaskFile.groupBy({ by: ["status"], where: { taskId: id }, _count: { _all: true } }),
  ]);
  const counts = groups.map((group) => `${group.status}=${group._count._all}`).sort();
  return `${task?.status ?? "gone"} ${counts.join(",")}`;
}

/** Opens the stream; a task the caller may not see is refused (404) before it opens. */
export async function openTaskStream(deps: StreamDeps, auth: AuthState, id: string): Promise<Response> {
  const { db, logger } = deps;
  // Read before the snapshot: a change between the two is then seen as a change, never missed.
  const firstFingerprint = await fingerprintOf(db, id);
  const first = await getTask(db, auth, firstPage(id));
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let isOpen = true;
  let lastSent = "";
  let isSending = false;
  let isDirty = false;
  let lastPushAt = 0;
  let pushTimer: ReturnType<typeof setTimeout> | null = null;
  const timers: ReturnType<typeof setInterval>[] = [];
  let unwatch = () => {};

  function end() {
    if (!isOpen) return;
    isOpen = false;
    unwatch();
    for (const timer of timers) clearInterval(timer);
    if (pushTimer) clearTimeout(pushTimer);
    try {
      controller?.close();
    } catch {
      // Already closed by the client going away.
    }
  }

  function send(task: Awaited<ReturnType<typeof getTask>>, fingerprint: string) {
    if (!isOpen || !controller) return;
    // A reader that has not taken the last message gets the next change instead of a queue.
    if ((controller.desiredSize ?? 1) <= 0) return;
    controller.enqueue(encoder.encode(`data: ${JSON.stringify(task)}\n\n`));
    lastSent = fingerprint;
    lastPushAt = Date.now();
    if (FINISHED.has(task.status)) end();
  }

  async function push(force: boolean) {
    if (!isOpen) return;
    if (isSending) {
      isDirty = true;
      return;
    }
    isSending = true;
    try {
      const fingerprint = await fingerprintOf(db, id);
      if (force || fingerprint !== lastSent) send(await getTask(db, auth, firstPage(id)), fingerprint);
    } catch (error) {
      // The task was purged, or the database is away for a moment: the reader reconnects if it must.
      logger.warn("task stream: could not read the task", { error: String(error) });
      end();
    } finally {
      isSending = false;
    }
    if (isDirty && isOpen) {
      isDirty = false;
      schedule();
    }
  }

  function schedule() {
    if (!isOpen || pushTimer) return;
    const wait = Math.max(0, lastPushAt + PUSH_GAP_MS - Date.now());
    pushTimer = setTimeout(() => {
      pushTimer = null;
      void push(false);
    }, wait);
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        send(first, firstFingerprint);
        unwatch = deps.tasks.watch(id, schedule);
        timers.push(setInterval(() => void push(false), RECHECK_MS));
        // Comments keep proxies from timing the stream out.
        const keepAlive = () => {
          if (isOpen && (controller?.desiredSize ?? 0) > 0) controller?.enqueue(encoder.encode(": keep-alive\n\n"));
        };
        timers.push(setInterval(keepAlive, HEARTBEAT_MS));
      },
      cancel() {
        end();
      },
    },
    // One message in the queue at most (its size counted in messages, not bytes).
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
