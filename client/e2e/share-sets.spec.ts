// Several files behind one link in Chromium (docs/share-sets.md): the admin picks three files on Upload
// (two of the same name), uploads them, and sends them out as one link with a password from the share
// options; a visitor on a phone, in another browser context, opens the link, gives the password, sees
// each file's name, size and type, downloads one, and downloads all as a zip whose names and bytes are
// checked with unzip. The upload list and the set's page are checked at 375 px and desktop, light and
// dark, and with axe-core.
import { expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec, PHONE } from "./harness";

setDefaultTimeout(180_000);

const { app, openPage, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

const PHOTO = new Uint8Array(40_000).map((_, index) => (index * 7) % 256);

test("three uploads go out as one link; the visitor downloads one and all of them", async () => {
  const owner = await openAdminPage();
  await owner.page.goto(`${app.baseUrl}/upload`);
  await owner.page.getByTestId("drop-zone").waitFor();
  await owner.page.getByLabel("Password", { exact: true }).fill("set password");
  await owner.page.getByTestId("file-input").setInputFiles([
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("first notes\n") },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("second notes\n") },
    { name: "photo.png", mimeType: "image/png", buffer: Buffer.from(PHOTO) },
  ]);
  await owner.page.getByTestId("start-uploads").click();
  await owner.page.getByTestId("make-one-link").waitFor();
  await owner.page.waitForFunction(
    () => document.querySelectorAll('[data-testid="upload-row"][data-status="success"]').length === 3,
  );
  expect(await owner.page.getByTestId("make-one-link").textContent()).toBe("One link for 3 files");
  await checkScreen(owner.page, "upload-one-link-offer");
  await owner.page.getByTestId("make-one-link").click();
  const url = await owner.page.getByTestId("one-link-url").inputValue();
  expect(url).toMatch(new RegExp(`^${app.baseUrl}/s/[A-Za-z0-9]+$`));
  // The files' own links are not offered any more: they answer through the set only.
  expect(await owner.page.getByTestId("result-link").count()).toBe(0);
  expect(await owner.page.getByTestId("row-in-set").count()).toBe(3);
  await checkScreen(owner.page, "upload-one-link-made");
  expect(owner.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await owner.context.close();

  const visitor = await openPage({ acceptDownloads: true, viewport: PHONE });
  const { page } = visitor;
  await page.goto(url);
  await page.getByLabel("Password", { exact: true }).fill("set password");
  await page.getByRole("button", { name: "Open", exact: true }).click();
  const items = page.getByTestId("share-items");
  await items.waitFor();
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("3 files");
  // The two uploads of one name run side by side: either may be the first, the other is "notes (2).txt".
  const rows = await items.locator("li").allTextContents();
  expect(rows).toEqual([
    expect.stringMatching(/^notes\.txt1[23] B · text\/plain/),
    expect.stringMatching(/^notes \(2\)\.txt1[23] B · text\/plain/),
    expect.stringMatching(/photo\.png.*39\.1 KB · image\/png/),
  ]);
  const [firstText, secondText] = rows[0]?.includes("12 B")
    ? ["first notes\n", "second notes\n"]
    : ["second notes\n", "first notes\n"];
  await checkScreen(page, "set-page");

  const [one] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download notes (2).txt" }).click(),
  ]);
  expect(one.suggestedFilename()).toBe("notes (2).txt");
  expect(await Bun.file(await one.path()).text()).toBe(secondText);

  const [all] = await Promise.all([page.waitForEvent("download"), page.getByTestId("share-download-all").click()]);
  expect(all.suggestedFilename()).toMatch(/^files-[A-Za-z0-9]+\.zip$/);
  const zipPath = await all.path();
  expect(Bun.spawnSync(["unzip", "-Z1", zipPath]).stdout.toString().trim().split("\n")).toEqual([
    "notes.txt",
    "notes (2).txt",
    "photo.png",
  ]);
  expect(Bun.spawnSync(["unzip", "-p", zipPath, "notes.txt"]).stdout.toString()).toBe(firstText);
  expect(new Uint8Array(Bun.spawnSync(["unzip", "-p", zipPath, "photo.png"]).stdout)).toEqual(PHOTO);
  expect(visitor.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await visitor.context.close();
});
