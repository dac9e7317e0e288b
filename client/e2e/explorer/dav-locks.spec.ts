// The admin's WebDAV locks module in Chromium against the real server: locks a key and the admin took over
// WebDAV are listed with holder, path, depth, scope and times; Remove lifts one (the admin's write it
// blocked then goes through); "Remove all of this key" lifts the key's and leaves the admin's; the list
// reads in Chinese too. Each state is checked at 375 px and desktop, light and dark, for sideways overflow
// and axe-core violations.
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(120_000);

const { app, addMount, token, api, apiData, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';
const basic = (secret: string) => `Basic ${Buffer.from(`${secret}:${secret}`).toString("base64")}`;

let keySecret = "";

beforeAll(async () => {
  await addMount({ name: "Docs", path: "/docs", folder: "dav-locks-docs" });
  await apiData("POST", "/admin/fs/mkdir", { path: "/docs/reports" });
  await apiData("POST", "/admin/fs/update", { path: "/docs/plan.txt", content: "the plan\n" });
  await apiData("POST", "/admin/fs/update", { path: "/docs/budget.txt", content: "the budget\n" });
  const key = await apiData("POST", "/admin/api-keys", {
    name: "Laptop sync",
    mount_permission: true,
    basic_path: "/docs",
  });
  keySecret = key.key;
});

async function davLock(path: string, authorization: string, depth: "0" | "infinity") {
  const answer = await fetch(`${app.baseUrl}/dav${path}`, {
    method: "LOCK",
    headers: { authorization, Depth: depth, Timeout: "Second-1800", "content-type": "application/xml" },
    body: LOCK_BODY,
  });
  expect(answer.status).toBe(200);
}

const adminPut = async (path: string, content: string) =>
  (
    await fetch(`${app.baseUrl}/dav${path}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${await token()}` },
      body: content,
    })
  ).status;

describe("admin WebDAV locks", () => {
  test("lists the locks, removes one, then all of a key's", async () => {
    const { context, page, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/admin/dav-locks`);
    await page.getByRole("heading", { level: 1, name: "WebDAV locks" }).waitFor();
    await page.getByText("No file is locked").waitFor();
    await checkScreen(page, "dav-locks-empty");

    await davLock("/docs/reports", basic(keySecret), "infinity");
    await davLock("/docs/plan.txt", basic(keySecret), "0");
    await davLock("/docs/budget.txt", `Bearer ${await token()}`, "0");
    expect(await adminPut("/docs/reports/q1.txt", "blocked")).toBe(423);

    await page.getByRole("button", { name: "Refresh" }).click();
    const cards = page.getByTestId("dav-lock");
    await page.getByRole("heading", { name: "/docs/reports" }).waitFor();
    expect(await cards.count()).toBe(3);
    const reports = cards.filter({ has: page.getByRole("heading", { name: "/docs/reports" }) });
    expect(await reports.textContent()).toContain("API key Laptop sync");
    expect(await reports.textContent()).toContain("With everything inside");
    expect(await reports.textContent()).toContain("Exclusive");
    const budget = cards.filter({ has: page.getByRole("heading", { name: "/docs/budget.txt" }) });
    expect(await budget.textContent()).toContain("Admin");
    // The admin's own lock has no key to lift all of.
    expect(await budget.getByRole("button", { name: /Remove all of this key/ }).count()).toBe(0);
    await checkScreen(page, "dav-locks-list");

    await page.getByRole("button", { name: "Remove the lock on /docs/reports" }).click();
    await page.getByText("Lock removed").waitFor();
    await page.getByRole("heading", { name: "/docs/reports" }).waitFor({ state: "detached" });
    expect(await adminPut("/docs/reports/q1.txt", "written")).toBe(201);

    await page
      .getByTestId("dav-lock")
      .filter({ has: page.getByRole("heading", { name: "/docs/plan.txt" }) })
      .getByRole("button", { name: "Remove all of this key (API key Laptop sync)" })
      .click();
    await page.getByText("1 lock removed").waitFor();
    await page.getByRole("heading", { name: "/docs/plan.txt" }).waitFor({ state: "detached" });
    expect(await page.getByTestId("dav-lock").count()).toBe(1);
    const left = await apiData("GET", "/admin/dav/locks");
    expect(left.locks.map((lock: { path: string }) => lock.path)).toEqual(["/docs/budget.txt"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("in Chinese; a key is refused the list", async () => {
    const refused = await api("GET", "/admin/dav/locks", undefined, { authorization: `ApiKey ${keySecret}` });
    expect(refused.status).toBe(403);

    await davLock("/docs/plan.txt", basic(keySecret), "0");
    const { context, page, errors } = await openAdminPage({ locale: "zh-CN" });
    await page.goto(`${app.baseUrl}/admin/dav-locks`);
    await page.getByRole("heading", { level: 1, name: "WebDAV 锁" }).waitFor();
    const plan = page.getByTestId("dav-lock").filter({ has: page.getByRole("heading", { name: "/docs/plan.txt" }) });
    await plan.waitFor();
    expect(await plan.textContent()).toContain("API 密钥 Laptop sync");
    expect(await plan.textContent()).toContain("仅此项");
    await checkScreen(page, "dav-locks-zh");
    expect(errors).toEqual([]);
    await context.close();
  });
});
