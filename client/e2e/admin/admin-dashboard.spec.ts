// The admin dashboard and system settings in a real browser against the real server: the admin logs
// in and sees the dashboard's real numbers (seeded through the API), the chart, the version and the
// health; sets the max upload size to 2 KB in settings; the upload screen then shows the new limit and
// refuses a larger file, and a second tab that still believed the old limit is refused by the server
// with its message in Chinese. Screenshots of both modules at 375 and 1280 px, light and dark.
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { dismissToasts, E2E_ADMIN_PASSWORD, e2eSpec } from "../kit/harness";

setDefaultTimeout(120_000);

const { app, api, openPage, openAdminPage, checkLayouts } = e2eSpec(import.meta.path);

const KB = 1024;

beforeAll(async () => {
  // Three texts, one of them viewed to its limit (expired until it is purged); one file; one key.
  for (const content of ["# Release notes", "shopping list"]) {
    expect((await api("POST", "/paste", { content })).status).toBe(201);
  }
  const once = await api("POST", "/paste", { content: "read me once", max_views: 1 });
  expect((await fetch(`${app.baseUrl}/api/paste/${once.data.slug}`)).status).toBe(200);
  const form = new FormData();
  form.set("file", new File(["x".repeat(1500)], "notes.txt", { type: "text/plain" }));
  expect((await api("POST", "/upload", form)).status).toBe(201);
  expect((await api("POST", "/admin/api-keys", { name: "Backup script", text_permission: true })).status).toBe(201);
});

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? "";
/** Console errors other than the browser's own notes about 4xx answers (the 413 is expected). */
const realErrors = (errors: string[]) => errors.filter((error) => !error.startsWith("Failed to load resource"));

async function openAsAdmin(options: Parameters<typeof openPage>[0] = {}, language = "en") {
  const opened = await openAdminPage(options);
  await opened.page.goto(`${app.baseUrl}/`);
  await opened.page.evaluate((lang) => localStorage.setItem("language", lang), language);
  return opened;
}

