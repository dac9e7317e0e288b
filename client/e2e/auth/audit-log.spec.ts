// The admin's Audit log module in Chromium against the real server: the security events the server
// recorded (a wrong password, sign-ins, API key changes) are listed newest first, a page at a time;
// the filters narrow the list, a period that ends before it starts is refused, and the export
// downloads exactly what the filters match as JSON. The module comes after every one a key may use. Each state
// is checked at 375 px and desktop, light and dark, for sideways overflow and axe-core violations,
// in English and Chinese.
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { dismissToasts, e2eSpec } from "../kit/harness";

setDefaultTimeout(120_000);

const { app, apiData, openAdminPage, checkScreen } = e2eSpec(import.meta.path, {
  // The pointer away from the buttons: a hovered button is measured in its hover colours.
  prepare: async (page) => {
    await dismissToasts(page);
    await page.mouse.move(0, 0);
  },
});

/** API keys made before the screen opens: with the sign-ins, more events than one page of 50 holds. */
const KEYS_MADE = 52;

async function openAuditLog(options: { locale?: string } = {}) {
  const opened = await openAdminPage({ acceptDownloads: true, ...options });
  await opened.page.goto(`${app.baseUrl}/admin/audit-log`);
  return opened;
}

const countText = (page: Page) => page.getByTestId("audit-count").textContent();

// What the log holds before any page opens: a wrong guess, then the API's sign-in and its key changes.
beforeAll(async () => {
  const wrong = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "a-wrong-guess" }),
  });
  expect(wrong.status).toBe(401);
  for (let index = 0; index < KEYS_MADE; index++) {
    await apiData("POST", "/admin/api-keys", { name: `script ${index}`, text_permission: true });
  }
});

describe("admin audit log", () => {
  test("events newest first, with older ones on demand, and the module after every one a key may use", async () => {
    const { context, page, errors } = await openAuditLog();
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    const sidebarLinks = page.getByRole("navigation", { name: "Admin modules" }).getByRole("link");
    // Admin only, it comes after the modules a key may open (a key lands on the first of those).
    const modules = await sidebarLinks.allTextContents();
    expect(modules.indexOf("Audit log")).toBeGreaterThan(modules.indexOf("Shared links"));

    const list = page.getByTestId("audit-list");
    await list.waitFor();
    expect(await countText(page)).toBe("50 events shown, newest first");
    // Newest first: this browser's sign-in, then the last key made.
    const events = page.getByTestId("audit-event");
    expect(await events.first().textContent()).toContain("Sign-inSucceeded");
    expect(await events.nth(1).textContent()).toContain("API key created");
    expect(await events.nth(1).getByTestId("audit-detail").textContent()).toBe(`script ${KEYS_MADE - 1}: text at /`);
    await checkScreen(page, "audit-log-list");

    await page.getByRole("button", { name: "Show older events" }).click();
    await page.getByText("Events are kept for 90 days.", { exact: true }).waitFor();
    const shown = Number((await countText(page))?.match(/^\d+/)?.[0]);
    // The key changes, the API's sign-in, the wrong guess and each browser's sign-in so far, none twice.
    expect(shown).toBeGreaterThanOrEqual(KEYS_MADE + 3);
    const keyDetails = await page.getByTestId("audit-detail").allTextContents();
    expect(new Set(keyDetails).size).toBe(KEYS_MADE);
    expect(keyDetails).toHaveLength(KEYS_MADE);
    expect(await events.last().textContent()).toContain("Sign-inFailed");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the filters narrow the list, and the export downloads exactly what they match", async () => {
    const { context, page, errors } = await openAuditLog();
    await page.getByTestId("audit-list").waitFor();
    const filters = page.getByTestId("audit-filters");
    await filters.getByLabel("Event").selectOption({ label: "Sign-in" });
    await filters.getByLabel("Outcome").selectOption({ label: "Failed" });
    await filters.getByLabel("Address").fill("127.");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("1 event shown, newest first").waitFor();
    expect(await page.getByTestId("audit-event").textContent()).toContain("by password");
    await checkScreen(page, "audit-log-filtered");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
    expect(download.suggestedFilename()).toMatch(/^pastebox-audit-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(file.filters).toEqual({ event: "login", outcome: "failure", address: "127." });
    expect(file.events).toHaveLength(1);
    expect(file.events[0]).toMatchObject({ event: "login", success: false, method: "password" });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a period that ends before it starts is refused at its field; an empty period says so", async () => {
    const { context, page, errors } = await openAuditLog();
    await page.getByTestId("audit-list").waitFor();
    const filters = page.getByTestId("audit-filters");
    // A period that ends before it starts is named at its field and not asked of the server.
    const today = new Date();
    const day = (offset: number) => {
      const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
    };
    await filters.getByLabel("From").fill(day(1));
    await filters.getByLabel("To").fill(day(-1));
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await filters.getByText("The end of the period must come after its start").waitFor();
    await checkScreen(page, "audit-log-bad-period");
    await filters.getByLabel("To").fill(day(2));
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.getByRole("heading", { name: "No events" }).waitFor();
    await checkScreen(page, "audit-log-empty");

    await filters.getByRole("button", { name: "Clear" }).click();
    await page.getByText("50 events shown, newest first").waitFor();
    expect(await filters.getByLabel("From").inputValue()).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("in Chinese", async () => {
    const { context, page, errors } = await openAuditLog({ locale: "zh-CN" });
    await page.getByRole("heading", { level: 1, name: "审计日志" }).waitFor();
    await page.getByTestId("audit-list").waitFor();
    expect(await page.getByTestId("audit-event").first().textContent()).toContain("登录");
    await checkScreen(page, "audit-log-zh");
    expect(errors).toEqual([]);
    await context.close();
  });
});
