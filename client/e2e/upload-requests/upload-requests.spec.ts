// An upload request in Chromium (docs/upload-requests.md): the owner makes a link into a mount folder; a
// visitor without an account, in a phone-sized context, sends 3 files at once through the page (each
// straight to the storage with its progress) and sees them in the receipt, while the owner watches them
// arrive through the request's arrivals. The page is checked at 375 px and desktop, light and dark, and
// with axe-core.
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec, PHONE } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, addMount, api, openPage, token, checkScreen } = e2eSpec(import.meta.path);

beforeAll(async () => {
  await addMount({ name: "inbox", path: "/inbox", folder: "inbox" });
  expect((await api("POST", "/admin/fs/mkdir", { path: "/inbox/scans" })).status).toBe(201);
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

  const visitor = await openPage({ viewport: PHONE });
  const { page } = visitor;
  await page.goto(url);
  await page.getByTestId("request-note").getByText("Please send the three scans.").waitFor();
  await checkScreen(page, "upload-request");

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
  await checkScreen(page, "upload-request-sent");

  // The files are in the folder, with their bytes.
  for (const file of files) {
    const download = await fetch(
      `${app.baseUrl}/api/admin/fs/download?path=${encodeURIComponent(`/inbox/scans/${file.name}`)}`,
      {
        headers: { Authorization: `Bearer ${await token()}` },
      },
    );
    expect(await download.text()).toBe(file.buffer.toString());
  }
  expect(visitor.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await visitor.context.close();
});
