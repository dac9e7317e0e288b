// The explorer's uploads, copies, deletes, basket and zip without a server: the fs procedures and the
// byte transport are fakes that record what was asked, so each rule (3 parts at a time, retries,
// abort on cancel, the direct PUT falling back to the server, the client-side copy's commit, per-file
// status, the zip's entries) is checked on its own.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { trpcError } from "../../../../test/client-errors";
import { AbortedError } from "../../upload/engine/retry";
import { NetworkError, type SendRequest, type TransportResponse } from "../../upload/engine/transport";
import { UploadFailure, UploadLimitError } from "../../upload/upload-errors";
import { basketTotal, createBasketStore } from "../basket-store";
import { type ZipSink, zipBasket, zipEntryName } from "../basket-zip";
import { CopyCommitError, copyAcrossStorages } from "../client-copy";
import type { CopyItem, CopyOutput } from "../fs-client";
import { type FsUploadDeps, uploadIntoFolder } from "../fs-upload";
import { collectEntries, type PickedEntry, pickedFromInput, targetFolderOf } from "../picked-files";
import { startCopyTask, startDeleteTask, startUploadTask, type TaskDeps } from "./explorer-tasks";
import { createTaskStore, finalStatus, taskPercent } from "./task-store";

const ENDPOINT = { base: "/api/admin/fs", headers: () => ({ Authorization: "Bearer t" }) };

function answer(status: number, body: unknown, headers: Record<string, string> = {}): TransportResponse {
  return {
    status,
    text: typeof body === "string" ? body : JSON.stringify(body),
    header: (name) => headers[name] ?? headers[name.toLowerCase()] ?? null,
  };
}

const ok = (data: unknown) => answer(200, { code: 200, message: "OK", data, success: true });

type Calls = { name: string; input: unknown }[];

type FakeClient = TaskDeps["client"];
/** What each procedure a task calls answers, as plain functions; fakeClient puts them under `mutate`. */
type Answers = { [K in keyof FakeClient]: FakeClient[K]["mutate"] };

/** A file or folder as the fs procedures answer it. */
function entryAt(path: string, type: "file" | "directory" = "file") {
  const name = path.split("/").pop() ?? path;
  return {
    name,
    path,
    type,
    size: 0,
    modified: null,
    mimetype: null,
    is_mount: false,
    mount_id: "m",
    isDirectory: type === "directory",
    lastModified: null,
    mimeType: null,
  };
}

const storedFileAt = (path: string) => ({ ...entryAt(path), etag: null, contentType: "application/octet-stream" });

function fakeClient(calls: Calls, overrides: Partial<Answers> = {}): FakeClient {
  const record =
    <T>(name: keyof Answers, result: T) =>
    async (input: unknown) => {
      calls.push({ name, input });
      return result;
    };
  const answers: Answers = {
    mkdir: record("mkdir", entryAt("/m/new", "directory")),
    remove: record("remove", { deleted: 1, failed: [] }),
    multipartInit: record("multipartInit", {
      uploadId: "u1",
      key: "k1",
      path: "/m/big.bin",
      partSize: 100,
      partCount: 4,
      contentType: "application/octet-stream",
    }),
    multipartComplete: record("multipartComplete", storedFileAt("/m/big.bin")),
    multipartAbort: record("multipartAbort", { cancelled: true }),
    presign: record("presign", {
      presignedUrl: "http://localhost:8787/api/storage/local/put?sig=1",
      contentType: "text/plain",
      key: "k",
      path: "/m/a.txt",
      fileName: "a.txt",
      headers: { "Content-Type": "text/plain" },
      expiresIn: 60,
      mountId: "m",
      storageConfigId: "local-1",
      providerType: "local",
    }),
    presignCommit: record("presignCommit", storedFileAt("/m/a.txt")),
    batchCopy: record("batchCopy", {
      success: 0,
      skipped: 0,
      failed: [],
      requiresClientSideCopy: false,
      crossStorageResults: [],
      items: [],
      targetMount: null,
      isDirectory: false,
    }),
    batchCopyCommit: record("batchCopyCommit", { committed: 1, failed: [] }),
    ...overrides,
  };
  return {
    mkdir: { mutate: answers.mkdir },
    remove: { mutate: answers.remove },
    multipartInit: { mutate: answers.multipartInit },
    multipartComplete: { mutate: answers.multipartComplete },
    multipartAbort: { mutate: answers.multipartAbort },
    presign: { mutate: answers.presign },
    presignCommit: { mutate: answers.presignCommit },
    batchCopy: { mutate: answers.batchCopy },
    batchCopyCommit: { mutate: answers.batchCopyCommit },
  };
}

