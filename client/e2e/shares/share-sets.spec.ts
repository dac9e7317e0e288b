// Several files behind one link in Chromium (docs/share-sets.md): the admin picks three files on Upload
// (two of the same name), uploads them, and sends them out as one link with a password from the share
// options; a visitor on a phone, in another browser context, opens the link, gives the password, sees
// each file's name, size and type, downloads one, and downloads all as a zip whose names and bytes are
// checked with unzip. Then the owner finds the set, not its files, in "Recent uploads" and in file
// management (docs/share-sets.md, "Managing sets"), extends it and revokes it. The upload list, the set's
// page and file management are checked at 375 px and desktop, light and dark, and with axe-core.
import { expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec, PHONE } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, api, openPage, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

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
  // "Recent uploads" keeps the set's link, one row, in place of its files' dead ones.
  const recent = owner.page.getByTestId("recent-upload");
  await recent.first().getByText("Set of 3 files", { exact: true }).waitFor();
  expect(await recent.count()).toBe(1);
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

  // File management: the set is one card with its link; its files are not listed on their own.
  const manager = await openAdminPage();
  await manager.page.goto(`${app.baseUrl}/admin/file-management`);
  const slug = url.split("/s/")[1] ?? "";
  const card = manager.page.getByTestId(`shared-link-${slug}`);
  await card.getByText("3 files, one link").waitFor();
  await card.getByText("Active").waitFor();
  await manager.page.getByText("No files yet").waitFor();
  await checkScreen(manager.page, "file-management-set");
  await manager.page.getByTestId("file-management-filter-files").click();
  await card.waitFor({ state: "detached" });
  await manager.page.getByTestId("file-management-filter-sets").click();
  await card.waitFor();
  expect(await manager.page.getByText("No files yet").count()).toBe(0);

  await card.getByTestId("shared-link-extend").click();
  await manager.page.getByRole("dialog", { name: "Extend the link" }).waitFor();
  await manager.page.getByTestId("upload-request-expiry").selectOption("30d");
  await manager.page.getByTestId("shared-link-extend-submit").click();
  await manager.page.getByRole("dialog").waitFor({ state: "detached" });
  const [set] = (await api("GET", "/admin/share-sets")).data.items;
  expect(Math.abs(new Date(set.expires_at).getTime() - (Date.now() + 720 * 3_600_000))).toBeLessThan(120_000);

  await card.getByTestId("shared-link-revoke").click();
  await manager.page.getByRole("dialog", { name: "Revoke this link?" }).getByText("files are deleted").waitFor();
  await checkScreen(manager.page, "file-management-revoke-set");
  await manager.page.getByTestId("shared-link-revoke-confirm").click();
  await card.waitFor({ state: "detached" });
  await manager.page.getByText("No sets of files").waitFor();
  expect((await fetch(`${app.baseUrl}/api/public/shares/${slug}`)).status).toBe(404);
  expect(manager.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await manager.context.close();
});
