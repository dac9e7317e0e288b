import { describe, expect, test } from "bun:test";
import { AbortedError } from "../engine/retry";
import type { UploadedFile } from "../engine/upload-api";
import { summarize } from "./queue-summary";
import { createUploadQueue, type QueueItem, type QueueRunner } from "./upload-queue";

const done = { slug: "s", url: "u" } as UploadedFile;

function file(name: string) {
  return { kind: "file" as const, file: new File(["x"], name) };
}

function deferredRunner() {
  const pending = new Map<string, { resolve: () => void; reject: (error: unknown) => void }>();
  const started: string[] = [];
  const run: QueueRunner<string> = (item, _job, report, signal) =>
    new Promise((resolve, reject) => {
      started.push(item.name);
      report({ percent: 10, loaded: 1, total: 10 });
      signal.addEventListener("abort", () => reject(new AbortedError()));
      pending.set(item.name, { resolve: () => resolve(done), reject });
    });
  return { run, pending, started };
}

const statuses = (items: readonly QueueItem[]) =>
  items.map((item) => `${item.name}:${item.status}${item.isQueued ? "*" : ""}`);

describe("upload queue", () => {
  test("rows started before the pool has loaded keep their order; one cancelled meanwhile does not run", async () => {
    const { run, pending, started } = deferredRunner();
    const queue = createUploadQueue({ run, concurrency: 1 });
    queue.add([file("a"), file("b"), file("c")]);
    const [, b] = queue.getItems();
    // The pool (engine/pool.ts) is imported on the first start: nothing has run yet.
    queue.start("job");
    expect(started).toEqual([]);
    expect(statuses(queue.getItems())).toEqual(["a:pending*", "b:pending*", "c:pending*"]);
    queue.cancel(b?.id ?? "");
    while (started.length === 0) await Bun.sleep(1);
    expect(started).toEqual(["a"]);
    pending.get("a")?.resolve();
    while (started.length === 1) await Bun.sleep(1);
    expect(started).toEqual(["a", "c"]);
    expect(statuses(queue.getItems())).toEqual(["a:success", "b:pending", "c:uploading"]);
  });

  test("rows wait until started, then run two at a time", async () => {
    const { run, pending, started } = deferredRunner();
    const queue = createUploadQueue({ run });
    queue.add([file("a"), file("b"), file("c")]);
    expect(statuses(queue.getItems())).toEqual(["a:pending", "b:pending", "c:pending"]);
    queue.start("job");
    await Bun.sleep(0);
    expect(started).toEqual(["a", "b"]);
    expect(statuses(queue.getItems())).toEqual(["a:uploading", "b:uploading", "c:pending*"]);
    expect(queue.getItems()[0]?.percent).toBe(10);
    pending.get("a")?.resolve();
    await Bun.sleep(0);
    expect(started).toEqual(["a", "b", "c"]);
    expect(queue.getItems()[0]?.status).toBe("success");
    expect(queue.getItems()[0]?.percent).toBe(100);
    expect(queue.isBusy()).toBe(true);
  });

  test("cancel: a running row is aborted (error, cancelled), a waiting one goes back to pending, an idle one leaves", async () => {
    const { run } = deferredRunner();
    const queue = createUploadQueue({ run, concurrency: 1 });
    const [a, b, c] = queue.add([file("a"), file("b"), file("c")]);
    queue.start("job", [a?.id ?? "", b?.id ?? ""]);
    await Bun.sleep(0);
    queue.cancel(b?.id ?? "");
    expect(statuses(queue.getItems())).toEqual(["a:uploading", "b:pending", "c:pending"]);
    queue.cancel(a?.id ?? "");
    await Bun.sleep(0);
    expect(queue.getItems()[0]?.status).toBe("error");
    expect(summarize(queue.getItems()).cancelled).toBe(1);
    queue.cancel(c?.id ?? "");
    expect(queue.getItems().map((item) => item.name)).toEqual(["a", "b"]);
  });

  test("retry runs a failed row again with the new job", async () => {
    const jobs: string[] = [];
    let fail = true;
    const queue = createUploadQueue<string>({
      run: async (_item, job) => {
        jobs.push(job);
        if (fail) throw new Error("boom");
        return done;
      },
    });
    const [row] = queue.add([file("a")]);
    queue.start("first");
    await Bun.sleep(0);
    expect(queue.getItems()[0]?.status).toBe("error");
    fail = false;
    queue.retry(row?.id ?? "", "second");
    await Bun.sleep(0);
    expect(queue.getItems()[0]?.status).toBe("success");
    expect(jobs).toEqual(["first", "second"]);
  });

  test("success is reported once, finished rows can be cleared", async () => {
    const successes: string[] = [];
    const queue = createUploadQueue<string>({
      run: async () => done,
      onSuccess: (item) => successes.push(item.name),
    });
    queue.add([file("a"), file("b")]);
    queue.start("job");
    await Bun.sleep(0);
    expect(successes.sort()).toEqual(["a", "b"]);
    const summary = summarize(queue.getItems());
    expect(summary).toMatchObject({ success: 2, total: 2 });
    queue.clearFinished();
    expect(queue.getItems()).toEqual([]);
    expect(queue.isBusy()).toBe(false);
  });

  test("listeners are told about every change", () => {
    const queue = createUploadQueue<string>({ run: async () => done });
    let calls = 0;
    queue.subscribe(() => calls++);
    const [row] = queue.add([file("a")]);
    queue.remove(row?.id ?? "");
    expect(calls).toBe(2);
  });
});