function uploadDeps(calls: Calls, send: (request: SendRequest) => Promise<TransportResponse>, extra = {}) {
  const deps: FsUploadDeps = {
    client: fakeClient(calls),
    endpoint: ENDPOINT,
    transport: send,
    mayConnect: async () => true,
    directBlocked: new Set(),
    pageOrigin: "http://app.test",
    partSize: 100,
    retryDelayMs: 1,
    ...extra,
  };
  return deps;
}

const conflictError = () => trpcError("CONFLICT", 409, "exists");

const blobOf = (size: number, type = "application/octet-stream") => new Blob([new Uint8Array(size).fill(7)], { type });

describe("uploads into a mount folder", () => {
  test("multipart: 5 MB-style parts through the server, 3 at a time, a failed part retried, then complete", async () => {
    const calls: Calls = [];
    let inFlight = 0;
    let most = 0;
    const attempts = new Map<string, number>();
    const send = async (request: SendRequest) => {
      const url = new URL(request.url, "http://app.test");
      const part = url.searchParams.get("partNumber") ?? "";
      attempts.set(part, (attempts.get(part) ?? 0) + 1);
      inFlight++;
      most = Math.max(most, inFlight);
      await Bun.sleep(5);
      inFlight--;
      if (part === "2" && attempts.get(part) === 1) return answer(500, { message: "busy", success: false });
      expect(url.pathname).toBe("/api/admin/fs/multipart/part");
      expect(url.searchParams.get("isLastPart")).toBe(String(part === "4"));
      return ok({ partNumber: Number(part), etag: `e${part}` });
    };
    const progress: number[] = [];
    const mode = await uploadIntoFolder(
      { blob: blobOf(350), name: "big.bin", type: "", size: 350 },
      "/m",
      uploadDeps(calls, send),
      { onProgress: (loaded) => progress.push(loaded) },
    );
    expect(mode).toBe("multipart");
    expect(most).toBe(3);
    expect(attempts.get("2")).toBe(2);
    const init = calls.find((call) => call.name === "multipartInit");
    expect(init?.input).toMatchObject({ path: "/m/", filename: "big.bin", fileSize: 350 });
    const complete = calls.find((call) => call.name === "multipartComplete");
    expect((complete?.input as { parts: unknown } | undefined)?.parts).toEqual([
      { partNumber: 1, etag: "e1" },
      { partNumber: 2, etag: "e2" },
      { partNumber: 3, etag: "e3" },
      { partNumber: 4, etag: "e4" },
    ]);
    expect(calls.some((call) => call.name === "multipartAbort")).toBe(false);
    expect(progress.at(-1)).toBe(350);
  });

  test("multipart: a cancel aborts the upload on the server", async () => {
    const calls: Calls = [];
    const controller = new AbortController();
    const send = (request: SendRequest) =>
      new Promise<TransportResponse>((_resolve, reject) => {
        request.signal?.addEventListener("abort", () => reject(new AbortedError()));
        setTimeout(() => controller.abort(), 5);
      });
    const upload = uploadIntoFolder(
      { blob: blobOf(350), name: "big.bin", type: "", size: 350 },
      "/m",
      uploadDeps(calls, send, { signal: controller.signal }),
    );
    await expect(upload).rejects.toBeInstanceOf(AbortedError);
    expect(calls.find((call) => call.name === "multipartAbort")?.input).toEqual({
      path: "/m/big.bin",
      uploadId: "u1",
      key: "k1",
    });
  });

  test("multipart: a part the server refuses is not retried; the upload is aborted", async () => {
    const calls: Calls = [];
    let sent = 0;
    const send = async () => {
      sent++;
      return answer(413, { code: 413, message: "A part can be at most 64 MB", success: false });
    };
    const upload = uploadIntoFolder(
      { blob: blobOf(150), name: "big.bin", type: "", size: 150 },
      "/m",
      uploadDeps(calls, send),
    );
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadFailure);
    expect((error as UploadFailure).stage).toBe("part");
    expect(sent).toBeLessThanOrEqual(2);
    expect(calls.some((call) => call.name === "multipartAbort")).toBe(true);
  });

  test("small file on local storage: presigned PUT to the app itself, then commit with the ETag", async () => {
    const calls: Calls = [];
    const sent: SendRequest[] = [];
    const send = async (request: SendRequest) => {
      sent.push(request);
      return answer(200, "", { ETag: '"abc"' });
    };
    const mode = await uploadIntoFolder(
      { blob: blobOf(10, "text/plain"), name: "a.txt", type: "text/plain", size: 10 },
      "/m",
      uploadDeps(calls, send, { mayConnect: async () => false }),
    );
    expect(mode).toBe("direct");
    expect(sent[0]?.method).toBe("PUT");
    // The local storage's signed URL is made same-origin with the page.
    expect(sent[0]?.url).toBe("http://app.test/api/storage/local/put?sig=1");
    expect(calls.find((call) => call.name === "presignCommit")?.input).toMatchObject({
      path: "/m/a.txt",
      etag: '"abc"',
      fileSize: 10,
    });
  });

  test("S3 the page may not reach: the form upload through the server, remembered for the next file", async () => {
    const calls: Calls = [];
    const sent: SendRequest[] = [];
    const client = fakeClient(calls, {
      presign: async (input) => {
        calls.push({ name: "presign", input });
        return {
          presignedUrl: "http://bucket.test/k?X-Amz-Signature=1",
          contentType: "text/plain",
          key: "k",
          path: "/m/a.txt",
          fileName: "a.txt",
          headers: {},
          expiresIn: 60,
          mountId: "m",
          storageConfigId: "s3-1",
          providerType: "Other S3 Compatible",
        };
      },
    });
    const send = async (request: SendRequest) => {
      sent.push(request);
      if (request.method === "PUT") throw new NetworkError();
      return answer(201, { code: 201, message: "Created", data: { path: "/m/a.txt" }, success: true });
    };
    const deps = uploadDeps(calls, send, { client });
    expect(await uploadIntoFolder({ blob: blobOf(10), name: "a.txt", type: "text/plain", size: 10 }, "/m", deps)).toBe(
      "server",
    );
    expect(deps.directBlocked.has("s3-1")).toBe(true);
    expect(sent.map((request) => request.method)).toEqual(["PUT", "POST"]);
    const form = sent[1]?.body as FormData;
    expect(form.get("path")).toBe("/m/");
    expect(form.get("use_multipart")).toBe("true");
    expect(sent[1]?.url).toBe("/api/admin/fs/upload");
    // The next file skips the PUT.
    sent.length = 0;
    await uploadIntoFolder({ blob: blobOf(10), name: "b.txt", type: "text/plain", size: 10 }, "/m", deps);
    expect(sent.map((request) => request.method)).toEqual(["POST"]);
  });
});