describe("admin dashboard and system settings", () => {
  test("log in, real numbers on the dashboard, 2 KB in settings, the upload screen and the server enforce it", async () => {
    // A second tab, in Chinese, opened on the upload screen while the limit is still 100 MB.
    const stale = await openAsAdmin({}, "zh");
    await stale.page.goto(`${app.baseUrl}/upload`);
    await stale.page.getByTestId("drop-zone").waitFor();
    expect(await text(stale.page, "max-size")).toBe("每个文件最大 100 MB");

    const { context, page, errors } = await openPage();
    await page.goto(`${app.baseUrl}/admin`);
    await heading(page, "Log in to the admin area").waitFor();
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await heading(page, "Dashboard").waitFor();

    // The numbers the seed made.
    await page.getByTestId("stat-pastes").waitFor();
    expect(await text(page, "stat-pastes-total")).toBe("3");
    expect(await text(page, "stat-pastes")).toContain("2 active");
    expect(await text(page, "stat-pastes")).toContain("1 expired");
    expect(await text(page, "stat-files-total")).toBe("1");
    expect(await text(page, "stat-files")).toContain("1.5 KB in total");
    expect(await text(page, "stat-keys-total")).toBe("1");
    expect(await text(page, "stat-mounts-total")).toBe("0");
    expect(await text(page, "storage-panel")).toContain("1.5 KB · no limit");
    // Today's bars: 3 texts and 1 file, drawn as SVG bars, and the same in the table.
    await page.locator('[data-testid="activity-chart"] .recharts-bar-rectangle').first().waitFor();
    const lastRow = page.locator('[data-testid="activity-panel"] table tbody tr').last();
    expect((await lastRow.locator("td").allTextContents()).map(Number)).toEqual([3, 1]);
    expect(await text(page, "activity-panel")).toContain("Texts3");
    await page.getByTestId("server-health").filter({ hasText: "Healthy" }).waitFor();
    expect(await text(page, "server-version")).toBe("0.6.8");
    expect(await text(page, "footer-version")).toBe("Version 0.6.8");
    expect(await text(page, "cache-panel")).toContain("No mounts yet");

    // Settings: 2 KB.
    await page.getByRole("navigation", { name: "Admin modules" }).getByRole("link", { name: "Settings" }).click();
    await heading(page, "Settings").waitFor();
    expect(await page.getByTestId("max-upload-size").inputValue()).toBe("100");
    expect(await text(page, "max-upload-in-force")).toBe("In force: 100 MB (104,857,600 bytes)");
    expect(await text(page, "about-version")).toBe("0.6.8");
    await page.getByTestId("max-upload-size").fill("0");
    await page.getByTestId("save-system-settings").click();
    await page.getByText("The max upload size must be above 0").waitFor();
    await page.getByTestId("max-upload-size").fill("2");
    await page.getByTestId("max-upload-unit").selectOption("KB");
    expect(await text(page, "max-upload-after-save")).toBe("After saving: 2 KB (2,048 bytes)");
    await page.getByTestId("save-system-settings").click();
    await page.getByTestId("max-upload-in-force").filter({ hasText: "In force: 2 KB (2,048 bytes)" }).waitFor();
    const stored = await api("GET", "/admin/system-settings");
    expect(stored.data.max_upload_size).toBe(2 / 1024);

    // The live clipboard's limits, with the same checks before sending.
    expect(await page.getByLabel("Largest item, in MB").inputValue()).toBe("10");
    expect(await page.getByLabel("Joins per address, per minute").inputValue()).toBe("60");
    await page.getByLabel("Largest item, in MB").fill("100");
    await page.getByTestId("save-system-settings").click();
    await page.getByText("Enter the clipboard item limit in MB, above 0 and at most 64").waitFor();
    await page.getByLabel("Largest item, in MB").fill("2");
    await page.getByLabel("Joins per address, per minute").fill("30");
    await page.getByTestId("save-system-settings").click();
    await page.getByTestId("clipboard-item-in-force").filter({ hasText: "In force: 2 MB" }).waitFor();
    const clipboardStored = (await api("GET", "/admin/system-settings")).data;
    expect([clipboardStored.clipboard_item_max_size, clipboardStored.clipboard_joins_per_minute]).toEqual([2, 30]);

    // The upload screen (a client-side navigation: its cached limit must not survive the change).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Upload" }).click();
    await page.getByTestId("drop-zone").waitFor();
    await page.getByTestId("max-size").filter({ hasText: "Up to 2 KB per file" }).waitFor({ timeout: 2_000 });
    await dismissToasts(page);
    await page.locator('[data-testid="file-input"]').setInputFiles({
      name: "too-big.txt",
      mimeType: "text/plain",
      buffer: Buffer.alloc(3 * KB, "a"),
    });
    await page.getByText("The file (3 KB) exceeds the max upload size of 2 KB").waitFor();
    expect(await page.locator('[data-testid="upload-row"]').count()).toBe(0);

    // The stale tab lets the file through; the server refuses it, in the tab's language.
    await stale.page.locator('[data-testid="file-input"]').setInputFiles({
      name: "too-big.txt",
      mimeType: "text/plain",
      buffer: Buffer.alloc(3 * KB, "a"),
    });
    await stale.page.getByTestId("start-uploads").click();
    const failed = stale.page.locator('[data-testid="upload-row"][data-status="error"]');
    await failed.waitFor();
    expect(await failed.getByTestId("upload-error").textContent()).toMatch(/文件超过最大上传大小 2(\.0+)? KB/);
    const files = (await api("GET", "/admin/files?limit=10")).data as { pagination: { total: number } };
    expect(files.pagination.total).toBe(1);

    expect(realErrors(errors)).toEqual([]);
    expect(realErrors(stale.errors)).toEqual([]);
    await stale.context.close();
    await context.close();
    await api("PUT", "/admin/system-settings", { max_upload_size: 100 });
  });

  test("a storage with a capacity and a mount's cache: shown, and cleared from the dashboard; screenshots", async () => {
    // Whatever the previous test left behind, uploads are back to 100 MB.
    expect((await api("PUT", "/admin/system-settings", { max_upload_size: 100 })).status).toBe(200);
    // A second storage with a 64 KB capacity holding a 16 KB file, and a mount browsed twice (a miss, a hit).
    const disk = await api("POST", "/s3-configs", {
      name: "Small disk",
      provider_type: "local",
      root_path: join(app.dataDir, "small-disk"),
      total_storage_bytes: 64 * KB,
    });
    expect(disk.status).toBe(201);
    const form = new FormData();
    form.set("s3_config_id", String(disk.data.id));
    form.set("file", new File([new Uint8Array(16 * KB)], "photo.jpg", { type: "image/jpeg" }));
    expect((await api("POST", "/upload", form)).status).toBe(201);
    const mount = await api("POST", "/admin/mounts", {
      name: "Docs",
      mount_path: "/docs",
      storage_config_id: disk.data.id,
    });
    expect(mount.status).toBe(201);
    for (let visit = 0; visit < 2; visit++) expect((await api("GET", "/admin/fs/list?path=/docs")).status).toBe(200);

    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    await page.locator('[data-testid="activity-chart"] .recharts-bar-rectangle').first().waitFor();
    await page.getByTestId("server-health").filter({ hasText: "Healthy" }).waitFor();
    const small = page.getByTestId("storage-usage-Small disk");
    expect(await small.textContent()).toContain("16 KB of 64 KB (25%)");
    expect(await small.getByRole("meter").getAttribute("aria-valuenow")).toBe(String(16 * KB));
    const docs = page.getByTestId("cache-row-Docs");
    expect(await docs.textContent()).toContain("/docs");
    expect(await docs.textContent()).toContain("50%");
    expect(await text(page, "cache-total-entries")).toBe("Entries: 1");
    await checkLayouts(page, "dashboard");
    // At 320 px, the narrowest phone, in both languages: nothing scrolls sideways, no card's label is
    // cut, and the chart's dates do not run into each other.
    await page.setViewportSize({ width: 320, height: 800 });
    for (const language of ["en", "zh"]) {
      await page.evaluate((lang) => localStorage.setItem("language", lang), language);
      await page.reload();
      await page.locator('[data-testid="activity-chart"] .recharts-bar-rectangle').first().waitFor();
      const fit = await page.evaluate(() => {
        const labels = [...document.querySelectorAll('[data-testid^="stat-"] p')];
        const dates = [
          ...document.querySelectorAll('[data-testid="activity-chart"] .recharts-xAxis .recharts-cartesian-axis-tick'),
        ].map((tick) => tick.getBoundingClientRect());
        return {
          pageWidth: document.documentElement.scrollWidth,
          cutLabels: labels
            .filter((label) => label.scrollWidth > label.clientWidth + 0.5)
            .map((label) => label.textContent),
          datesOverlap: dates.some((box, index) => index > 0 && box.left < (dates[index - 1]?.right ?? 0)),
          today: dates.length > 0,
        };
      });
      expect(fit).toEqual({ pageWidth: 320, cutLabels: [], datesOverlap: false, today: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.reload();
    await page.getByTestId("cache-row-Docs").waitFor();

    await docs.getByRole("button", { name: "Clear the cached listings of Docs" }).click();
    await page.getByText("Cleared 1 cached listing").waitFor();
    await page.getByTestId("cache-total-entries").filter({ hasText: "Entries: 0" }).waitFor();
    const stats = await api("GET", "/admin/cache/stats");
    expect(stats.data.entries).toBe(0);
    await page.goto(`${app.baseUrl}/admin/settings`);
    await page.getByTestId("about-version").waitFor();
    await checkLayouts(page, "settings");
    // A refused clipboard limit: the message under its field, in each look.
    await page.getByTestId("limit-clipboardJoins").fill("-1");
    await page.getByTestId("save-system-settings").click();
    await page.getByText("Enter a whole number of joins per minute from 0 (no limit) to 1000000").waitFor();
    await checkLayouts(page, "settings-clipboard-refused");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
