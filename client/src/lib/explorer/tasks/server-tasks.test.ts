// The explorer's server tasks without a server: the task procedures are fakes that record their calls,
// and the event stream is a fetch answering server-sent events, so each rule (the store follows the
// stream's snapshots, a dropped stream is opened again, cancel and retry are the server's, a reload
// follows what still runs and adds what this browser did not keep) is checked on its own.
import { describe, expect, test } from "bun:test";
import { retryServerTask, type ServerTaskDeps, startServerTask, syncServerTasks } from "./server-tasks";
import { fromStored } from "./task-persistence";
import { createTaskStore, taskPercent } from "./task-store";

type Snapshot = {
  id: string;
  type: "copy" | "move" | "delete";
  items: { path: string; target_path: string | null }[];
  status: string;
  progress: number;
  total: number;
  done: number;
  skipped: number;
  failed: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  files: { path: string; target_path: string | null; status: string; error?: string }[];
};

function snapshot(status: string, files: Snapshot["files"], type: Snapshot["type"] = "copy"): Snapshot {
  const count = (wanted: string) => files.filter((file) => file.status === wanted).length;
  return {
    id: "srv-1",
    type,
    items: [{ path: "/local/album", target_path: "/s3/album" }],
    status,
    progress: 0,
    total: files.length,
    done: count("done"),
    skipped: count("skipped"),
    failed: count("failed"),
    error: null,
    created_at: new Date(1_000).toISOString(),
    finished_at: null,
    files,
  };
}

const file = (name: string, status: string, error?: string) => ({
  path: `/local/album/${name}`,
  target_path: `/s3/album/${name}`,
  status,
  ...(error ? { error } : {}),
});