describe("picked files and folders", () => {
  test("a folder input keeps each file's relative path and lists its folders parents first", () => {
    const file = (name: string, relative: string) => {
      const value = new File(["x"], name);
      Object.defineProperty(value, "webkitRelativePath", { value: relative });
      return value;
    };
    const picked = pickedFromInput([file("a.txt", "photos/2024/a.txt"), file("b.txt", "photos/b.txt")]);
    expect(picked.files.map((entry) => entry.relativePath)).toEqual(["photos/2024/a.txt", "photos/b.txt"]);
    expect(picked.folders).toEqual(["photos", "photos/2024"]);
    expect(targetFolderOf("/m/docs", "photos/2024/a.txt")).toBe("/m/docs/photos/2024");
    expect(targetFolderOf("/m", "a.txt")).toBe("/m");
  });

  test("a dropped folder tree is walked through batched readers; empty folders are kept; .. is dropped", async () => {
    const fileEntry = (name: string): PickedEntry => ({
      isFile: true,
      isDirectory: false,
      name,
      file: (resolve) => resolve(new File([name], name)),
    });
    const folderEntry = (name: string, batches: PickedEntry[][]): PickedEntry => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        const queue = [...batches, []];
        return { readEntries: (resolve) => resolve(queue.shift() ?? []) };
      },
    });
    const tree = folderEntry("album", [[fileEntry("1.jpg"), folderEntry("empty", [])], [fileEntry("2.jpg")]]);
    const picked = await collectEntries([tree, fileEntry("..")], [new File(["n"], "note.md")]);
    expect(picked.files.map((entry) => entry.relativePath).sort()).toEqual(["album/1.jpg", "album/2.jpg", "note.md"]);
    expect(picked.folders).toEqual(["album", "album/empty"]);
  });
});

