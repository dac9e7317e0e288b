// A used-up file share keeps its object while the links of its last deliveries are valid: the request
// after the last view answers 410 without deleting anything, and the share is purged (object too)
// once those links have expired (found by the two-process hardening run: the 51st request of a
// 50-view share deleted the file the 50th viewer had just been given a link to).
import { beforeAll, describe, expect, test } from "bun:test";
import { createFileShare, loginAdmin } from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";
import { purgeGoneFiles } from "./manage";

describe.each(DATABASE_PROVIDERS)("used-up file shares on %s", (provider) => {
  const { t, api } = useTestApp(provider);
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  test("the last viewer's link still works after the limit is reached; the sweep purges it later", async () => {
    const form = new FormData();
    form.append("max_views", "1");
    form.append("file", new Blob(["last bytes"]), "last.txt");
    const uploaded = await t.app.fetch(
      new Request("http://localhost/api/upload", { method: "POST", headers: { authorization: admin }, body: form }),
      "127.0.0.1",
    );
    expect(uploaded.status).toBe(201);
    const share = (await uploaded.json()).data;
    // An old share: its last view must date the purge, not its upload.
    await t.db.fileShare.updateMany({ where: { id: share.id }, data: { updatedAt: new Date(Date.now() - 3_600_000) } });

    const view = await t.request("GET", `/api/public/files/${share.slug}`);
    expect(view.status).toBe(200);
    const link = (await view.json()).data.download_url as string;
    const next = await t.request("GET", `/api/public/files/${share.slug}`);
    expect(next.status).toBe(410);

    const download = await t.app.fetch(new Request(new URL(link, "http://localhost")), "127.0.0.1");
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("last bytes");

    await purgeGoneFiles(t, new Date());
    expect(await t.db.fileShare.count({ where: { id: share.id } })).toBe(1);
    await purgeGoneFiles(t, new Date(Date.now() + 16 * 60_000));
    expect(await t.db.fileShare.count({ where: { id: share.id } })).toBe(0);
    const driver = await t.storage.driverFor(share.s3_config_id);
    expect(await driver.head(share.storage_path)).toBeNull();
  });

  test("a share's remark is its owner's: no public answer carries it, management shows it", async () => {
    const upload = (fields: Record<string, string>) =>
      createFileShare(api, admin, fields, "remark bytes", "remark.txt");
    const open = await upload({ remark: "owner note open" });
    const locked = await upload({ remark: "owner note locked", password: "hunter22" });
    const answers = [
      await t.request("GET", `/api/public/files/${open.slug}`),
      await t.request("GET", `/api/public/files/${locked.slug}`),
      await t.request("POST", `/api/public/files/${locked.slug}/verify`, { body: { password: "hunter22" } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text).not.toContain("owner note");
      expect(JSON.parse(text).data).not.toHaveProperty("remark");
    }
    const managed = await t.request("GET", `/api/admin/files/${open.id}`, { headers: { authorization: admin } });
    expect((await managed.json()).data.remark).toBe("owner note open");
  });
});
