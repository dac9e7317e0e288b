// Upload requests (POST /upload-requests, the visitor's POST /public/upload-requests/{slug}/files and the
// direct path) on SQLite and Postgres, local and S3 storage: the limits exact under 20 parallel senders,
// the size per file and in total, allowed types, the password and the visit that sees only its own files,
// a file refused at commit once the request closed (and removed), the owner's arrivals turned into a
// share, and the webhook: a private address refused, a delivery signed, recorded, and retried by the
// scheduler's job until a real receiver answers or the last attempt.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { MULTIPART_PART_SIZE } from "@shared/constants";
import {
  WEBHOOK_JOB,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookDeliveryJob,
} from "../../services/upload-requests/webhook";
import {
  type ArrivedFile,
  createMount,
  defaultStorageId,
  loginAdmin,
  present,
  storageOfKind,
} from "../../test/api-client";
import { DATABASE_PROVIDERS, STORAGE_CASES, useTestApp } from "../../test/harness";

function fileForm(content: string, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set("file", new File([content], name, { type: "text/plain" }));
  return form;
}

describe.each(STORAGE_CASES)("upload requests on %s with %s storage", (provider, storageKind) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  let storageId: string;
  let folder: string;

  const createRequest = (body: Record<string, unknown>) =>
    call("POST", "/upload-requests", { auth: admin, body, procedure: "uploadRequests.create" });
  const send = (slug: string, content: string, name: string, fields: Record<string, string> = {}) =>
    call<ArrivedFile>("POST", `/public/upload-requests/${slug}/files`, { body: fileForm(content, name, fields) });
  const list = (path: string) =>
    call("GET", `/admin/fs/list?path=${encodeURIComponent(path)}`, { auth: admin, procedure: "fs.list" });
  const folderNames = async (path: string) =>
    (await list(path)).body.data.items.map((item: { name: string }) => item.name).sort();

  beforeAll(async () => {
    admin = await loginAdmin(api);
    storageId = await storageOfKind(storageKind, api, t.db, admin, { is_public: false });
    folder = `inbox-${Date.now()}`;
    await createMount(api, admin, { mount_path: "/inbox", storage_config_id: storageId, folder });
  });

  /** PUTs bytes to a presigned URL: the bucket's own, or the app's local-storage route (called in process). */
  async function putTo(url: string, body: string, headers: Record<string, string>) {
    if (!url.startsWith("http://localhost:8787/api/"))
      return (await fetch(url, { method: "PUT", body, headers })).status;
    return (
      await call("PUT", url.slice("http://localhost:8787/api".length), {
        body: new TextEncoder().encode(body),
        headers,
      })
    ).status;
  }

  /** PUTs one multipart part to its URL (the bucket's, or the app's local-storage route): its ETag. */
  async function putPart(url: string, body: string) {
    if (!url.startsWith("http://localhost:8787/api/")) {
      const answer = await fetch(url, { method: "PUT", body });
      return { status: answer.status, etag: answer.headers.get("ETag") ?? "" };
    }
    const answer = await call("PUT", url.slice("http://localhost:8787/api".length), {
      body: new TextEncoder().encode(body),
    });
    return { status: answer.status, etag: answer.headers.get("ETag") ?? "" };
  }

  async function newFolder(name: string) {
    const made = await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: `/inbox/${name}` } });
    expect(made.status).toBe(201);
    return `/inbox/${name}`;
  }

  test("20 parallel senders against at most 5 files: exactly 5 kept, 15 refused with 409, nothing else stored", async () => {
    const path = await newFolder("parallel");
    const created = await createRequest({ path, max_files: 5, max_file_size: 1000, max_total_size: 100_000 });
    expect(created.status).toBe(201);
    const { slug, url } = created.body.data;
    expect(url).toBe(`http://localhost:8787/r/${slug}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => send(slug, `file number ${index}`, `report.txt`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toContain("5");
    // Five objects under five names in the folder, the counters exact.
    const names = await folderNames(path);
    expect(names).toHaveLength(5);
    expect(names).toContain("report.txt");
    expect(names).toContain("report (2).txt");
    const row = await t.db.uploadRequest.findUniqueOrThrow({ where: { slug }, select: { filesCount: true } });
    expect(row.filesCount).toBe(5);
    const detail = await call("GET", `/upload-requests/${created.body.data.id}`, {
      auth: admin,
      procedure: "uploadRequests.get",
    });
    expect(detail.body.data.files).toHaveLength(5);
    expect(detail.body.data.files_count).toBe(5);
  });

  test("size per file (413), total (409) and allowed types (415) are refused in the sender's language", async () => {
    const path = await newFolder("sizes");
    const created = await createRequest({
      path,
      max_files: 10,
      max_file_size: 8,
      max_total_size: 12,
      allowed_types: ["text/plain", ".md"],
    });
    const { slug } = created.body.data;
    expect((await send(slug, "123456789", "big.txt")).status).toBe(413);
    const image = new FormData();
    image.set("file", new File(["png"], "photo.png", { type: "image/png" }));
    const refusedType = await call<ArrivedFile>("POST", `/public/upload-requests/${slug}/files`, {
      body: image,
      lang: "zh",
    });
    expect(refusedType.status).toBe(415);
    expect(refusedType.body.message).toContain("不接受");
    expect((await send(slug, "12345678", "a.txt")).status).toBe(201);
    expect((await send(slug, "1234", "notes.md")).status).toBe(201);
    // 12 bytes taken of 12: one more byte is past the total.
    expect((await send(slug, "1", "c.txt")).status).toBe(409);
    expect(await folderNames(path)).toEqual(["a.txt", "notes.md"]);
    const row = await t.db.uploadRequest.findUniqueOrThrow({
      where: { slug },
      select: { filesCount: true, bytesCount: true },
    });
    expect(row).toEqual({ filesCount: 2, bytesCount: 12n });
  });

  test("a password opens a visit that sees only what it sent", async () => {
    const path = await newFolder("password");
    const { slug } = (
      await createRequest({
        path,
        max_files: 5,
        max_file_size: 100,
        max_total_size: 500,
        password: "open sesame",
        note: "Send the scans",
      })
    ).body.data;
    expect((await send(slug, "x", "x.txt")).status).toBe(401);
    const locked = await call("GET", `/public/upload-requests/${slug}`, { procedure: "uploadRequests.view" });
    expect(locked.body.data).toMatchObject({ requires_password: true, note: "Send the scans", visit: null, sent: [] });
    const open = async () =>
      (
        await call("GET", `/public/upload-requests/${slug}?password=${encodeURIComponent("open sesame")}`, {
          procedure: "uploadRequests.view",
        })
      ).body.data.visit as string;
    const first = await open();
    const second = await open();
    expect((await send(slug, "one", "mine.txt", { visit: first })).status).toBe(201);
    expect((await send(slug, "two", "theirs.txt", { visit: second })).status).toBe(201);
    const seen = await call("GET", `/public/upload-requests/${slug}?visit=${encodeURIComponent(first)}`, {
      procedure: "uploadRequests.view",
    });
    expect(seen.body.data.sent.map((file: { name: string }) => file.name)).toEqual(["mine.txt"]);
    expect(seen.body.data).toMatchObject({ files_left: 3, requires_password: false });
    // A forged visit is no visit.
    expect((await send(slug, "x", "x.txt", { visit: `${first.slice(0, -2)}xx` })).status).toBe(401);
  });

  test("a file on its way when the request closes is refused at commit and removed", async () => {
    const path = await newFolder("closing");
    const created = (await createRequest({ path, max_files: 3, max_file_size: 100, max_total_size: 300 })).body.data;
    const visit = (await call("GET", `/public/upload-requests/${created.slug}`, { procedure: "uploadRequests.view" }))
      .body.data.visit;
    const started = await call("POST", `/public/upload-requests/${created.slug}/uploads`, {
      body: { visit, name: "late.txt", size: 5, mimetype: "text/plain" },
      procedure: "uploadRequests.start",
    });
    expect(started.status).toBe(201);
    const grant = started.body.data;
    expect(await putTo(grant.url ?? "", "hello", grant.headers)).toBe(200);
    const closed = await call("POST", `/upload-requests/${created.id}/close`, {
      auth: admin,
      procedure: "uploadRequests.close",
    });
    expect(closed.body.data.status).toBe("closed");
    const completed = await call("POST", `/public/upload-requests/${created.slug}/uploads/${grant.file_id}/complete`, {
      body: { visit },
    });
    expect(completed.status).toBe(410);
    expect(await folderNames(path)).toEqual([]);
    expect(await t.db.uploadRequestFile.count({ where: { requestId: created.id } })).toBe(0);
    expect((await send(created.slug, "x", "x.txt")).status).toBe(410);
  });

  test("the direct path keeps the file; cancel gives the slot back; the owner shares an arrival", async () => {
    const path = await newFolder("direct");
    const created = (await createRequest({ path, max_files: 1, max_file_size: 100, max_total_size: 100 })).body.data;
    const visit = (await call("GET", `/public/upload-requests/${created.slug}`, { procedure: "uploadRequests.view" }))
      .body.data.visit;
    const start = (name: string) =>
      call("POST", `/public/upload-requests/${created.slug}/uploads`, {
        body: { visit, name, size: 11, mimetype: "text/plain" },
        procedure: "uploadRequests.start",
      });
    const cancelled = (await start("gone.txt")).body.data;
    expect((await start("second.txt")).status).toBe(409);
    await call("POST", `/public/upload-requests/${created.slug}/uploads/${cancelled.file_id}/cancel`, {
      body: { visit },
      procedure: "uploadRequests.cancel",
    });
    const grant = (await start("kept.txt")).body.data;
    expect(await putTo(present(grant.url, "the upload link"), "kept bytes!", grant.headers)).toBe(200);
    const done = await call("POST", `/public/upload-requests/${created.slug}/uploads/${grant.file_id}/complete`, {
      body: { visit },
    });
    expect(done.status).toBe(201);
    expect(await folderNames(path)).toEqual(["kept.txt"]);
    const shared = await call("POST", `/upload-requests/${created.id}/files/${grant.file_id}/share`, {
      auth: admin,
      procedure: "uploadRequests.shareFile",
    });
    expect(shared.status).toBe(201);
    const download = await call("GET", `/public/shares/${shared.body.data.slug}/file?path=kept.txt`);
    expect(download.status).toBe(200);
    expect(download.text).toBe("kept bytes!");
  });

  describe("a sender's multipart file (docs/upload-requests.md, resuming after a reload)", () => {
    const PART = MULTIPART_PART_SIZE;
    const firstPart = "a".repeat(PART);
    const lastPart = "b".repeat(100);
    const openVisit = async (slug: string) =>
      present(
        (await call("GET", `/public/upload-requests/${slug}`, { procedure: "uploadRequests.view" })).body.data.visit,
        "the visit token",
      );
    const startMultipart = (slug: string, visit: string, name: string, size: number) =>
      call("POST", `/public/upload-requests/${slug}/uploads`, {
        body: { visit, name, size, mimetype: "text/plain", mode: "multipart" },
        procedure: "uploadRequests.start",
      });
    const fileCall = (slug: string, fileId: string, action: string, body: Record<string, unknown>) =>
      call("POST", `/public/upload-requests/${slug}/uploads/${fileId}/${action}`, { body });

    test("picks up after a reload from the parts stored, and only its own visit may touch it", async () => {
      const path = await newFolder("resumed");
      const request = (await createRequest({ path, max_files: 2, max_file_size: 2 * PART, max_total_size: 2 * PART }))
        .body.data;
      const visit = await openVisit(request.slug);
      const started = await startMultipart(request.slug, visit, "video.txt", PART + lastPart.length);
      expect(started.status).toBe(201);
      const grant = started.body.data;
      expect(grant.mode).toBe("multipart");
      expect(grant.part_urls.map((part) => part.part_number)).toEqual([1, 2]);
      const first = await putPart(present(grant.part_urls[0], "part 1's URL").url, firstPart);
      expect(first.status).toBe(200);

      // The page reloads: it asks what is stored, and gets part 1 with its size and ETag.
      const stored = await call("POST", `/public/upload-requests/${request.slug}/uploads/${grant.file_id}/parts`, {
        body: { visit },
        procedure: "uploadRequests.storedParts",
      });
      expect(stored.status).toBe(200);
      expect(stored.body.data.parts).toEqual([{ part_number: 1, size: PART, etag: expect.any(String) }]);

      // Another visit, no visit at all, or another request's link: the file is not theirs (404).
      const stranger = await openVisit(request.slug);
      const other = (await createRequest({ path, max_files: 1, max_file_size: 100, max_total_size: 100 })).body.data;
      for (const [slug, body] of [
        [request.slug, { visit: stranger }],
        [request.slug, {}],
        [other.slug, { visit: await openVisit(other.slug) }],
      ] as const) {
        for (const action of ["parts", "part-urls", "complete", "cancel"]) {
          const extra = action === "part-urls" ? { part_numbers: [2] } : {};
          const refused = await fileCall(slug, grant.file_id, action, { ...body, ...extra });
          expect([action, refused.status]).toEqual([action, 404]);
        }
      }

      const more = await call("POST", `/public/upload-requests/${request.slug}/uploads/${grant.file_id}/part-urls`, {
        body: { visit, part_numbers: [2] },
        procedure: "uploadRequests.partUrls",
      });
      const second = await putPart(present(more.body.data.part_urls[0], "part 2's URL").url, lastPart);
      expect(second.status).toBe(200);
      const parts = [
        { part_number: 1, etag: present(stored.body.data.parts[0], "part 1").etag },
        { part_number: 2, etag: second.etag },
      ];
      const completed = await fileCall(request.slug, grant.file_id, "complete", { visit, parts });
      expect(completed.status).toBe(201);
      expect(completed.body.data).toMatchObject({ name: "video.txt", size: PART + lastPart.length });
      const download = await call("GET", `/admin/fs/download?path=${encodeURIComponent(`${path}/video.txt`)}`, {
        auth: admin,
      });
      expect(download.bytes.length).toBe(PART + lastPart.length);
      expect(download.text).toBe(firstPart + lastPart);
      // Kept: there is nothing left to resume.
      expect((await fileCall(request.slug, grant.file_id, "parts", { visit })).status).toBe(404);
    });

    test("a request filled while the parts travelled refuses the commit: object and parts removed, slot given back", async () => {
      const path = await newFolder("filled");
      const request = (
        await createRequest({ path, max_files: 3, max_file_size: PART + 200, max_total_size: PART + 200 })
      ).body.data;
      const visit = await openVisit(request.slug);
      const grant = (await startMultipart(request.slug, visit, "large.txt", PART + lastPart.length)).body.data;
      const parts = [];
      for (const [index, body] of [firstPart, lastPart].entries()) {
        const sent = await putPart(present(grant.part_urls[index], "a part URL").url, body);
        parts.push({ part_number: index + 1, etag: sent.etag });
      }
      // Meanwhile a small file takes 150 bytes of the total: the large one no longer fits.
      expect((await send(request.slug, "s".repeat(150), "small.txt", { visit })).status).toBe(201);
      const refused = await call("POST", `/public/upload-requests/${request.slug}/uploads/${grant.file_id}/complete`, {
        body: { visit, parts },
        lang: "zh",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("总");
      expect(await folderNames(path)).toEqual(["small.txt"]);
      const row = await t.db.uploadRequest.findUniqueOrThrow({
        where: { id: request.id },
        select: { filesCount: true, bytesCount: true },
      });
      expect(row).toEqual({ filesCount: 1, bytesCount: 150n });
      expect(await t.db.uploadRequestFile.count({ where: { requestId: request.id } })).toBe(1);
    });

    test("cancel aborts the multipart upload: the parts sent are gone from the storage", async () => {
      const path = await newFolder("cancelled");
      const request = (await createRequest({ path, max_files: 1, max_file_size: 2 * PART, max_total_size: 2 * PART }))
        .body.data;
      const visit = await openVisit(request.slug);
      const grant = (await startMultipart(request.slug, visit, "abandoned.txt", PART + lastPart.length)).body.data;
      expect((await putPart(present(grant.part_urls[0], "part 1's URL").url, firstPart)).status).toBe(200);
      const record = await t.db.uploadRequestFile.findUniqueOrThrow({
        where: { id: grant.file_id },
        select: { storagePath: true, uploadId: true },
      });
      const uploadId = present(record.uploadId, "the multipart upload id");
      const driver = await t.storage.driverFor(storageId);
      expect(await driver.listParts(record.storagePath, uploadId)).toHaveLength(1);

      const cancelled = await call("POST", `/public/upload-requests/${request.slug}/uploads/${grant.file_id}/cancel`, {
        body: { visit },
        procedure: "uploadRequests.cancel",
      });
      expect(cancelled.body.data).toEqual({ cancelled: true });
      expect(await driver.listParts(record.storagePath, uploadId).catch(() => "gone")).toBe("gone");
      expect((await fileCall(request.slug, grant.file_id, "parts", { visit })).status).toBe(404);
      expect(await folderNames(path)).toEqual([]);
      // Its slot is free again: the only one this request has.
      expect((await send(request.slug, "after", "after.txt", { visit })).status).toBe(201);
    });
  });

  test("an expired request takes files again once extended; a closed one cannot be extended", async () => {
    const path = await newFolder("extended");
    const created = (await createRequest({ path, max_files: 2, max_file_size: 100, max_total_size: 200 })).body.data;
    await t.db.uploadRequest.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await send(created.slug, "late", "late.txt")).status).toBe(410);
    const extend = (expires_in: number | null) =>
      call("POST", `/upload-requests/${created.id}/extend`, {
        auth: admin,
        body: { expires_in },
        procedure: "uploadRequests.extend",
      });
    const extended = await extend(24);
    expect(extended.status).toBe(200);
    expect(extended.body.data.status).toBe("open");
    const expiry = new Date(extended.body.data.expires_at ?? 0).getTime();
    expect(Math.abs(expiry - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    expect((await send(created.slug, "in time", "on-time.txt")).status).toBe(201);
    expect((await extend(null)).body.data.expires_at).toBeNull();
    await call("POST", `/upload-requests/${created.id}/close`, { auth: admin, procedure: "uploadRequests.close" });
    const refused = await call("POST", `/upload-requests/${created.id}/extend`, {
      auth: admin,
      body: { expires_in: 24 },
      lang: "zh",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("此上传请求已关闭");
    expect((await t.db.uploadRequest.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("closed");
    expect(await folderNames(path)).toEqual(["on-time.txt"]);
  });

  test("a webhook on a private address is refused when the request is created", async () => {
    for (const url of [
      "http://127.0.0.1:9/hook",
      "http://localhost/hook",
      "http://[::1]/",
      "http://169.254.169.254/",
    ]) {
      const refused = await createRequest({
        storage_config_id: storageId,
        max_files: 1,
        max_file_size: 10,
        max_total_size: 10,
        webhook_url: url,
        webhook_secret: "a secret of mine",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain("private, loopback");
    }
    expect(await t.db.uploadRequest.count({ where: { webhookUrl: { not: null } } })).toBe(0);
  });

  test("a webhook set after creation on a private address is refused as at creation, nothing changed", async () => {
    const created = await createRequest({
      storage_config_id: storageId,
      max_files: 1,
      max_file_size: 10,
      max_total_size: 10,
    });
    expect(created.status).toBe(201);
    for (const url of ["http://127.0.0.1:9/hook", "http://[::1]/", "http://169.254.169.254/"]) {
      const refused = await call("PUT", `/upload-requests/${created.body.data.id}/webhook`, {
        auth: admin,
        body: { webhook_url: url, webhook_secret: "a secret of mine" },
        lang: "zh",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain("私有、回环");
    }
    const row = await t.db.uploadRequest.findUniqueOrThrow({
      where: { id: created.body.data.id },
      select: { webhookUrl: true, webhookSecretEnc: true },
    });
    expect(row).toEqual({ webhookUrl: null, webhookSecretEnc: null });
  });
});

describe.each(DATABASE_PROVIDERS)("upload request webhooks on %s", (provider) => {
  const { t, api } = useTestApp(provider, { allowPrivateUrls: true });
  let admin: string;
  let storageId: string;
  type Received = { path: string; body: string; signature: string | null; delivery: string | null };
  const received: Received[] = [];
  let flakyCalls = 0;
  // A real receiver: /flaky fails twice then answers 200; /down… always fails.
  const hook = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({
        path,
        body: await request.text(),
        signature: request.headers.get("x-pastebox-signature"),
        delivery: request.headers.get("x-pastebox-delivery"),
      });
      if (path === "/flaky" && ++flakyCalls <= 2) return new Response("busy", { status: 503 });
      if (path.startsWith("/down")) return new Response("broken", { status: 500 });
      return new Response("ok");
    },
  });
  const arrivedAt = (path: string) => received.filter((entry) => entry.path === path);

  beforeAll(async () => {
    t.scheduler.register(webhookDeliveryJob(t));
    admin = await loginAdmin(api);
    storageId = await defaultStorageId(t.db);
  });
  afterAll(async () => {
    hook.stop(true);
  });

  async function requestWithHook(path: string) {
    const created = await api.call("POST", "/upload-requests", {
      auth: admin,
      body: {
        storage_config_id: storageId,
        max_files: 2,
        max_file_size: 100,
        max_total_size: 200,
        webhook_url: `http://127.0.0.1:${hook.port}${path}`,
        webhook_secret: "webhook secret 123",
      },
      procedure: "uploadRequests.create",
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain("webhook secret 123");
    return created.body.data as { id: string; slug: string };
  }

  const deliveryOf = (requestId: string) => t.db.uploadRequestDelivery.findFirstOrThrow({ where: { requestId } });
  const requestRecord = async (id: string) =>
    (await api.call("GET", `/upload-requests/${id}`, { auth: admin, procedure: "uploadRequests.get" })).body.data;

  async function until(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await Bun.sleep(25);
    }
  }

  /** Lets the pause before the next attempt pass, then has the scheduler's job run once to its end. */
  async function retryNow(requestId: string) {
    const before = await deliveryOf(requestId);
    await t.db.uploadRequestDelivery.update({
      where: { id: before.id },
      data: { nextAttemptAt: new Date(Date.now() - 1000) },
    });
    expect(await t.reads.hasDueWebhookDeliveries(new Date())).toBe(true);
    expect(await t.scheduler.runNow(WEBHOOK_JOB)).toBe("started");
    // Its run recorded and its lease given back (released after the record): the next runNow may claim it.
    await until(
      async () =>
        (await t.db.jobRun.count({ where: { job: WEBHOOK_JOB, status: "running" } })) === 0 &&
        !t.scheduler.jobs().some((job) => job.name === WEBHOOK_JOB && job.runningHere),
      "the job's run",
    );
    const after = await deliveryOf(requestId);
    expect(after.attempts).toBe(before.attempts + 1);
    return after;
  }

  /**
   * A request notifying `path`, sent one file: the delivery is recorded before the sender's answer and tried
   * at once; answers once that first attempt has a result.
   */
  async function sentToHook(path: string, text: string) {
    const request = await requestWithHook(path);
    const sent = await api.call("POST", `/public/upload-requests/${request.slug}/files`, {
      body: fileForm(text, `${text}.txt`),
    });
    expect(sent.status).toBe(201);
    await until(async () => (await deliveryOf(request.id)).lastResult !== null, "the first attempt");
    return request;
  }

  test("a receiver that fails twice gets the signed notice on the third attempt, retried by the job with growing pauses", async () => {
    const request = await sentToHook("/flaky", "hello");
    const first = await deliveryOf(request.id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, lastResult: "HTTP 503" });
    const firstPause = (first.nextAttemptAt?.getTime() ?? 0) - (first.lastAttemptAt?.getTime() ?? 0);
    expect(firstPause).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[0] ?? 0);
    // The owner sees it failing and waiting to be retried; nothing is due yet, so the job stays idle.
    expect((await requestRecord(request.id)).webhook).toMatchObject({
      last_ok: false,
      last_result: "HTTP 503",
      retrying: 1,
      failed: 0,
    });
    expect(await t.reads.hasDueWebhookDeliveries(new Date())).toBe(false);

    const second = await retryNow(request.id);
    expect(second).toMatchObject({ status: "pending", lastResult: "HTTP 503" });
    const secondPause = (second.nextAttemptAt?.getTime() ?? 0) - (second.lastAttemptAt?.getTime() ?? 0);
    expect(secondPause).toBeGreaterThan(firstPause);

    const third = await retryNow(request.id);
    expect(third).toMatchObject({ status: "delivered", lastResult: "HTTP 200", nextAttemptAt: null });
    expect(await t.reads.hasDueWebhookDeliveries(new Date())).toBe(false);
    expect((await requestRecord(request.id)).webhook).toMatchObject({
      last_ok: true,
      last_result: "HTTP 200",
      retrying: 0,
      failed: 0,
    });

    // Three attempts of one delivery: the same bytes, the same id, each signed with the secret.
    const attempts = arrivedAt("/flaky");
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    expect(new Set(attempts.map((attempt) => attempt.delivery))).toEqual(new Set([first.id]));
    const body = attempts[0]?.body ?? "";
    expect(attempts[0]?.signature).toBe(
      `sha256=${createHmac("sha256", "webhook secret 123").update(body).digest("hex")}`,
    );
    expect(JSON.parse(body)).toMatchObject({
      event: "upload_request.file_received",
      delivery_id: first.id,
      request: { id: request.id, slug: request.slug },
      file: { name: "hello.txt", size: 5 },
    });
  });

  test("the owner changes the webhook afterwards: a waiting delivery goes to the new URL with the new secret; removing it drops what waits", async () => {
    const request = await requestWithHook("/down-before-moving");
    const setWebhook = (body: Record<string, unknown>) =>
      api.call("PUT", `/upload-requests/${request.id}/webhook`, {
        auth: admin,
        body,
        procedure: "uploadRequests.setWebhook",
      });
    const sent = await api.call("POST", `/public/upload-requests/${request.slug}/files`, {
      body: fileForm("first", "first.txt"),
    });
    expect(sent.status).toBe(201);
    await until(async () => (await deliveryOf(request.id)).lastResult !== null, "the first attempt");
    expect(await deliveryOf(request.id)).toMatchObject({ status: "pending", lastResult: "HTTP 500" });

    const moved = await setWebhook({
      webhook_url: `http://127.0.0.1:${hook.port}/moved`,
      webhook_secret: "new secret 4567",
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.webhook_url).toBe(`http://127.0.0.1:${hook.port}/moved`);
    expect(JSON.stringify(moved.body)).not.toContain("new secret 4567");
    expect(await retryNow(request.id)).toMatchObject({ status: "delivered", lastResult: "HTTP 200" });
    const [atMoved] = arrivedAt("/moved");
    expect(atMoved?.signature).toBe(
      `sha256=${createHmac("sha256", "new secret 4567")
        .update(atMoved?.body ?? "")
        .digest("hex")}`,
    );

    // A new URL without a secret keeps the one the request has.
    expect((await setWebhook({ webhook_url: `http://127.0.0.1:${hook.port}/again` })).status).toBe(200);
    await api.call("POST", `/public/upload-requests/${request.slug}/files`, { body: fileForm("second", "second.txt") });
    await until(async () => arrivedAt("/again").length === 1, "the notice at the new URL");
    const [atAgain] = arrivedAt("/again");
    expect(atAgain?.signature).toBe(
      `sha256=${createHmac("sha256", "new secret 4567")
        .update(atAgain?.body ?? "")
        .digest("hex")}`,
    );

    // Removed: no webhook on the record, and a delivery that was waiting is dropped, never sent.
    await t.db.uploadRequestDelivery.create({
      data: { requestId: request.id, event: "upload_request.file_received", body: "{}", nextAttemptAt: new Date() },
    });
    const removed = await setWebhook({ webhook_url: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ webhook_url: null, webhook: null });
    expect(await t.db.uploadRequestDelivery.count({ where: { requestId: request.id, status: "pending" } })).toBe(0);
    expect(
      await t.db.uploadRequest.findUniqueOrThrow({ where: { id: request.id }, select: { webhookSecretEnc: true } }),
    ).toEqual({ webhookSecretEnc: null });

    // Without a secret kept, a new URL needs one: 400 in the caller's language, nothing changed.
    const needsSecret = await setWebhook({ webhook_url: `http://127.0.0.1:${hook.port}/moved` });
    expect(needsSecret.status).toBe(400);
    expect(needsSecret.body.message).toContain("secret");
    expect((await requestRecord(request.id)).webhook_url).toBeNull();
  });

  test("a receiver that never answers 2xx is given up after the last attempt, and the owner sees it", async () => {
    const request = await sentToHook("/down", "down");
    let delivery = await deliveryOf(request.id);
    while (delivery.status === "pending") delivery = await retryNow(request.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, lastResult: "HTTP 500" });
    expect(arrivedAt("/down")).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect((await requestRecord(request.id)).webhook).toMatchObject({ last_ok: false, retrying: 0, failed: 1 });
    expect(await t.reads.hasDueWebhookDeliveries(new Date())).toBe(false);
  });
});