describe("task store", () => {
  test("final status from the files; progress; clear finished keeps running tasks; cancel calls the runner", () => {
    expect(finalStatus([{ status: "completed" }, { status: "failed" }], false)).toBe("partial");
    expect(finalStatus([{ status: "failed" }], false)).toBe("failed");
    expect(finalStatus([{ status: "completed" }, { status: "skipped" }], false)).toBe("completed");
    expect(finalStatus([{ status: "completed" }], true)).toBe("cancelled");
    const store = createTaskStore(() => 1);
    let cancelled = 0;
    const running = store.create({ type: "upload", title: { key: "a" }, total: 200 }, () => cancelled++);
    const finished = store.create({ type: "delete", title: { key: "b" } });
    store.update(running, { status: "running", loaded: 50 });
    store.update(finished, { status: "completed" });
    expect(taskPercent(store.getTasks().find((task) => task.id === running) as never)).toBe(25);
    store.clearFinished();
    expect(store.getTasks().map((task) => task.id)).toEqual([running]);
    store.cancel(running);
    expect(cancelled).toBe(1);
  });
});

function copyItem(name: string, overrides: Partial<CopyItem> = {}): CopyItem {
  return {
    sourcePath: `/src/${name}`,
    targetPath: `/dst/${name}`,
    downloadUrl: `http://bucket.test/src/${name}?sig`,
    uploadUrl: `http://localhost:8787/api/storage/local/dst/${name}?sig`,
    targetS3Path: `dst/${name}`,
    targetKey: `dst/${name}`,
    sourceKey: `src/${name}`,
    fileName: name,
    contentType: "text/plain",
    fileSize: 5,
    targetMountId: "m-dst",
    ...overrides,
  };
}

