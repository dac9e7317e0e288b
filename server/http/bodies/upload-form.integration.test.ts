// The upload forms (POST /upload, POST /admin/fs/upload) take their fields in any order, on SQLite and
// Postgres: a file sent first (as the original's document lists it) is spooled to disk until the form
// ends and then stored with every field; the spool is removed after success, refusal and a cut body.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { type DavServer, startDavServer } from "../../dav/dav-test-kit";
import { DATABASE_PROVIDERS } from "../../test/harness";
import { spoolDirectory } from "./upload-form";

describe.each(DATABASE_PROVIDERS)("upload forms on %s", (provider) => {
  let s: DavServer;
  const spoolLeft = () => {
    const folder = spoolDirectory(s.t.config.dataDir);
    return existsSync(folder) ? readdirSync(folder).length : 0;
  };

  /** A multipart body with its parts in the given order. */
  function multipart(parts: FormPart[]): { body: string; type: string } {
    const boundary = `----b${crypto.randomUUID()}`;
    const chunks = parts.map((part) =>
      part.length === 3
        ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part[1]}"\r\nContent-Type: text/plain\r\n\r\n${part[2]}\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`,
    );
    return { body: `${chunks.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
  }

  type FormPart = [string, string] | ["file", string, string];

  /** Sends a multipart body as the admin; `post` builds it from its parts, in their order. */
  async function send(path: string, form: { body: string; type: string }) {
    const response = await s.t.app.fetch(
      new Request(`http://localhost/api${path}`, {
        method: "POST",
        headers: { authorization: s.admin, "content-type": form.type },
        body: form.body,
      }),
      "127.0.0.1",
    );
    // biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
    return { status: response.status, body: (await response.json()) as { data: any; message: string } };
  }

  const post = (path: string, parts: FormPart[]) => send(path, multipart(parts));

  beforeAll(async () => {
    s = await startDavServer(provider, "local", ["/docs"]);
  });
  afterAll(async () => {
    await s.stop();
  });

  test("POST /upload with the file first: every field after it applies", async () => {
    const slug = `first-${provider}`;
    const answer = await post("/upload", [
      ["file", "first.txt", "file before fields"],
      ["slug", slug],
      ["remark", "late remark"],
      ["max_views", "4"],
      ["password", "late-pw"],
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ slug, remark: "late remark", max_views: 4, has_password: true, size: 18 });
    const download = await s.t.app.fetch(
      new Request(`http://localhost/api/file-download/${slug}?password=late-pw`),
      "127.0.0.1",
    );
    expect(await download.text()).toBe("file before fields");
    expect(spoolLeft()).toBe(0);
  });

  test("fs upload with the file first lands at the path sent after it", async () => {
    const answer = await post("/admin/fs/upload", [
      ["file", "late.txt", "path comes last"],
      ["path", "/docs/late-path.txt"],
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.data.path).toBe("/docs/late-path.txt");
    const read = await s.request("GET", "/dav/docs/late-path.txt");
    expect(await read.text()).toBe("path comes last");
    expect(spoolLeft()).toBe(0);
  });

  test("fields first still stream; a refusal or a cut body leaves no spool and no record", async () => {
    const ordered = await post("/upload", [
      ["remark", "ordered"],
      ["file", "o.txt", "streamed"],
    ]);
    expect(ordered.status).toBe(201);
    const filesBefore = await s.t.db.fileShare.count();
    const refused = await post("/upload", [
      ["file", "bad.txt", "x"],
      ["mimetype", "text/html, image/svg+xml"],
    ]);
    expect(refused.status).toBe(400);
    const cut = multipart([
      ["file", "cut.txt", "x".repeat(200_000)],
      ["remark", "never"],
    ]);
    const truncated = await send("/upload", { body: cut.body.slice(0, 100_000), type: cut.type });
    expect(truncated.status).toBe(400);
    expect(
      (await s.api("PUT", "/admin/system-settings", { max_upload_size: 0.1 }, s.admin, "settings.update"))
        .max_upload_size,
    ).toBe(0.1);
    const large = await post("/upload", [
      ["file", "big.txt", "y".repeat(150_000)],
      ["remark", "too big"],
    ]);
    expect(large.status).toBe(413);
    expect(await s.t.db.fileShare.count()).toBe(filesBefore);
    expect(spoolLeft()).toBe(0);
  });
});
