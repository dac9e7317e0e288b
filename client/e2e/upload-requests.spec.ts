// An upload request in Chromium (docs/upload-requests.md): the owner makes a link into a mount folder; a
// visitor without an account, in a phone-sized context, sends 3 files at once through the page (each
// straight to the storage with its progress) and sees them in the receipt, while the owner watches them
// arrive through the request's arrivals. The page is checked at 375 px and desktop, light and dark, and
// with axe-core.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import {
  adminToken,
  dismissToasts,
  launchBrowser,
  layoutCheck,
  openPage,
  PHONE,
  REPO_ROOT,
  type RunningApp,
  startApp,
} from "./harness";

setDefaultTimeout(180_000);

let app: RunningApp;
let browser: Browser;
let token: string;

const AXE_SOURCE = readFileSync(`${REPO_ROOT}/node_modules/axe-core/axe.min.js`, "utf8");
const checkLayouts = layoutCheck(import.meta.path, dismissToasts);

// biome-ignore lint/suspicious/noExplicitAny: the envelopes of several routes, read field by field
async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, ...(await response.json()) };
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v: { id: string; nodes: { target: string[] }[] }) => `${v.id} ${v.nodes[0]?.target}`);
  });
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  token = await adminToken(app);
  const storages = await api("GET", "/s3-configs");
  const mount = await api("POST", "/admin/mounts", {
    name: "inbox",
    mount_path: "/inbox",
    storage_config_id: storages.data[0].id,
    folder: "inbox",
  });
  expect(mount.status).toBe(201);
  expect((await api("POST", "/admin/fs/mkdir", { path: "/inbox/scans" })).status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test("a visitor on a phone sends 3 files through an upload request while the owner watches them arrive", async () => {
  const created = await api("POST", "/upload-requests", {
    path: "/inbox/scans",
    max_files: 5,
    max_file_size: 1_000_000,
    max_total_size: 5_000_000,
    note: "Please send the three scans.",
  });
  expect(created.status).toBe(201);
  const { id, url } = created.data;
  expect(url).toMatch(new RegExp(`^${app.baseUrl}/r/[A-Za-z0-9]+$`));

  const visitor = await openPage(browser, { viewport: PHONE });
  const { page } = visitor;
  await page.goto(url);
  await page.getByTestId("request-note").getByText("Please send the three scans.").waitFor();
  await checkLayouts(page, "upload-request");
  expect(await axeViolations(page)).toEqual([]);

  const files = ["scan-1.txt", "scan-2.txt", "scan-3.txt"].map((name, index) => ({
    name,
    mimeType: "text/plain",
    buffer: Buffer.from(`page ${index + 1} `.repeat(1000 * (index + 1))),
  }));
  await page.getByTestId("request-files").setInputFiles(files);

  // The owner's view of the request: the arrivals appear as the visitor's files land.
  const seen: number[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const detail = await api("GET", `/upload-requests/${id}`);
    if (seen.at(-1) !== detail.data.files.length) seen.push(detail.data.files.length);
    if (detail.data.files.length === 3) break;
    await Bun.sleep(100);
  }
  expect(seen.at(-1)).toBe(3);
  const arrived = (await api("GET", `/upload-requests/${id}`)).data.files;
  expect(arrived.map((file: { name: string }) => file.name).sort()).toEqual(files.map((file) => file.name));
  expect(arrived.map((file: { size: number }) => file.size).sort((a: number, b: number) => a - b)).toEqual(
    files.map((file) => file.buffer.length),
  );

  const receipt = page.getByTestId("request-receipt");
  for (const file of files) await receipt.getByText(file.name).waitFor();
  expect(await page.getByTestId("request-item-status").allTextContents()).toEqual(["Sent", "Sent", "Sent"]);
  await checkLayouts(page, "upload-request-sent");
  expect(await axeViolations(page)).toEqual([]);

  // The files are in the folder, with their bytes.
  for (const file of files) {
    const download = await fetch(
      `${app.baseUrl}/api/admin/fs/download?path=${encodeURIComponent(`/inbox/scans/${file.name}`)}`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    expect(await download.text()).toBe(file.buffer.toString());
  }
  expect(visitor.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await visitor.context.close();
});