describe("client-side copy across storages", () => {
  test("one file at a time; a failed download is collected; the others are committed", async () => {
    const calls: Calls = [];
    const fetched: string[] = [];
    const fakeFetch = (async (url: string) => {
      fetched.push(String(url));
      if (String(url).includes("bad")) return new Response("gone", { status: 404 });
      return new Response("hello");
    }) as unknown as typeof fetch;
    const puts: SendRequest[] = [];
    const result = await copyAcrossStorages([copyItem("a.txt"), copyItem("bad.txt"), copyItem("c.txt")], {
      client: fakeClient(calls),
      endpoint: ENDPOINT,
      transport: async (request) => {
        puts.push(request);
        return answer(200, "", { ETag: '"e"' });
      },
      mayConnect: async (url) => !url.startsWith("http://bucket.test"),
      pageOrigin: "http://app.test",
      fetch: fakeFetch,
    });
    // The bucket is out of the page's reach: sources are read through the app's download route.
    expect(fetched[0]).toBe("/api/admin/fs/download?path=%2Fsrc%2Fa.txt");
    expect(puts.map((request) => request.url)).toEqual([
      "http://app.test/api/storage/local/dst/a.txt?sig",
      "http://app.test/api/storage/local/dst/c.txt?sig",
    ]);
    expect(result.copied.map((item) => item.fileName)).toEqual(["a.txt", "c.txt"]);
    expect(result.failed.map((failure) => failure.item.fileName)).toEqual(["bad.txt"]);
    const commit = calls.find((call) => call.name === "batchCopyCommit")?.input as {
      targetMountId: string;
      files: { targetPath: string; s3Path: string; etag: string }[];
    };
    expect(commit.targetMountId).toBe("m-dst");
    expect(commit.files.map((file) => [file.targetPath, file.s3Path, file.etag])).toEqual([
      ["/dst/a.txt", "dst/a.txt", '"e"'],
      ["/dst/c.txt", "dst/c.txt", '"e"'],
    ]);
  });

  test("nothing copied: no commit; a commit refusing a file marks it failed", async () => {
    const calls: Calls = [];
    const failing = await copyAcrossStorages([copyItem("bad.txt")], {
      client: fakeClient(calls),
      endpoint: ENDPOINT,
      transport: async () => answer(200, ""),
      mayConnect: async () => true,
      fetch: (async () => new Response("no", { status: 403 })) as unknown as typeof fetch,
    });
    expect(failing.copied).toEqual([]);
    expect(calls.some((call) => call.name === "batchCopyCommit")).toBe(false);

    const refused = await copyAcrossStorages([copyItem("a.txt")], {
      client: fakeClient(calls, {
        batchCopyCommit: async () => ({ committed: 0, failed: [{ targetPath: "/dst/a.txt", message: "missing" }] }),
      }),
      endpoint: ENDPOINT,
      transport: async () => answer(200, ""),
      mayConnect: async () => true,
      fetch: (async () => new Response("x")) as unknown as typeof fetch,
    });
    expect(refused.failed[0]?.error).toBeInstanceOf(CopyCommitError);
  });

  test("a cancel stops before the next file; what arrived is still committed", async () => {
    const calls: Calls = [];
    const controller = new AbortController();
    const result = await copyAcrossStorages([copyItem("a.txt"), copyItem("b.txt")], {
      client: fakeClient(calls),
      endpoint: ENDPOINT,
      transport: async () => {
        controller.abort();
        return answer(200, "");
      },
      mayConnect: async () => true,
      signal: controller.signal,
      fetch: (async () => new Response("x")) as unknown as typeof fetch,
    });
    expect(result.cancelled).toBe(true);
    expect(result.copied.map((item) => item.fileName)).toEqual(["a.txt"]);
  });
});

/** The page's tasks here never call the server's task procedures. */
const noServerTasks: TaskDeps["tasksClient"] = new Proxy({} as TaskDeps["tasksClient"], {
  get() {
    throw new Error("a task run in the page called the server's task procedures");
  },
});

function taskDeps(client: FakeClient, extra: Partial<TaskDeps> = {}): TaskDeps {
  return {
    client,
    tasksClient: noServerTasks,
    endpoint: ENDPOINT,
    transport: async () => answer(201, { code: 201, message: "Created", data: {}, success: true }),
    mayConnect: async () => true,
    directBlocked: new Set(),
    store: createTaskStore(),
    maxUploadBytes: 100 * 1024 * 1024,
    onChanged: () => {},
    retryDelayMs: 1,
    ...extra,
  };
}

