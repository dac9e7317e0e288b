// The folder share page says what "Download all" holds before the zip starts (docs/path-shares.md,
// "Before the zip"): a folder of 1,200 files shows its count and size and a warning, in English and in
// Chinese; a small folder shows its count and size and no warning. Checked at 375 px and desktop, light
// and dark, and with axe-core.
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eSpec, PHONE } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, addMount, api, apiData, openPage, checkScreen } = e2eSpec(import.meta.path);

const LARGE_FILES = 1200;
let largeUrl = "";
let smallUrl = "";

beforeAll(async () => {
  await addMount({ name: "big", path: "/big", folder: "big" });
  // Written straight onto the default local storage, as files already on a disk that an admin mounts;
  // a short listing, so the screen checks measure the page and not 1,200 rows.
  const photos = join(app.dataDir, "storage", "big", "photos");
  mkdirSync(join(photos, "raw"), { recursive: true });
  for (let index = 0; index < LARGE_FILES; index++) {
    writeFileSync(join(photos, index < 4 ? `${index}.jpg` : `raw/${index}.raw`), new Uint8Array(1024));
  }
  expect((await api("POST", "/admin/fs/update", { path: "/big/small/note.txt", content: "ten bytes\n" })).status).toBe(
    200,
  );
  largeUrl = (await apiData("POST", "/admin/fs/share", { path: "/big/photos" })).url;
  smallUrl = (await apiData("POST", "/admin/fs/share", { path: "/big/small" })).url;
});

describe("before Download all", () => {
  test("a large folder says how many files and bytes the zip holds, and warns first", async () => {
    const visitor = await openPage({ viewport: PHONE });
    const { page } = visitor;
    await page.goto(largeUrl);
    const size = page.getByTestId("share-zip-size");
    await size.waitFor();
    // 1,200 files of 1 KiB each, all but 4 in the sub-folder the listing shows as one row.
    expect(await size.textContent()).toBe("1,200 files · 1.2 MB");
    const warning = page.getByRole("note");
    expect(await warning.textContent()).toContain("A large download");
    // The warning comes before the listing, where the visitor reads it before choosing.
    const warningBox = await warning.boundingBox();
    const listBox = await page.getByTestId("share-items").boundingBox();
    expect(warningBox && listBox && warningBox.y < listBox.y).toBe(true);
    await checkScreen(page, "share-large-download");
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  test("in Chinese the count, the size and the warning are Chinese", async () => {
    const visitor = await openPage({ viewport: PHONE, locale: "zh-CN" });
    const { page } = visitor;
    await page.goto(largeUrl);
    const size = page.getByTestId("share-zip-size");
    await size.waitFor();
    expect(await size.textContent()).toBe("1,200 个文件 · 1.2 MB");
    expect(await page.getByRole("note").textContent()).toContain("这是一个很大的下载");
    await checkScreen(page, "share-large-download-zh");
    await visitor.context.close();
  });

  test("a small folder says its count and size, with no warning", async () => {
    const visitor = await openPage();
    const { page } = visitor;
    await page.goto(smallUrl);
    const size = page.getByTestId("share-zip-size");
    await size.waitFor();
    expect(await size.textContent()).toBe("1 file · 10 B");
    expect(await page.getByRole("note").count()).toBe(0);
    await checkScreen(page, "share-small-download");
    await visitor.context.close();
  });
});
