// App passwords in Chromium against the real server: made on the Security screen (a name and the areas
// it reaches, and with mount access a base path and a read-only switch), shown once with a copy button,
// then listed without it; the password opens WebDAV, its use shows in the list; a read-only one is
// refused a WebDAV upload; revoking it from the list ends it. Each state is checked at 375 px and
// desktop, light and dark, for sideways overflow and axe-core violations, in English and Chinese.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(90_000);

const { app, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

const davStatus = async (password: string, method = "PROPFIND", path = "/dav/") => {
  const basic = Buffer.from(`admin:${password}`).toString("base64");
  const answer = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Basic ${basic}`, depth: "0" },
    body: method === "PUT" ? "hello" : undefined,
  });
  return answer.status;
};

describe("app passwords", () => {
  test("made on the Security screen, shown once, used by WebDAV, then revoked", async () => {
    const { context, page, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/admin/security`);
    const section = page.getByTestId("app-passwords");
    await section.getByText("No app passwords yet.").waitFor();

    // The name is asked for first.
    await section.getByRole("button", { name: "Create app password" }).click();
    await section.getByText("Enter a name for the app password").waitFor();
    await section.getByLabel("Name of the new app password").fill("rclone on the NAS");
    await section.getByRole("button", { name: "Create app password" }).click();
    const value = section.getByTestId("app-password-value");
    await value.waitFor();
    const password = ((await value.textContent()) ?? "").trim();
    expect(password).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    await section.getByRole("button", { name: "Copy password" }).waitFor();
    await checkScreen(page, "security-app-password-made");

    expect(await davStatus(password)).toBe(207);
    await section.getByRole("button", { name: "Done" }).click();
    await page.reload();
    const row = section.getByTestId("app-password-row").filter({ hasText: "rclone on the NAS" });
    await row.waitFor();
    expect(await row.textContent()).toContain("last used");
    expect(await row.textContent()).toContain("Mount");
    expect(await page.content()).not.toContain(password);
    await checkScreen(page, "security-app-passwords");

    await row.getByRole("button", { name: "Revoke the app password rclone on the NAS" }).click();
    await section.getByText("No app passwords yet.").waitFor();
    expect(await davStatus(password)).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a read-only one confined to a folder: set in the form, shown in the list, refused a WebDAV upload", async () => {
    const { context, page, errors } = await openAdminPage();
    await page.goto(`${app.baseUrl}/admin/security`);
    const section = page.getByTestId("app-passwords");
    await section.getByLabel("Name of the new app password").waitFor();
    await section.getByLabel("Name of the new app password").fill("photo frame");
    await section.getByRole("switch", { name: "Read-only" }).click();
    await section.getByLabel("Base path").fill("team//photos/");
    await section.getByText("Saved as /team/photos").waitFor();
    await checkScreen(page, "security-app-password-form");
    // Without mount access the base path and the switch are not asked for.
    await section.getByRole("checkbox", { name: /^Mount/ }).uncheck();
    expect(await section.getByLabel("Base path").count()).toBe(0);
    await section.getByRole("checkbox", { name: /^Mount/ }).check();
    expect(await section.getByLabel("Base path").inputValue()).toBe("team//photos/");
    await section.getByRole("button", { name: "Create app password" }).click();
    const value = section.getByTestId("app-password-value");
    await value.waitFor();
    const password = ((await value.textContent()) ?? "").trim();
    expect(await davStatus(password)).toBe(207);
    expect(await davStatus(password, "PUT", "/dav/team/photos/new.txt")).toBe(403);

    await section.getByRole("button", { name: "Done" }).click();
    const row = section.getByTestId("app-password-row").filter({ hasText: "photo frame" });
    await row.getByText("Limited to").waitFor();
    expect(await row.textContent()).toContain("/team/photos");
    expect(await row.textContent()).toContain("Read-only");
    await checkScreen(page, "security-app-password-confined");
    await row.getByRole("button", { name: "Revoke the app password photo frame" }).click();
    await section.getByText("No app passwords yet.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the section in Chinese", async () => {
    const { context, page } = await openAdminPage({ locale: "zh-CN" });
    await page.goto(`${app.baseUrl}/admin/security`);
    await page.getByTestId("app-passwords").getByText("还没有应用密码。").waitFor();
    await checkScreen(page, "security-app-passwords-zh");
    await context.close();
  });
});