/** An event stream that sends `messages`, then ends (or breaks off, when `breaks`). */
function eventStream(messages: unknown[], breaks = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      controller.enqueue(encoder.encode(": keep-alive\n\n"));
      for (const message of messages) controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
      if (breaks) controller.error(new TypeError("network error"));
      else controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

type Calls = { name: string; input: unknown }[];

function fakeDeps(streams: Response[], calls: Calls, listed: Snapshot[] = []): ServerTaskDeps & { urls: string[] } {
  const urls: string[] = [];
  const record =
    <T>(name: string, result: T) =>
    async (input: unknown) => {
      calls.push({ name, input });
      return result;
    };
  return {
    urls,
    tasksClient: {
      create: { mutate: record("create", { task_id: "srv-1" }) },
      cancel: { mutate: record("cancel", { cancelled: true as const }) },
      retry: { mutate: record("retry", { retried: true as const }) },
      list: { query: record("list", listed) },
    } as unknown as ServerTaskDeps["tasksClient"],
    endpoint: { base: "/api/admin/fs", headers: () => ({ Authorization: "Bearer t" }) },
    store: createTaskStore(),
    onChanged: () => calls.push({ name: "changed", input: null }),
    reconnectMs: 1,
    fetch: (async (url: string) => {
      urls.push(url);
      return streams.shift() ?? new Response("gone", { status: 404 });
    }) as unknown as typeof fetch,
  };
}

describe("server tasks in the explorer", () => {
  test("a copy is started on the server and the store follows its stream to the end, file by file", async () => {
    const calls: Calls = [];
    const deps = fakeDeps(
      [
        eventStream([
          snapshot("planning", []),
          snapshot("running", [file("a.txt", "done"), file("b.txt", "running")]),
          snapshot("partial", [file("a.txt", "done"), file("b.txt", "failed", "The source disappeared")]),
        ]),
      ],
      calls,
    );
    const started = startServerTask(deps, {
      type: "copy",
      items: [{ sourcePath: "/local/album", targetPath: "/s3/album" }],
      skipExisting: true,
    });
    const task = await started.done;
    expect(calls[0]).toEqual({
      name: "create",
      input: { type: "copy", items: [{ sourcePath: "/local/album", targetPath: "/s3/album" }], skipExisting: true },
    });
    expect(deps.urls).toEqual(["/api/admin/fs/tasks/srv-1/events"]);
    expect(task?.serverId).toBe("srv-1");
    expect(task?.status).toBe("partial");
    expect(task?.title).toEqual({ key: "explorer.tasks.titles.copy", values: { count: 1, target: "/s3" } });
    expect(task?.summary).toEqual({
      key: "explorer.tasks.summaries.server.copy",
      values: { done: 1, skipped: 0, failed: 1 },
    });
    expect(task?.files.map((one) => [one.path, one.status, one.error && String((one.error as Error).message)])).toEqual(
      [
        ["/local/album/a.txt", "completed", undefined],
        ["/local/album/b.txt", "failed", "The source disappeared"],
      ],
    );
    expect(task && taskPercent(task)).toBe(100);
    // Listings were refreshed as files arrived, not once per message.
    expect(calls.filter((call) => call.name === "changed").length).toBe(2);
  });

  test("a stream that breaks off is opened again until the task has finished", async () => {
    const calls: Calls = [];
    const deps = fakeDeps(
      [
        eventStream([snapshot("running", [file("a.txt", "done"), file("b.txt", "pending")])], true),
        eventStream([snapshot("completed", [file("a.txt", "done"), file("b.txt", "done")])]),
      ],
      calls,
    );
    const task = await startServerTask(deps, { type: "delete", items: [{ sourcePath: "/local/album" }] }).done;
    expect(deps.urls).toHaveLength(2);
    expect(task?.status).toBe("completed");
    expect(task?.counts).toEqual({ total: 2, finished: 2, done: 2, failed: 0 });
  });

  test("a task the server refuses ends failed with its reason, and nothing is followed", async () => {
    const deps = fakeDeps([], []);
    deps.tasksClient.create.mutate = (async () => {
      throw new Error("A folder cannot be moved or copied into itself");
    }) as never;
    const task = await startServerTask(deps, {
      type: "move",
      items: [{ sourcePath: "/local/album", targetPath: "/local/album/deep/album" }],
    }).done;
    expect(task?.status).toBe("failed");
    expect(String(task?.error)).toContain("into itself");
    expect(deps.urls).toEqual([]);
  });

  test("cancel asks the server, whose stream then brings the end", async () => {
    const calls: Calls = [];
    let release: (response: Response) => void = () => {};
    const deps = fakeDeps([], calls);
    deps.fetch = (() =>
      new Promise<Response>((resolve) => {
        release = resolve;
      })) as unknown as typeof fetch;
    const started = startServerTask(deps, { type: "copy", items: [{ sourcePath: "/local/a", targetPath: "/s3/a" }] });
    while (!deps.store.getTasks()[0]?.serverId) await Bun.sleep(1);
    deps.store.cancel(started.id);
    expect(calls.map((call) => call.name)).toEqual(["create", "cancel"]);
    expect(deps.store.getTasks()[0]?.status).toBe("running");
    release(eventStream([snapshot("cancelled", [file("a", "cancelled")])]));
    expect((await started.done)?.status).toBe("cancelled");
  });

  test("after a reload a kept running task is followed again, and one running elsewhere is added", async () => {
    const calls: Calls = [];
    const runningElsewhere = { ...snapshot("running", []), id: "srv-2", done: 1, total: 3, type: "move" as const };
    // Finished and not kept here (cleared from the list): it stays out.
    const cleared = { ...snapshot("completed", []), id: "srv-3" };
    const deps = fakeDeps(
      [
        eventStream([snapshot("completed", [file("a.txt", "done")])]),
        eventStream([
          {
            ...snapshot("completed", [file("m1", "done"), file("m2", "done"), file("m3", "done")]),
            id: "srv-2",
            type: "move",
          },
        ]),
      ],
      calls,
      [snapshot("running", []), runningElsewhere, cleared],
    );
    // What IndexedDB gave back: the task was running on the server when the tab closed.
    const kept = fromStored(
      {
        id: "task-1",
        serverId: "srv-1",
        type: "copy",
        title: { key: "explorer.tasks.titles.copy" },
        status: "running",
        loaded: 0,
        total: 0,
        files: [],
        createdAt: 2_000,
      },
      5_000,
    );
    expect(kept.status).toBe("running");
    deps.store.restore([kept]);
    await syncServerTasks(deps);
    expect(deps.store.getTasks().map((task) => [task.serverId, task.type])).toEqual([
      ["srv-1", "copy"],
      ["srv-2", "move"],
    ]);
    while (deps.store.getTasks().some((task) => task.status === "running")) await Bun.sleep(1);
    const tasks = deps.store.getTasks();
    expect(tasks.map((task) => task.status)).toEqual(["completed", "completed"]);
    expect(tasks[1]?.summary).toEqual({
      key: "explorer.tasks.summaries.server.move",
      values: { done: 3, skipped: 0, failed: 0 },
    });
    expect(deps.urls.sort()).toEqual(["/api/admin/fs/tasks/srv-1/events", "/api/admin/fs/tasks/srv-2/events"]);
  });

  test("retry asks the server and follows the task again", async () => {
    const calls: Calls = [];
    const deps = fakeDeps(
      [
        eventStream([snapshot("failed", [file("a.txt", "failed", "Store away")])]),
        eventStream([snapshot("completed", [file("a.txt", "done")])]),
      ],
      calls,
    );
    const first = await startServerTask(deps, {
      type: "copy",
      items: [{ sourcePath: "/local/a", targetPath: "/s3/a" }],
    }).done;
    expect(first?.status).toBe("failed");
    const retried = first && (await retryServerTask(deps, first));
    expect(calls.filter((call) => call.name === "retry")).toEqual([{ name: "retry", input: { id: "srv-1" } }]);
    expect(retried?.status).toBe("completed");
    expect(retried?.files[0]?.status).toBe("completed");
  });
});
