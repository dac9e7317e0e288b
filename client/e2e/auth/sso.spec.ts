// Single sign-on in Chromium through a real OpenID provider (oidc-provider, started by the test): the
// login screen's "Sign in with …", the provider's own login page, the way back into the admin area with
// an SSO session, a user who is not the admin sent back with the reason, and the password login turned
// off from the Security screen (then the login screen no longer offers it) and on again. Each screen is
// checked at 375 px and desktop, light and dark, for sideways overflow and axe-core violations, in
// English and Chinese.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { freePort } from "../../../server/test/harness";
import { startOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from "../../../server/test/oidc-provider";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(90_000);

// The app names the provider at its start and the provider the app's callback: the port comes first.
const idpPort = freePort();
const { app, openPage, checkScreen } = e2eSpec(import.meta.path, {
  env: {
    OIDC_ISSUER: `http://127.0.0.1:${idpPort}`,
    OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
    OIDC_NAME: "Test ID",
    OIDC_ADMIN_EMAIL: "admin@example.test",
  },
});
let idp: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({
    port: idpPort,
    redirectUri: `${app.baseUrl}/api/auth/sso/callback`,
    accounts: {
      "the-admin": { email: "admin@example.test", email_verified: true },
      stranger: { email: "stranger@example.test", email_verified: true },
    },
  });
});

afterAll(async () => {
  await idp?.stop();
});

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

/** From the app's login screen through the provider's login page, as `accountId`. */
async function signInThroughProvider(page: Page, accountId: string) {
  // The provider's development login page imports a web font; this machine reaches no such host.
  await page
    .context()
    .route("https://fonts.googleapis.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/css", body: "" }),
    );
  await page.goto(`${app.baseUrl}/admin`);
  await page.getByRole("link", { name: "Sign in with Test ID" }).click();
  await page.waitForURL((url) => url.origin === idp.origin);
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
}

describe("single sign-on", () => {
  test("the login screen offers the provider, in English and Chinese", async () => {
    const { context, page, errors } = await openPage();
    await page.goto(`${app.baseUrl}/admin`);
    await heading(page, "Log in to the admin area").waitFor();
    await page.getByRole("link", { name: "Sign in with Test ID" }).waitFor();
    await checkScreen(page, "login-sso");
    await context.close();

    const zh = await openPage({ locale: "zh-CN" });
    await zh.page.goto(`${app.baseUrl}/admin`);
    await zh.page.getByRole("link", { name: "使用 Test ID 登录" }).waitFor();
    await checkScreen(zh.page, "login-sso-zh");
    await zh.context.close();
    expect(errors).toEqual([]);
  });

  test("a user of the provider who is not the admin comes back with the reason, signed out", async () => {
    const { context, page } = await openPage();
    await signInThroughProvider(page, "stranger");
    await page.waitForURL((url) => url.origin === app.baseUrl && url.searchParams.get("sso_error") === "notAdmin");
    await page.getByText("That account is not this server's admin.").waitFor();
    await heading(page, "Log in to the admin area").waitFor();
    await checkScreen(page, "login-sso-refused");
    await context.close();
  });

  test("the admin signs in at the provider, lands in the admin area with an SSO session, and turns the password login off and on", async () => {
    const { context, page, errors } = await openPage();
    await signInThroughProvider(page, "the-admin");
    await heading(page, "Dashboard").waitFor();
    await page.goto(`${app.baseUrl}/admin/security`);
    await heading(page, "Security").waitFor();
    const current = page.getByTestId("session-row").filter({ hasText: "This session" });
    await current.waitFor();
    expect(await current.textContent()).toContain("Single sign-on");
    const sso = page.getByTestId("sso");
    await sso.getByText("Offered on the login screen as “Sign in with Test ID”.").waitFor();
    await checkScreen(page, "security-sso");

    await sso.getByRole("button", { name: "Turn password login off" }).click();
    await sso.getByText("The password no longer signs in anywhere", { exact: false }).waitFor();
    await checkScreen(page, "security-sso-password-off");

    // Another browser: the password form is gone, single sign-on and passkeys remain.
    const other = await openPage();
    await other.page.goto(`${app.baseUrl}/admin`);
    await other.page.getByText("Signing in with the password is turned off on this server.").waitFor();
    expect(await other.page.getByLabel("Password", { exact: true }).count()).toBe(0);
    await checkScreen(other.page, "login-password-off");
    await other.context.close();

    await sso.getByRole("button", { name: "Turn password login back on" }).click();
    await sso.getByText("The password still signs in", { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
