// One upload policy per request (docs/uploads.md): every upload flow, share, mount or upload request,
// reads the settings table once and looks its storage's driver up once per request, whatever checks
// it makes. Counted (not timed) by spying on the two readers around real requests; SQLite and Postgres.
import { beforeAll, describe, expect, spyOn, test } from "bun:test";
import { basicAuth } from "../../dav/dav-test-kit";
import {
  type ArrivedFile,
  createMount,
  defaultStorageId,
  loginAdmin,
  present,
  shareUploadForm,
  type UploadedPart,
} from "../../test/api-client";
import { DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";
import * as settingsModule from "../system/settings";

type Reads = { settings: number; drivers: number };
const ONCE: Reads = { settings: 1, drivers: 1 };
/** A step that checks no limit (abort, cancel) only looks its driver up. */
const DRIVER_ONLY: Reads = { settings: 0, drivers: 1 };

describe.each(DATABASE_PROVIDERS)("reads per upload request on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  let storageId: string;
  let requestSlug: string;
  let visit: string;
  beforeAll(async () => {
    admin = await loginAdmin(api);
    storageId = await defaultStorageId(t.db);
    await createMount(api, admin, { mount_path: "/reads", storage_config_id: storageId, folder: "reads" });
    await call("POST", "/admin/fs/mkdir", { auth: admin, body: { path: "/reads/inbox" } });
    const request = await call("POST", "/upload-requests", {
      auth: admin,
      body: { path: "/reads/inbox", max_files: 20, max_file_size: 1000, max_total_size: 10_000 },
      procedure: "uploadRequests.create",
    });
    requestSlug = request.body.data.slug;
    const view = await call("GET", `/public/upload-requests/${requestSlug}`, { procedure: "uploadRequests.view" });
    visit = present(view.body.data.visit, "the visit token");
  });

  /** What one request read: the settings table and driver look-ups, while `run` ran. */
  async function readsOf<T>(run: () => Promise<T>): Promise<{ reads: Reads; answer: T }> {
    const settings = spyOn(settingsModule, "getSystemSettings");
    const drivers = spyOn(t.storage, "driverFor");
    try {
      const answer = await run();
      return { reads: { settings: settings.mock.calls.length, drivers: drivers.mock.calls.length }, answer };
    } finally {
      settings.mockRestore();
      drivers.mockRestore();
    }
  }

  /** Runs one request and checks its status and what it read; answers the request's answer. */
  async function counted<T extends { status: number }>(status: number, run: () => Promise<T>, expected = ONCE) {
    const { reads, answer } = await readsOf(run);
    expect(answer.status).toBe(status);
    expect(reads).toEqual(expected);
    return answer;
  }

  /** A link the app signed for its local storage, sent in-process. */
  const putLink = (url: string, body: BodyInit) =>
    t.app.fetch(new Request(url.replace(t.config.publicUrl, "http://localhost"), { method: "PUT", body }), "127.0.0.1");

  /** The uploads done in one request, each answered 201. */
  const oneRequestUploads: [string, () => Promise<{ status: number }>][] = [
    [
      "share: form upload",
      () =>
        call("POST", "/upload", { auth: admin, body: shareUploadForm({ s3_config_id: storageId }, "hello", "a.txt") }),
    ],
    [
      "share: raw upload",
      () =>
        call("PUT", "/upload-direct/raw.txt", {
          auth: admin,
          body: "hello",
          headers: { "content-type": "text/plain" },
        }),
    ],
    [
      "mount: form upload",
      () => {
        const form = new FormData();
        form.set("path", "/reads/");
        form.set("file", new File(["hello"], "e.txt"));
        return call("POST", "/admin/fs/upload", { auth: admin, body: form });
      },
    ],
    [
      "mount: WebDAV PUT",
      () =>
        t.app.fetch(
          new Request("http://localhost/dav/reads/i.txt", {
            method: "PUT",
            headers: { authorization: basicAuth("admin", TEST_ADMIN_PASSWORD), "content-type": "text/plain" },
            body: "hello",
          }),
          "127.0.0.1",
        ),
    ],
    [
      "upload request: form upload",
      () => {
        const form = new FormData();
        form.set("visit", visit);
        form.set("file", new File(["hello"], "j.txt", { type: "text/plain" }));
        return call<ArrivedFile>("POST", `/public/upload-requests/${requestSlug}/files`, { body: form });
      },
    ],
  ];

  test.each(oneRequestUploads)("%s", async (_name, upload) => {
    await counted(201, upload);
  });

  test("share: presign, then commit", async () => {
    const presign = await counted(200, () =>
      call("POST", "/s3/presign", {
        auth: admin,
        body: { s3_config_id: storageId, filename: "b.txt", size: 5 },
        procedure: "files.upload.presign",
      }),
    );
    const { upload_url, file_id } = presign.body.data;
    expect((await putLink(upload_url, "hello")).status).toBeLessThan(300);
    await counted(200, () => call("POST", "/s3/commit", { auth: admin, body: { file_id } }));
  });

  test("share: multipart start, complete and abort", async () => {
    const init = await counted(200, () =>
      call("POST", "/s3/multipart/init", {
        auth: admin,
        body: { s3_config_id: storageId, filename: "c.txt", size: 5 },
        procedure: "files.upload.multipartInit",
      }),
    );
    const { file_id, upload_id, presigned_urls } = init.body.data;
    const put = await putLink(present(presigned_urls[0], "a part URL").url, "hello");
    expect(put.status).toBeLessThan(300);
    const etag = (put.headers.get("etag") ?? "").replaceAll('"', "");
    await counted(200, () =>
      call("POST", "/s3/multipart/complete", {
        auth: admin,
        body: { file_id, upload_id, parts: [{ part_number: 1, etag }] },
      }),
    );

    const second = await call("POST", "/s3/multipart/init", {
      auth: admin,
      body: { s3_config_id: storageId, filename: "d.txt", size: 5 },
      procedure: "files.upload.multipartInit",
    });
    await counted(
      200,
      () => call("POST", "/s3/multipart/abort", { auth: admin, body: { file_id: second.body.data.file_id } }),
      DRIVER_ONLY,
    );
  });

  test("mount: presign, then commit", async () => {
    const presign = await counted(200, () =>
      call("POST", "/admin/fs/presign", {
        auth: admin,
        body: { path: "/reads/", fileName: "f.txt", fileSize: 5 },
        procedure: "fs.presign",
      }),
    );
    expect((await putLink(presign.body.data.presignedUrl, "hello")).status).toBeLessThan(300);
    await counted(200, () =>
      call("POST", "/admin/fs/presign/commit", { auth: admin, body: { path: "/reads/f.txt", fileSize: 5 } }),
    );
  });

  test("mount: multipart start, part, complete and abort", async () => {
    const init = await counted(200, () =>
      call("POST", "/admin/fs/multipart/init", {
        auth: admin,
        body: { path: "/reads/", filename: "g.txt", fileSize: 5 },
        procedure: "fs.multipartInit",
      }),
    );
    const { uploadId, key, path } = init.body.data;
    const query = new URLSearchParams({ path, uploadId, key, partNumber: "1", isLastPart: "true" });
    const part = await counted(200, () =>
      api.call<UploadedPart>("POST", `/admin/fs/multipart/part?${query}`, {
        auth: admin,
        body: "hello",
        headers: { "content-type": "application/octet-stream" },
      }),
    );
    await counted(200, () =>
      call("POST", "/admin/fs/multipart/complete", {
        auth: admin,
        body: { path, uploadId, key, parts: [{ partNumber: 1, etag: part.body.data.etag }] },
      }),
    );

    const second = await call("POST", "/admin/fs/multipart/init", {
      auth: admin,
      body: { path: "/reads/", filename: "h.txt", fileSize: 5 },
      procedure: "fs.multipartInit",
    });
    await counted(
      200,
      () =>
        call("POST", "/admin/fs/multipart/abort", {
          auth: admin,
          body: { path: second.body.data.path, uploadId: second.body.data.uploadId, key: second.body.data.key },
        }),
      DRIVER_ONLY,
    );
  });

  const startArrival = (name: string, mode: "direct" | "multipart") =>
    call("POST", `/public/upload-requests/${requestSlug}/uploads`, {
      body: { visit, name, size: 5, mimetype: "text/plain", mode },
      procedure: "uploadRequests.start",
    });
  const completeArrival = (fileId: string, parts?: { part_number: number; etag: string }[]) =>
    call("POST", `/public/upload-requests/${requestSlug}/uploads/${fileId}/complete`, { body: { visit, parts } });

  test("upload request: start, then complete; cancel", async () => {
    const start = await counted(201, () => startArrival("k.txt", "direct"));
    const grant = start.body.data;
    expect((await putLink(present(grant.url, "the upload link"), "hello")).status).toBeLessThan(300);
    await counted(201, () => completeArrival(grant.file_id));

    const second = (await startArrival("l.txt", "direct")).body.data;
    await counted(
      200,
      () =>
        call("POST", `/public/upload-requests/${requestSlug}/uploads/${second.file_id}/cancel`, {
          body: { visit },
          procedure: "uploadRequests.cancel",
        }),
      DRIVER_ONLY,
    );
  });

  test("upload request: multipart start, then complete", async () => {
    const start = await counted(201, () => startArrival("m.txt", "multipart"));
    const grant = start.body.data;
    const put = await putLink(present(grant.part_urls[0], "a part URL").url, "hello");
    expect(put.status).toBeLessThan(300);
    const etag = (put.headers.get("etag") ?? "").replaceAll('"', "");
    await counted(201, () => completeArrival(grant.file_id, [{ part_number: 1, etag }]));
  });
});
