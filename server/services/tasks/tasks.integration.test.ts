// Server-side explorer tasks on SQLite and Postgres, between local storage and a real S3 server
// (s3rver): a folder copied and moved across storages by the server, a folder deleted, per-file errors
// that end a task "partial", bad input refused before anything is stored, a key that sees only its own
// tasks, cancel and retry, and two processes racing for the files of one task after a third died
// mid-copy, with every object at the target exactly once.
import { beforeAll, describe, expect, test } from "bun:test";
import { createDatabase } from "../../db/client";
import {
  createApiKey,
  createMount,
  createS3Storage,
  defaultStorageId,
  type InputOf,
  loginAdmin,
  readTask,
  startTask,
} from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";
import { usedBytes } from "../uploads/upload-limits";
import { createTaskWorker } from "./worker";

describe.each(DATABASE_PROVIDERS)("server-side tasks on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;

  async function upload(path: string, content: string, filename: string, auth = admin) {
    const form = new FormData();
    form.set("path", path);
    form.set("file", new File([content], filename));
    const answer = await call("POST", `${auth === admin ? "/admin" : "/user"}/fs/upload`, { auth, body: form });
    expect(answer.status).toBeLessThan(300);
  }
  const names = async (path: string) => {
    const answer = await call("GET", `/admin/fs/list?path=${encodeURIComponent(path)}`, {
      auth: admin,
      procedure: "fs.list",
    });
    if (answer.status === 404) return [];
    expect(answer.status).toBe(200);
    return answer.body.data.items.map((entry: { name: string }) => entry.name).sort();
  };
  const read = async (path: string) =>
    (await call("GET", `/admin/fs/download?path=${encodeURIComponent(path)}`, { auth: admin })).text;
  const scopeOf = (auth: string) => (auth === admin ? "admin" : "user");
  async function finished(taskId: string, auth = admin) {
    await t.tasks.drain();
    return readTask(api, auth, taskId, scopeOf(auth));
  }
  const start = (body: InputOf<"fsTasks.create">, auth = admin) => startTask(api, auth, body, scopeOf(auth));

  beforeAll(async () => {
    admin = await loginAdmin(api);
    const localId = await defaultStorageId(t.db);
    const s3 = await createS3Storage(api, admin, { is_public: false });
    await createMount(api, admin, { mount_path: "/local", storage_config_id: localId, folder: `tasks-${provider}` });
    await createMount(api, admin, { mount_path: "/s3", storage_config_id: s3.id });
    for (let index = 0; index < 12; index++) {
      await upload(`/local/album/${index < 6 ? "" : "deep/"}`, `photo ${index}`, `p${index}.txt`);
    }
  });

  test("a folder is copied from local storage to S3 by the server, every file reported done", async () => {
    const id = await start({ type: "copy", items: [{ sourcePath: "/local/album", targetPath: "/s3/" }] });
    const task = await finished(id);
    expect(task.status).toBe("completed");
    expect(task.progress).toBe(1);
    expect(task.files).toHaveLength(12);
    expect(task.files.every((file) => file.status === "done")).toBe(true);
    expect(await names("/s3/album")).toEqual(["deep", "p0.txt", "p1.txt", "p2.txt", "p3.txt", "p4.txt", "p5.txt"]);
    expect(await read("/s3/album/deep/p7.txt")).toBe("photo 7");
    // The source stays.
    expect(await names("/local/album")).toHaveLength(7);
  });

  test("the event stream pushes the task as its files finish and ends once it has finished", async () => {
    const id = await start({ type: "copy", items: [{ sourcePath: "/local/album", targetPath: "/s3/streamed/" }] });
    const response = await t.app.fetch(
      new Request(`http://localhost/api/admin/fs/tasks/${id}/events`, { headers: { Authorization: admin } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    // The stream ends by itself after the message that shows the task finished.
    const messages = (await response.text())
      .split("\n\n")
      .filter((block) => block.startsWith("data: "))
      .map((block) => JSON.parse(block.slice("data: ".length)));
    expect(messages.length).toBeGreaterThan(1);
    const last = messages[messages.length - 1];
    expect(last.status).toBe("completed");
    expect(last.items).toEqual([{ path: "/local/album", target_path: "/s3/streamed" }]);
    expect(last.files).toHaveLength(12);
    expect(last.files.every((file: { status: string }) => file.status === "done")).toBe(true);
    // Pushed while it ran, not only at the end: earlier messages showed fewer files done.
    const doneCounts = messages.map((message) => message.done as number);
    expect(doneCounts[0]).toBeLessThan(12);
    expect(doneCounts).toEqual([...doneCounts].sort((a, b) => a - b));
    // A finished task's stream answers its final state at once and ends.
    const again = await t.app.fetch(
      new Request(`http://localhost/api/admin/fs/tasks/${id}/events`, { headers: { Authorization: admin } }),
    );
    expect((await again.text()).match(/^data: /gm)).toHaveLength(1);
  });

  test("a move takes the files to the other storage and removes the source folder; a delete removes a folder", async () => {
    const moved = await finished(
      await start({ type: "move", items: [{ sourcePath: "/s3/album/deep", targetPath: "/local/moved" }] }),
    );
    expect(moved.status).toBe("completed");
    expect(await names("/local/moved")).toEqual(["p10.txt", "p11.txt", "p6.txt", "p7.txt", "p8.txt", "p9.txt"]);
    expect(await names("/s3/album")).not.toContain("deep");
    const deleted = await finished(await start({ type: "delete", items: [{ sourcePath: "/local/moved" }] }));
    expect(deleted.status).toBe("completed");
    expect(await names("/local")).not.toContain("moved");
  });

  test("a source that is missing fails its own file and the task ends partly completed with the list", async () => {
    const task = await finished(
      await start({
        type: "copy",
        items: [
          { sourcePath: "/local/album/p1.txt", targetPath: "/s3/copies/" },
          { sourcePath: "/local/album/not-there.txt", targetPath: "/s3/copies/" },
        ],
      }),
    );
    expect(task.status).toBe("partial");
    expect(task.failed).toBe(1);
    expect(task.files.find((file) => file.path === "/local/album/not-there.txt")).toMatchObject({
      status: "failed",
      error: "The file or folder does not exist",
    });
    expect(await names("/s3/copies")).toEqual(["p1.txt"]);
  });

  test("a target storage without room fails the file before a byte moves; room again, it copies", async () => {
    const s3 = await t.db.storageConfig.findFirstOrThrow({ where: { isDefault: false }, select: { id: true } });
    await t.db.storageConfig.update({
      where: { id: s3.id },
      data: { totalStorageBytes: BigInt(await usedBytes(t.db, s3.id)) },
    });
    try {
      const task = await finished(
        await start({ type: "copy", items: [{ sourcePath: "/local/album/p3.txt", targetPath: "/s3/full/" }] }),
      );
      expect(task.status).toBe("failed");
      expect(task.files).toHaveLength(1);
      expect(task.files[0]?.status).toBe("failed");
      expect(task.files[0]?.error).toStartWith("Insufficient storage space");
      expect(await names("/s3/full")).toEqual([]);
    } finally {
      await t.db.storageConfig.update({ where: { id: s3.id }, data: { totalStorageBytes: null } });
    }
    const again = await finished(
      await start({ type: "copy", items: [{ sourcePath: "/local/album/p3.txt", targetPath: "/s3/full/" }] }),
    );
    expect(again.status).toBe("completed");
    expect(await names("/s3/full")).toEqual(["p3.txt"]);
  });

  test("bad input is refused before a task exists, in the caller's language", async () => {
    const onto = await call("POST", "/admin/fs/tasks", {
      auth: admin,
      lang: "zh",
      body: { type: "copy", items: [{ sourcePath: "/local/album", targetPath: "/local/album" }] },
    });
    expect(onto.status).toBe(400);
    expect(onto.body.message).toBe("文件不能复制或移动到它自己上");
    const inside = await call("POST", "/admin/fs/tasks", {
      auth: admin,
      body: { type: "move", items: [{ sourcePath: "/local/album", targetPath: "/local/album/deep/" }] },
    });
    expect(inside.status).toBe(400);
    expect(inside.body.message).toBe("A folder cannot be moved or copied into itself");
    const noTarget = await call("POST", "/admin/fs/tasks", {
      auth: admin,
      body: { type: "copy", items: [{ sourcePath: "/local/album" }] },
    });
    expect(noTarget.status).toBe(400);
    expect(await t.db.fsTask.count({ where: { items: { contains: '"targetPath":{"path":"/local/album"' } } })).toBe(0);
  });

  test("a key sees and controls only its own tasks; a read-only key starts none", async () => {
    const makeKey = async (readOnly: boolean) =>
      (await createApiKey(api, admin, { mount_permission: true, mount_read_only: readOnly })).auth;
    const [owner, other, readOnly] = [await makeKey(false), await makeKey(false), await makeKey(true)];
    const id = await start(
      { type: "copy", items: [{ sourcePath: "/local/album/p2.txt", targetPath: "/s3/by-key/" }] },
      owner,
    );
    expect((await finished(id, owner)).status).toBe("completed");
    expect((await call("GET", `/user/fs/tasks/${id}`, { auth: other, procedure: "fsTasks.get" })).status).toBe(404);
    expect((await call("GET", `/user/fs/tasks/${id}/events`, { auth: other })).status).toBe(404);
    expect(
      (await call("POST", `/user/fs/tasks/${id}/cancel`, { auth: other, procedure: "fsTasks.cancel" })).status,
    ).toBe(404);
    expect((await call("POST", `/user/fs/tasks/${id}/retry`, { auth: other, procedure: "fsTasks.retry" })).status).toBe(
      404,
    );
    expect((await call("GET", "/user/fs/tasks", { auth: other, procedure: "fsTasks.list" })).body.data).toEqual([]);
    expect((await call("GET", `/admin/fs/tasks/${id}`, { auth: admin, procedure: "fsTasks.get" })).status).toBe(200);
    const refused = await call("POST", "/user/fs/tasks", {
      auth: readOnly,
      body: { type: "delete", items: [{ sourcePath: "/local/album" }] },
    });
    expect(refused.status).toBe(403);
  });

  test("the admin lists every task by state and creator, with names, and pages a task's files by state", async () => {
    const key = await createApiKey(api, admin, { mount_permission: true, basic_path: "/" });
    const byKey = await start(
      { type: "copy", items: [{ sourcePath: "/local/album/p3.txt", targetPath: "/s3/listed/" }] },
      key.auth,
    );
    const partial = await start({
      type: "copy",
      items: [
        { sourcePath: "/local/album", targetPath: "/s3/listed-all/" },
        { sourcePath: "/local/album/gone.txt", targetPath: "/s3/listed-all/" },
      ],
    });
    await finished(byKey, key.auth);
    await finished(partial);
    const list = (query: Record<string, string>) =>
      api.procedure("fsTasks.list", query as never, { auth: admin, variant: "admin" });

    const ofKey = (await list({ created_by: key.id })).body.data;
    expect(ofKey.map((task) => [task.id, task.created_by, task.created_by_name])).toEqual([
      [byKey, `apikey:${key.id}`, key.name],
    ]);
    const ofAdmin = (await list({ created_by: "admin" })).body.data;
    expect(ofAdmin.some((task) => task.id === byKey)).toBe(false);
    expect(ofAdmin.find((task) => task.id === partial)?.created_by_name).toBe("admin");
    const partials = (await list({ status: "partial" })).body.data;
    expect(partials.map((task) => task.id)).toContain(partial);
    expect(partials.every((task) => task.status === "partial")).toBe(true);
    // The next page starts before the last task of this one.
    const [newest] = (await list({ limit: "1" })).body.data;
    const older = (await list({ before: newest?.created_at.toString() ?? "" })).body.data;
    expect(older.some((task) => task.id === newest?.id)).toBe(false);
    // A key's list holds only its own, whatever filter it sends.
    const asKey = await call("GET", "/user/fs/tasks?created_by=admin", { auth: key.auth, procedure: "fsTasks.list" });
    expect(asKey.body.data).toEqual([]);

    const failedOnly = await call("GET", `/admin/fs/tasks/${partial}?file_status=failed`, {
      auth: admin,
      procedure: "fsTasks.get",
    });
    expect(failedOnly.body.data.files_matching).toBe(1);
    expect(failedOnly.body.data.files).toEqual([
      {
        path: "/local/album/gone.txt",
        target_path: "/s3/listed-all",
        status: "failed",
        error: "The file or folder does not exist",
      },
    ]);
    const page = await call("GET", `/admin/fs/tasks/${partial}?files_offset=10&files_limit=5`, {
      auth: admin,
      procedure: "fsTasks.get",
    });
    expect(page.body.data.total).toBe(13);
    expect(page.body.data.files_matching).toBe(13);
    expect(page.body.data.files).toHaveLength(3);
    const tooMany = await call("GET", `/admin/fs/tasks/${partial}?files_limit=100000`, { auth: admin });
    expect(tooMany.status).toBe(400);
  });

  test("retry runs the failed files again once their cause is gone; cancel stops what has not started", async () => {
    const id = await start({ type: "copy", items: [{ sourcePath: "/local/later.txt", targetPath: "/s3/later/" }] });
    expect((await finished(id)).status).toBe("failed");
    await upload("/local/", "now here", "later.txt");
    expect(
      (await call("POST", `/admin/fs/tasks/${id}/retry`, { auth: admin, procedure: "fsTasks.retry" })).status,
    ).toBe(200);
    const retried = await finished(id);
    expect(retried.status).toBe("completed");
    expect(await read("/s3/later/later.txt")).toBe("now here");
    expect(
      (await call("POST", `/admin/fs/tasks/${id}/cancel`, { auth: admin, procedure: "fsTasks.cancel" })).status,
    ).toBe(409);
  });

  test("after a process died mid-copy, two processes racing finish the task with every object once", async () => {
    for (let index = 0; index < 30; index++) await upload("/local/race/", `race ${index}`, `r${index}.txt`);
    const id = await start({ type: "copy", items: [{ sourcePath: "/local/race", targetPath: "/s3/race" }] });
    expect((await finished(id)).status).toBe("completed");
    // The state a kill -9 leaves: the task running, ten files claimed by the dead process (one of them
    // half-written at the target, the others not yet), ten never started.
    const rows = await t.db.fsTaskFile.findMany({
      where: { taskId: id },
      orderBy: { id: "asc" },
      select: { id: true, targetPath: true },
    });
    await t.db.fsTask.updateMany({ where: { id }, data: { status: "running", finishedAt: null } });
    const claimed = rows.slice(0, 10);
    const waiting = rows.slice(10, 20);
    await t.db.fsTaskFile.updateMany({
      where: { id: { in: claimed.map((row) => row.id) } },
      data: { status: "running", owner: "dead", leaseUntil: new Date(Date.now() - 1000) },
    });
    await t.db.fsTaskFile.updateMany({
      where: { id: { in: waiting.map((row) => row.id) } },
      data: { status: "pending" },
    });
    for (const row of [...claimed.slice(1), ...waiting]) {
      await call("DELETE", `/admin/fs/remove?path=${encodeURIComponent(row.targetPath ?? "")}`, {
        auth: admin,
        procedure: "fs.remove",
      });
    }
    const halfWritten = claimed[0]?.targetPath ?? "";
    await upload(
      halfWritten.slice(0, halfWritten.lastIndexOf("/") + 1),
      "rac",
      halfWritten.slice(halfWritten.lastIndexOf("/") + 1),
    );
    expect(await names("/s3/race")).toHaveLength(11);

    const otherDb = createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
    try {
      const schema = t.pgSchema ? { pgSchema: t.pgSchema } : {};
      const first = createTaskWorker({ ...t, logger: t.logger }, { owner: "one", concurrency: 2, ...schema });
      const second = createTaskWorker(
        { ...t, db: otherDb, logger: t.logger },
        { owner: "two", concurrency: 2, ...schema },
      );
      await Promise.all([first.drain(), second.drain()]);
      const answer = await call("GET", `/admin/fs/tasks/${id}`, { auth: admin, procedure: "fsTasks.get" });
      expect(answer.body.data.status).toBe("completed");
      expect(answer.body.data.files.filter((file) => file.status === "done")).toHaveLength(30);
      const owners = await t.db.fsTaskFile.findMany({
        where: { id: { in: [...claimed, ...waiting].map((row) => row.id) } },
        select: { owner: true },
      });
      // Both processes took files; none was left to the dead one.
      expect(new Set(owners.map((row) => row.owner))).toEqual(new Set(["one", "two"]));
      const listed = await names("/s3/race");
      expect(listed).toHaveLength(30);
      for (let index = 0; index < 30; index++) expect(await read(`/s3/race/r${index}.txt`)).toBe(`race ${index}`);
    } finally {
      await otherDb.$disconnect();
    }
  }, 60_000);
});
