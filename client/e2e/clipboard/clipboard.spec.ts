// Live clipboard (docs/clipboard.md) in Chromium against the real server, with two browser
// contexts: the admin on a desktop creates a room; a phone (375 px, no account) opens the link. Text,
// an image and a file go across in both directions, one click copies an item, the device list shows
// both, the phone goes offline, sends while offline and its item arrives once it is back; the owner's
// second computer, without the key, lists the room and keeps the key once it opens the link; closing
// the room from that list disconnects the other devices.
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, e2eSpec, PHONE, saveShot, signInAsAdmin } from "../kit/harness";

setDefaultTimeout(180_000);

const { app, openPage, openAdminPage, checkLayouts } = e2eSpec(import.meta.path);

// A 1x1 red PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

const items = (page: Page) => page.getByTestId("clipboard-item");
const waitOnline = (page: Page) =>
  page.locator('[data-testid="clipboard-status"][data-status="online"]').waitFor({ timeout: 60_000 });

test("desktop and phone exchange text, an image and a file; the phone queues while offline", async () => {
  const desktop = await openPage({ viewport: DESKTOP });
  await desktop.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
  await signInAsAdmin(desktop.context, app);
  await desktop.page.goto(`${app.baseUrl}/clipboard`);
  await desktop.page.getByRole("button", { name: "Create room" }).click();
  await desktop.page.waitForURL(/\/clipboard\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/, { timeout: 60_000 });
  const link = desktop.page.url();
  const key = new URL(link).hash.slice(1);
  await waitOnline(desktop.page);

  const phone = await openPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  await phone.page.goto(link);
  await waitOnline(phone.page);
  // The link is shown as text too, the whole of it with its key.
  expect(await phone.page.getByTestId("clipboard-room-link").textContent()).toBe(link);
  await desktop.page.getByTestId("clipboard-devices").getByRole("listitem").nth(1).waitFor();
  expect(await phone.page.getByTestId("clipboard-devices").getByRole("listitem").count()).toBe(2);

  // Text from the phone, copied with one click on the desktop.
  await phone.page.getByLabel("Text to send").fill("copied on the phone ✓");
  await phone.page.getByTestId("clipboard-send").click();
  const text = desktop.page.getByTestId("clipboard-item-text").filter({ hasText: "copied on the phone ✓" });
  await text.waitFor({ timeout: 30_000 });
  await desktop.page.getByTestId("clipboard-item-copy").first().click();
  await desktop.page.getByText("Copied to this device's clipboard").waitFor();
  expect(await desktop.page.evaluate(() => navigator.clipboard.readText())).toBe("copied on the phone ✓");

  // An image from the desktop shows on the phone.
  await desktop.page
    .getByTestId("clipboard-file")
    .setInputFiles({ name: "red.png", mimeType: "image/png", buffer: PNG });
  const image = phone.page.getByTestId("clipboard-item-image");
  await image.waitFor({ timeout: 30_000 });
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);

  // A file from the phone downloads on the desktop with its bytes intact.
  const fileBytes = Buffer.from("col1,col2\n1,2\n");
  await phone.page
    .getByTestId("clipboard-file")
    .setInputFiles({ name: "data.csv", mimeType: "text/csv", buffer: fileBytes });
  await desktop.page.getByTestId("clipboard-item-file").filter({ hasText: "data.csv" }).waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([
    desktop.page.waitForEvent("download"),
    desktop.page.getByTestId("clipboard-item-download").first().click(),
  ]);
  expect(download.suggestedFilename()).toBe("data.csv");
  expect(Buffer.from(await Bun.file(await download.path()).arrayBuffer()).equals(fileBytes)).toBe(true);

  // Offline: the phone's item waits on the phone, then arrives when it is back.
  await phone.context.setOffline(true);
  await phone.page.locator('[data-testid="clipboard-status"][data-status="offline"]').waitFor({ timeout: 30_000 });
  await phone.page.getByLabel("Text to send").fill("sent while offline");
  await phone.page.getByTestId("clipboard-send").click();
  // Shown on the phone at once, marked as waiting (and counted beside the connection state).
  const waiting = items(phone.page).filter({ hasText: "sent while offline" });
  await waiting.and(phone.page.locator("[data-waiting]")).getByText("Waiting to send").waitFor();
  expect(await phone.page.getByTestId("clipboard-status").textContent()).toContain("Waiting to send (1)");
  expect(await desktop.page.getByText("sent while offline").count()).toBe(0);
  await phone.context.setOffline(false);
  await waitOnline(phone.page);
  await desktop.page
    .getByTestId("clipboard-item-text")
    .filter({ hasText: "sent while offline" })
    .waitFor({ timeout: 60_000 });
  expect(await items(desktop.page).count()).toBe(4);
  // Sent: once on the phone, no longer waiting.
  await phone.page.locator("[data-waiting]").waitFor({ state: "detached", timeout: 30_000 });
  expect(await waiting.count()).toBe(1);
  expect(await phone.page.getByTestId("clipboard-status").textContent()).not.toContain("Waiting to send");

  // The room in every look (with E2E_SHOTS=1, its screenshots).
  await checkLayouts(desktop.page, "room");
  // The desktop going offline: the app's "You are offline" toast keeps clear of the room's right
  // column (its link and QR code, which another device may be scanning).
  await desktop.context.setOffline(true);
  const offlineToast = desktop.page.getByRole("status").filter({ hasText: "You are offline" });
  await offlineToast.waitFor();
  const [toastBox, columnBox] = await Promise.all([
    offlineToast.boundingBox(),
    desktop.page.getByTestId("clipboard-side-panel").boundingBox(),
  ]);
  if (!toastBox || !columnBox) throw new Error("the toast and the right column should both be shown");
  const overlaps =
    toastBox.x < columnBox.x + columnBox.width &&
    columnBox.x < toastBox.x + toastBox.width &&
    toastBox.y < columnBox.y + columnBox.height &&
    columnBox.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);
  await saveShot(import.meta.path, desktop.page, "room-offline-toast");
  await desktop.context.setOffline(false);
  await waitOnline(desktop.page);

  // Deleting on one device removes it on the other.
  await phone.page.getByRole("button", { name: "Delete" }).first().click();
  await desktop.page.getByText("sent while offline").waitFor({ state: "detached", timeout: 30_000 });

  // The server stored ciphertext only: neither the key nor the text is in what it answers.
  const roomId = new URL(link).pathname.split("/").at(-1);
  const stored = await (await fetch(`${app.baseUrl}/api/clipboard/rooms/${roomId}/items`)).text();
  expect(stored).not.toContain("copied on the phone");
  expect(stored).not.toContain(key);

  // The owner's other computer (signed in, without the key): the room is listed and says the key is
  // not here; opening the link once keeps the key there, so the list opens it next time.
  const laptop = await openAdminPage({ viewport: DESKTOP });
  await laptop.page.goto(`${app.baseUrl}/clipboard`);
  const row = laptop.page.getByTestId("clipboard-own-room");
  await row.getByTestId("clipboard-room-no-key").waitFor({ timeout: 30_000 });
  expect(await row.getByRole("link", { name: "Open" }).count()).toBe(0);
  await checkLayouts(laptop.page, "rooms");
  await laptop.page.goto(link);
  await waitOnline(laptop.page);
  await laptop.page.goto(`${app.baseUrl}/clipboard`);
  await row.getByRole("link", { name: "Open" }).waitFor({ timeout: 30_000 });
  expect(await row.getByTestId("clipboard-room-no-key").count()).toBe(0);

  // The owner closes the room from that list: it leaves the list, and the other devices are told.
  await row.getByTestId("clipboard-close").click();
  await laptop.page.getByTestId("clipboard-close-confirm").click();
  await row.waitFor({ state: "detached", timeout: 30_000 });
  await laptop.page.getByText("No rooms yet.").waitFor();
  await phone.page.getByText("This room was closed or has expired.").waitFor({ timeout: 30_000 });
  await desktop.page.getByText("This room was closed or has expired.").waitFor({ timeout: 30_000 });
  expect(laptop.errors.filter((error) => !error.includes("WebSocket"))).toEqual([]);
  await laptop.context.close();

  expect(desktop.errors.filter((error) => !error.includes("WebSocket"))).toEqual([]);
  await desktop.context.close();
  await phone.context.close();
});
