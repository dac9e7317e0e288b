// App passwords in Chromium against the real server: made on the Security screen (a name and the areas
// it reaches), shown once with a copy button, then listed without it; the password opens WebDAV, its
// use shows in the list; revoking it from the list ends it. Each state is checked at 375 px and desktop,
// light and dark, for sideways overflow and axe-core violations, in English and Chinese.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { e2eSpec } from "./harness";

setDefaultTimeout(90_000);

const { app, openAdminPage, checkScreen } = e2eSpec(import.meta.path);

const davStatus = async (password: string) => {
  const basic = Buffer.from(`admin:${password}`).toString("base64");
  const answer = await fetch(`${app.baseUrl}/dav/`, {
    method: "PROPFIND",
    headers: { authorization: `Basic ${basic}`, depth: "0" },
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

  test("the section in Chinese", async () => {
    const { context, page } = await openAdminPage({ locale: "zh-CN" });
    await page.goto(`${app.baseUrl}/admin/security`);
    await page.getByTestId("app-passwords").getByText("还没有应用密码。").waitFor();
    await checkScreen(page, "security-app-passwords-zh");
    await context.close();
  });
});
