// A storage that already holds files, mounted and browsed in a real browser (issue 15): objects are
// put into a fresh bucket of the test S3 server with the AWS SDK (not through the app), the storage is
// added, then the mount is made in the admin module's form, which says where it will point before it
// is saved; the explorer then shows what was in the bucket, and a file opens. Screenshots of the form
// at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { CreateBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Browser } from "playwright-core";
import { type S3Service, startS3Server } from "../../scripts/test/services";
import {
  adminToken,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  type RunningApp,
  signInAsAdmin,
  startApp,
} from "./harness";

setDefaultTimeout(180_000);

const SHOTS_DIR = "/tmp/shots-mount-storage";
const BUCKET = "already-full";
const SEEDED = {
  "readme.txt": "This bucket was filled before Pastebox saw it.\n",
  "photos/2026/beach.txt": "a beach\n",
  "photos/2026/forest.txt": "a forest\n",
};

let app: RunningApp;
let browser: Browser;
let s3: S3Service;
let token: string;

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  s3 = await startS3Server({ bucket: "e2e-mount-storage" });
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  for (const [key, body] of Object.entries(SEEDED)) {
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
  }
  app = await startApp();
  browser = await launchBrowser();
  token = await adminToken(app);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await s3?.stop();
});

describe("a storage that already holds files", () => {
  test("added, mounted in the admin module's form, and its files seen in the explorer", async () => {
    const created = await fetch(`${app.baseUrl}/api/s3-configs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Full bucket",
        provider_type: "Other S3 Compatible",
        endpoint_url: s3.endpoint,
        bucket_name: BUCKET,
        region: s3.region,
        access_key_id: s3.accessKeyId,
        secret_access_key: s3.secretAccessKey,
        path_style: true,
      }),
    });
    expect(created.status).toBe(201);

    const { page, context, errors } = await openPage(browser);
    await signInAsAdmin(context, app);
    await page.goto(`${app.baseUrl}/admin/mount-management`);
    await page.getByTestId("add-mount").click();
    const form = page.getByTestId("mount-form");
    await form.locator('input[name="mount-name"]').fill("Full bucket");
    await form.locator('input[name="mount-path"]').fill("/full");
    await form.locator('select[name="mount-storage"]').selectOption({ label: "Full bucket" });
    // Before saving, the form says where the mount points: the bucket's root.
    const location = form.getByTestId("mount-location");
    expect(await location.textContent()).toContain(`s3://${BUCKET}/`);
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS_DIR}/mount-form-${name}.png` });
    }
    await page.getByTestId("mount-save").click();
    await page.getByTestId("mount-card-Full bucket").waitFor();

    await page.goto(`${app.baseUrl}/mount-explorer/full`);
    const entry = (name: string) => page.locator(`[data-testid="entry"][data-name="${name}"]`);
    await entry("readme.txt").waitFor();
    await entry("photos").waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/explorer-desktop.png` });
    await entry("photos").getByRole("link").click();
    await entry("2026").getByRole("link").click();
    await entry("forest.txt").waitFor();
    expect(await entry("beach.txt").count()).toBe(1);

    expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});