describe("tasks", () => {
  test("copy: the server's part settles at once, the cross-storage folder becomes one row per file", async () => {
    const calls: Calls = [];
    const copyAnswer: CopyOutput = {
      success: 2,
      skipped: 1,
      failed: [],
      requiresClientSideCopy: true,
      crossStorageResults: [
        {
          sourcePath: "/src/dir",
          targetPath: "/dst/dir",
          isDirectory: true,
          requiresClientSideCopy: true,
          targetMount: { id: "m-dst", name: "d", mount_path: "/dst", storage_config_id: "s", storage_type: "S3" },
          items: [copyItem("dir/a.txt"), copyItem("dir/b.txt")],
        },
      ],
      items: [copyItem("dir/a.txt"), copyItem("dir/b.txt")],
      targetMount: null,
      isDirectory: true,
    };
    const client = fakeClient(calls, {
      batchCopy: async (input) => {
        calls.push({ name: "batchCopy", input });
        return copyAnswer;
      },
    });
    const deps = taskDeps(client, {
      transport: async () => answer(200, ""),
      fetch: (async () => new Response("12345")) as unknown as typeof fetch,
    });
    const started = startCopyTask(
      deps,
      [
        { sourcePath: "/same/x.txt", targetPath: "/dst/x.txt" },
        { sourcePath: "/src/dir", targetPath: "/dst/dir" },
      ],
      { skipExisting: true, target: "/dst" },
    );
    const task = await started.done;
    expect(calls[0]?.input).toEqual({
      items: [
        { sourcePath: "/same/x.txt", targetPath: "/dst/x.txt" },
        { sourcePath: "/src/dir", targetPath: "/dst/dir" },
      ],
      skipExisting: true,
    });
    expect(task?.status).toBe("completed");
    expect(task?.files.map((file) => [file.name, file.status])).toEqual([
      ["x.txt", "completed"],
      ["/dst/dir/a.txt", "completed"],
      ["/dst/dir/b.txt", "completed"],
    ]);
    expect(task?.summary).toEqual({
      key: "explorer.copy.directoryDone",
      values: { success: 4, failed: 0, skipped: 1 },
    });
  });

  test("copy: no source found is the server's error, and the task fails with it", async () => {
    const client = fakeClient([], {
      batchCopy: async () => {
        throw new Error("No files found to copy");
      },
    });
    const task = await startCopyTask(taskDeps(client), [{ sourcePath: "/a", targetPath: "/b/a" }], {
      skipExisting: true,
      target: "/b",
    }).done;
    expect(task?.status).toBe("failed");
    expect((task?.error as Error | undefined)?.message).toBe("No files found to copy");
  });

  test("delete: one path at a time; one failure makes it partially complete", async () => {
    const client = fakeClient([], {
      remove: async ({ path }) => {
        if (path === "/m/locked") throw new Error("no");
        return { deleted: 1, failed: [] };
      },
    });
    const task = await startDeleteTask(taskDeps(client), ["/m/a", "/m/locked", "/m/b"]).done;
    expect(task?.status).toBe("partial");
    expect(task?.files.map((file) => file.status)).toEqual(["completed", "failed", "completed"]);
  });

  test("upload: folders first (an existing one is fine), then every file into its folder", async () => {
    const made: string[] = [];
    let refuse = (path: string): unknown => (path === "/m/photos" ? conflictError() : null);
    const client = fakeClient([], {
      mkdir: async ({ path }) => {
        made.push(path);
        const error = refuse(path);
        if (error) throw error;
        return entryAt(path, "directory");
      },
      presign: async () => ({
        presignedUrl: "http://bucket.test/x",
        contentType: "x",
        key: "k",
        path: "/m/x",
        fileName: "x",
        headers: {},
        expiresIn: 1,
        mountId: "m",
        storageConfigId: "s3",
        providerType: "Other S3 Compatible",
      }),
    });
    const sent: string[] = [];
    const deps = taskDeps(client, {
      transport: async (request) => {
        sent.push(String((request.body as FormData).get("path")));
        return answer(201, { code: 201, message: "Created", data: {}, success: true });
      },
      // The bucket is out of reach: every small file goes through the server's form upload.
      mayConnect: async () => false,
    });
    const file = (relative: string) => {
      const value = new File(["abc"], relative.split("/").pop() ?? relative);
      Object.defineProperty(value, "webkitRelativePath", { value: relative });
      return value;
    };
    const task = await startUploadTask(deps, pickedFromInput([file("photos/a.jpg"), file("photos/2024/b.jpg")]), "/m")
      .done;
    expect(made).toEqual(["/m/photos", "/m/photos/2024"]);
    expect(sent.sort()).toEqual(["/m/photos/", "/m/photos/2024/"]);
    expect(task?.status).toBe("completed");
    expect(task?.loaded).toBe(6);
    expect(task?.summary).toEqual({ key: "explorer.tasks.summaries.upload", values: { done: 2, failed: 0 } });

    // Any other refusal of a folder stops the task before a file is sent.
    refuse = () => new Error("read-only");
    sent.length = 0;
    const failed = await startUploadTask(deps, pickedFromInput([file("photos/a.jpg")]), "/m").done;
    expect(failed?.status).toBe("failed");
    expect(sent).toEqual([]);
  });

  test("upload: a file over the max upload size fails before a byte is sent, with the limit as its reason", async () => {
    const calls: Calls = [];
    const sent: string[] = [];
    const deps = taskDeps(fakeClient(calls), {
      maxUploadBytes: 4,
      transport: async (request) => {
        sent.push(request.url);
        return answer(201, { code: 201, message: "Created", data: {}, success: true });
      },
      mayConnect: async () => false,
    });
    const task = await startUploadTask(
      deps,
      pickedFromInput([new File(["tiny"], "ok.txt"), new File(["too large"], "big.txt")]),
      "/m",
    ).done;
    expect(task?.status).toBe("partial");
    const big = task?.files.find((file) => file.name === "big.txt");
    expect(big?.status).toBe("failed");
    expect(big?.error).toBeInstanceOf(UploadLimitError);
    expect(sent.length).toBe(1);
    expect(calls.filter((call) => JSON.stringify(call).includes("big.txt"))).toEqual([]);
  });
});

