// Managing links shared in place in Chromium (docs/path-shares.md, "Managing links"): the admin's
// "Shared links" module lists a shared folder and a shared file, filters them by kind, extends one
// through its dialog and revokes the other, whose link then answers 404 while its folder stays. Checked
// at 375 px and desktop, light and dark, with axe-core, and once in Chinese.
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec, stillAxeViolations } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, addMount, api, openAdminPage, checkLayouts } = e2eSpec(import.meta.path);

beforeAll(async () => {
  await addMount({ name: "team", path: "/team", folder: "team-links" });
  await api("POST", "/admin/fs/update", { path: "/team/album/one.txt", content: "one" });
  await api("POST", "/admin/fs/update", { path: "/team/report.txt", content: "report" });
});

test("the admin filters links by kind, extends one and revokes another", async () => {
  const folder = (await api("POST", "/admin/fs/share", { path: "/team/album", remark: "Holiday photos" })).data;
  const file = (await api("POST", "/admin/fs/share", { path: "/team/report.txt", max_views: 5 })).data;

  const owner = await openAdminPage();
  const { page } = owner;
  await page.goto(`${app.baseUrl}/admin/shared-links`);
  const folderCard = page.getByTestId(`shared-link-${folder.slug}`);
  const fileCard = page.getByTestId(`shared-link-${file.slug}`);
  await folderCard.getByText("Holiday photos").waitFor();
  await fileCard.getByText("0 of 5").waitFor();
  await checkLayouts(page, "list");
  expect(await stillAxeViolations(page)).toEqual([]);

  await page.getByTestId("shared-links-filter-folder").click();
  await fileCard.waitFor({ state: "detached" });
  expect(await page.getByTestId("shared-link-list").getByRole("listitem").count()).toBe(1);
  await page.getByTestId("shared-links-filter-file").click();
  await folderCard.waitFor({ state: "detached" });
  await fileCard.waitFor();
  await page.getByTestId("shared-links-filter-all").click();
  await folderCard.waitFor();

  // Extend the file's link: 30 days from now.
  await fileCard.getByTestId("shared-link-extend").click();
  await page.getByRole("dialog", { name: "Extend the link" }).waitFor();
  await checkLayouts(page, "extend");
  expect(await stillAxeViolations(page)).toEqual([]);
  await page.getByTestId("upload-request-expiry").selectOption("30d");
  await page.getByTestId("shared-link-extend-submit").click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
  const links = (await api("GET", "/admin/path-shares")).data.items;
  const extended = links.find((link: { id: string }) => link.id === file.id);
  expect(Math.abs(new Date(extended.expires_at).getTime() - (Date.now() + 720 * 3_600_000))).toBeLessThan(120_000);

  // Revoke the folder's link: gone from the list, 404 for visitors, the folder still there.
  await folderCard.getByTestId("shared-link-revoke").click();
  await page.getByRole("dialog", { name: "Revoke this link?" }).waitFor();
  await checkLayouts(page, "revoke");
  expect(await stillAxeViolations(page)).toEqual([]);
  await page.getByTestId("shared-link-revoke-confirm").click();
  await folderCard.waitFor({ state: "detached" });
  expect((await fetch(`${app.baseUrl}/api/public/shares/${folder.slug}`)).status).toBe(404);
  const listing = await api("GET", "/admin/fs/list?path=/team/album");
  expect(listing.data.items.map((item: { name: string }) => item.name)).toEqual(["one.txt"]);
  expect(owner.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await owner.context.close();

  const zh = await openAdminPage({ locale: "zh-CN" });
  await zh.page.goto(`${app.baseUrl}/admin/shared-links`);
  await zh.page.getByTestId(`shared-link-${file.slug}`).getByText("有效").waitFor();
  await checkLayouts(zh.page, "zh");
  expect(await stillAxeViolations(zh.page)).toEqual([]);
  await zh.context.close();
});
