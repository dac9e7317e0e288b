import { describe, expect, test } from "bun:test";
import type { StoredTask } from "../../../offline/db";
import { createTestDb } from "../../../offline/test/fake-db";
import { persistTasks, StoredTaskError, TASK_KEEP_MS } from "./task-persistence";
import { createTaskStore } from "./task-store";

describe("task persistence", () => {
  test("finished and running tasks come back after a reload; running ones interrupted; past 7 days dropped", async () => {
    const db = createTestDb();
    let clock = 1_000_000_000_000;
    const now = () => clock;
    const before = createTaskStore(now);
    const first = persistTasks(before, db, (error) => `said: ${(error as Error).message}`, now);
    await first.ready;
    const done = before.create({
      type: "upload",
      title: { key: "explorer.tasks.titles.upload", values: { count: 2, target: "/docs" } },
      files: [
        { id: "a", name: "a.txt", path: "/docs/a.txt", size: 1 },
        { id: "b", name: "b.txt", path: "/docs/b.txt", size: 1 },
      ],
    });
    before.updateFile(done, "a", { status: "completed", loaded: 1 });
    before.updateFile(done, "b", { status: "failed", error: new Error("too large") });
    before.update(done, { status: "partial" });
    clock += 1;
    const running = before.create({ type: "copy", title: { key: "explorer.tasks.titles.copy" } });
    before.update(running, { status: "running" });
    await first.flush();
    first.stop();

    // An old task, kept 8 days ago.
    await db.tasks.put({ id: "old", createdAt: clock - TASK_KEEP_MS - 1, task: { id: "old" } });

    const after = createTaskStore(now);
    const second = persistTasks(after, db, () => "", now);
    await second.ready;
    const tasks = after.getTasks();
    expect(tasks.map((task) => task.id)).toEqual([running, done]);
    const partial = tasks.find((task) => task.id === done);
    expect(partial?.status).toBe("partial");
    const failure = partial?.files.find((file) => file.id === "b")?.error;
    expect(failure).toBeInstanceOf(StoredTaskError);
    expect((failure as Error).message).toBe("said: too large");
    expect(tasks.find((task) => task.id === running)?.status).toBe("interrupted");
    expect(await db.tasks.get("old")).toBeUndefined();
    // Cleared tasks leave storage too.
    after.clearFinished();
    await second.flush();
    expect(await db.tasks.count()).toBe(0);
    second.stop();
  });

  test("a task that changes many times a second is still written while it runs", async () => {
    const db = createTestDb();
    const store = createTaskStore();
    const persistence = persistTasks(store, db, () => "");
    await persistence.ready;
    const id = store.create({ type: "upload", title: { key: "explorer.tasks.titles.upload" }, total: 1_000 });
    store.update(id, { status: "running" });
    // Progress every 50 ms, as an upload reports it, for up to 5 s: the list must reach storage
    // meanwhile, not only once the progress stops.
    let kept: StoredTask | undefined;
    for (let loaded = 1; loaded < 100 && !kept; loaded++) {
      store.update(id, { loaded });
      await Bun.sleep(50);
      kept = await db.tasks.get(id);
    }
    expect((kept?.task as { status?: string } | undefined)?.status).toBe("running");
    persistence.stop();
  });
});
