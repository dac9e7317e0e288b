// The admin's two-factor sign-in in Chromium against the real server: enrolling TOTP from the Security
// screen (QR code, manual key, first code, recovery codes shown once), signing in with a code after the
// password, a recovery code working once and refused the second time, and a session ended from another
// browser context signing that one out. Each screen state is checked at 375 px and desktop, light and
// dark, for sideways overflow and axe-core violations, in English and Chinese.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "playwright-core";
import { E2E_ADMIN_PASSWORD, e2eSpec } from "../kit/harness";
import { submitAdminPassword } from "../kit/pages";

setDefaultTimeout(90_000);

const { app, openPage, checkScreen } = e2eSpec(import.meta.path);

/** The code an authenticator app shows for `secret`, `stepOffset` steps of 30 s from now. */
function totpCode(secret: string, stepOffset = 0): string {
  const step = Math.floor(Date.now() / 1000 / 30) + stepOffset;
  return generateHOTP(decodeBase32IgnorePadding(secret.replace(/\s/g, "")), BigInt(step), 6);
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

// A refused login (401) or code (400) is a response Chromium logs as a console error by itself.
const unexpectedErrors = (errors: string[]) => errors.filter((error) => !/status of 40[01]/.test(error));

describe("two-factor sign-in", () => {
  let secret = "";
  let recoveryCodes: string[] = [];

  test("enrol from the Security screen: QR code and key, a first code, ten recovery codes shown once", async () => {
    const { context, page, errors } = await openPage();
    await submitAdminPassword(page, app.baseUrl);
    await heading(page, "Dashboard").waitFor();
    await page.goto(`${app.baseUrl}/admin/security`);
    await heading(page, "Security").waitFor();
    await page.getByTestId("session-row").first().waitFor();
    expect(await page.getByTestId("session-row").first().textContent()).toContain("This session");
    await checkScreen(page, "security-off");

    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.getByRole("img", { name: "QR code to add Pastebox to an authenticator app" }).waitFor();
    secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    await checkScreen(page, "security-enrol");

    // A wrong code is refused with a message and the enrolment stays open.
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("That code is wrong, expired or already used").waitFor();

    await page.getByLabel("Code from the app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await codes.first().waitFor();
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await checkScreen(page, "security-recovery-codes");
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByTestId("totp-status").waitFor();
    expect(await page.getByText("10 recovery codes left").count()).toBe(1);
    await checkScreen(page, "security-on");
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("sign in: after the password the code is asked for; a TOTP code opens the admin area", async () => {
    const { context, page, errors } = await openPage();
    await submitAdminPassword(page, app.baseUrl);
    const codeField = page.getByLabel("Verification code");
    await codeField.waitFor();
    // The password stays for the second step; the field has the focus.
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe(E2E_ADMIN_PASSWORD);
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "one-time-code");
    await checkScreen(page, "login-code");
    await codeField.fill(totpCode(secret, 1));
    await codeField.press("Enter");
    await heading(page, "Dashboard").waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a recovery code signs in once and is refused the second time, in the user's language", async () => {
    const first = await openPage();
    await submitAdminPassword(first.page, app.baseUrl);
    await first.page.getByLabel("Verification code").fill(recoveryCodes[0] as string);
    await first.page.getByLabel("Verification code").press("Enter");
    await heading(first.page, "Dashboard").waitFor();

    const second = await openPage({ locale: "zh-CN" });
    await second.page.goto(`${app.baseUrl}/admin`);
    await heading(second.page, "登录管理后台").waitFor();
    await second.page.getByLabel("用户名").fill("admin");
    await second.page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await second.page.getByLabel("密码", { exact: true }).press("Enter");
    await second.page.getByLabel("验证码").fill(recoveryCodes[0] as string);
    await second.page.getByLabel("验证码").press("Enter");
    await second.page.getByText("验证码错误、已过期或已被使用").waitFor();
    await checkScreen(second.page, "login-code-refused-zh");
    expect(await second.page.getByRole("heading", { level: 1, name: "仪表盘" }).count()).toBe(0);
    await first.context.close();
    await second.context.close();
  });

  test("a session ended from another browser is signed out there", async () => {
    const victim = await openPage();
    await submitAdminPassword(victim.page, app.baseUrl);
    await victim.page.getByLabel("Verification code").fill(recoveryCodes[1] as string);
    await victim.page.getByLabel("Verification code").press("Enter");
    await heading(victim.page, "Dashboard").waitFor();

    const admin = await openPage();
    await submitAdminPassword(admin.page, app.baseUrl);
    await admin.page.getByLabel("Verification code").fill(recoveryCodes[2] as string);
    await admin.page.getByLabel("Verification code").press("Enter");
    await heading(admin.page, "Dashboard").waitFor();
    await admin.page.goto(`${app.baseUrl}/admin/security`);
    await admin.page.getByTestId("session-row").nth(1).waitFor();
    await checkScreen(admin.page, "security-sessions");
    await admin.page.getByRole("button", { name: "End all other sessions" }).click();
    await admin.page
      .getByText(/sessions? ended/)
      .first()
      .waitFor();
    await admin.page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1);

    await victim.page.reload();
    await heading(victim.page, "Log in to the admin area").waitFor();
    await admin.context.close();
    await victim.context.close();
  });
});
