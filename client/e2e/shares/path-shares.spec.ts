// Sharing from the explorer in Chromium (docs/path-shares.md): the admin shares a folder from a
// row's menu on local and on S3 storage; a visitor in another browser context, phone-sized, opens the
// link, walks into a sub-folder and back by the breadcrumbs (which start at the shared folder), and
// downloads the whole folder as a zip whose names and bytes are checked with unzip. The dialog and the
// page are checked at 375 px and desktop, light and dark, and with axe-core.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { type S3Service, startS3Server } from "../../../scripts/test/services";
import { e2eSpec, PHONE } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, addMount, api, openPage, openAdminPage, addS3Storage, checkLayouts, checkScreen } = e2eSpec(
  import.meta.path,
);

let s3: S3Service;

const FILES: Record<string, string> = {
  "alpha.txt": "alpha file\n",
  "sub/beta.txt": "beta in a subfolder\n",
  "报告 2026.txt": "中文内容\n",
};

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "e2e-path-shares" });
  const bucketId = await addS3Storage(s3, "E2E bucket");
  for (const [mount, storageId] of [
    ["local", undefined],
    ["bucket", bucketId],
  ] as const) {
    await addMount({ name: mount, path: `/${mount}`, folder: mount, storageId });
    for (const [name, content] of Object.entries(FILES)) {
      expect((await api("POST", "/admin/fs/update", { path: `/${mount}/album/${name}`, content })).status).toBe(200);
    }
  }
});

afterAll(async () => {
  await s3?.stop();
});

describe.each(["local", "bucket"])("a folder shared from the explorer on %s storage", (mount) => {
  test("the visitor browses it and downloads it whole as a zip", async () => {
    const owner = await openAdminPage();
    await owner.page.goto(`${app.baseUrl}/mount-explorer/${mount}`);
    const row = owner.page.locator('[data-testid="entry"][data-name="album"]');
    await row.getByRole("button", { name: "Actions for album" }).click();
    await owner.page.getByTestId("entry-action-share").click();
    const form = owner.page.getByTestId("share-form");
    await form.waitFor();
    if (mount === "local") await checkLayouts(owner.page, "share-dialog");
    await owner.page.getByTestId("share-submit").click();
    const url = await owner.page.getByTestId("share-url").inputValue();
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/s/[A-Za-z0-9]+$`));
    if (mount === "local") await checkLayouts(owner.page, "share-dialog-created");
    expect(owner.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
    await owner.context.close();

    // Someone else, on a phone, with no account.
    const visitor = await openPage({ acceptDownloads: true, viewport: PHONE });
    const { page } = visitor;
    await page.goto(url);
    const items = page.getByTestId("share-items");
    await items.waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("album");
    expect(await items.locator("li").allTextContents()).toEqual([
      expect.stringContaining("sub"),
      expect.stringContaining("alpha.txt"),
      expect.stringContaining("报告 2026.txt"),
    ]);
    if (mount === "local") {
      await checkScreen(page, "share-page");
    }
    await page.getByRole("link", { name: "Open sub" }).click();
    await items.getByText("beta.txt").waitFor();
    const crumbs = page.getByTestId("share-breadcrumbs").locator("li");
    expect(await crumbs.allTextContents()).toEqual(["album", "/sub"]);
    await page.getByTestId("share-breadcrumbs").getByRole("link", { name: "album" }).click();
    await items.getByText("alpha.txt").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("share-download-all").click(),
    ]);
    expect(download.suggestedFilename()).toBe("album.zip");
    const zipPath = await download.path();
    const listed = Bun.spawnSync(["unzip", "-Z1", zipPath]).stdout.toString().trim().split("\n");
    expect(listed.filter((name) => !name.endsWith("/")).sort()).toEqual(Object.keys(FILES).sort());
    for (const [name, content] of Object.entries(FILES)) {
      expect(Bun.spawnSync(["unzip", "-p", zipPath, name]).stdout.toString()).toBe(content);
    }
    expect(visitor.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
    await visitor.context.close();
  });
});