describe("basket and zip", () => {
  test("the basket keeps each file once, persists, totals and removes", () => {
    const storage = new Map<string, string>();
    const fakeStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    } as unknown as Storage;
    const store = createBasketStore(fakeStorage);
    const item = (path: string, size: number) => ({
      path,
      name: path.split("/").pop() ?? "",
      size,
      mimetype: null,
      modified: null,
    });
    expect(store.add([item("/m/a", 10), item("/m/b", 20)])).toBe(2);
    expect(store.add([item("/m/a", 10)])).toBe(0);
    expect(basketTotal(store.getItems())).toBe(30);
    expect(
      createBasketStore(fakeStorage)
        .getItems()
        .map((entry) => entry.path),
    ).toEqual(["/m/a", "/m/b"]);
    store.remove(["/m/a"]);
    expect(store.getItems().map((entry) => entry.path)).toEqual(["/m/b"]);
  });

  test("the zip holds every readable file under its path; a refused one is left out and reported", async () => {
    const bodies: Record<string, string> = { "/m/a.txt": "alpha", "/m/sub/b.txt": "bravo" };
    const fakeFetch = (async (url: string) => {
      const path = new URL(url, "http://app.test").searchParams.get("path") ?? "";
      const body = bodies[path];
      if (body === undefined) return { ok: false, status: 404, body: null, text: async () => '{"message":"gone"}' };
      // A plain stream: the test DOM's Response makes streams of another realm than TransformStream's.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      });
      return { ok: true, status: 200, body: stream, text: async () => body };
    }) as unknown as typeof fetch;
    let zipped = new Uint8Array();
    const sink: ZipSink = {
      kind: "download",
      async write(stream) {
        const chunks: Uint8Array[] = [];
        const reader = stream.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
        zipped = new Uint8Array(Buffer.concat(chunks));
      },
    };
    const failedPaths: string[] = [];
    let lastProgress = 0;
    const item = (path: string) => ({ path, name: path, size: 5, mimetype: null, modified: "2026-01-02T03:04:05Z" });
    const result = await zipBasket(
      [item("/m/a.txt"), item("/m/gone.txt"), item("/m/sub/b.txt")],
      sink,
      { endpoint: ENDPOINT, signal: new AbortController().signal, fetch: fakeFetch },
      { onFileFailed: (entry) => failedPaths.push(entry.path), onProgress: (loaded) => (lastProgress = loaded) },
    );
    expect(result).toEqual({ added: 2, failed: 1 });
    expect(failedPaths).toEqual(["/m/gone.txt"]);
    expect(lastProgress).toBe(10);
    const dir = mkdtempSync(join(tmpdir(), "zip-test-"));
    writeFileSync(join(dir, "basket.zip"), zipped);
    const listing = Bun.spawnSync(["unzip", "-Z1", join(dir, "basket.zip")])
      .stdout.toString()
      .trim()
      .split("\n");
    expect(listing).toEqual(["m/a.txt", "m/sub/b.txt"]);
    const content = Bun.spawnSync(["unzip", "-p", join(dir, "basket.zip"), "m/sub/b.txt"]).stdout.toString();
    expect(content).toBe("bravo");
    expect(zipEntryName("/x/y")).toBe("x/y");
  });
});
