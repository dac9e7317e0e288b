// Passkeys in Chromium against the real server, with Chromium's virtual authenticator over CDP
// (WebAuthn.enable / addVirtualAuthenticator): adding one from the Security screen (and renaming it), signing in with it
// alone and as the second step after the password, the session listed as a passkey sign-in, and a
// passkey of another site refused (one the browser holds only for evil.example, and an answer relayed
// from a phishing page). The app runs at http://localhost, since a relying party id cannot be an IP.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { signInAnswer } from "../../../server/test/soft-authenticator";
import { E2E_ADMIN_PASSWORD, e2eSpec } from "../kit/harness";
import { submitAdminPassword } from "../kit/pages";

setDefaultTimeout(90_000);

const { app, openPage, checkScreen } = e2eSpec(import.meta.path, { atLocalhost: true });

/** A credential as CDP's WebAuthn domain reads and writes it (binary fields in base64). */
type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/** A platform authenticator with user verification (a laptop's fingerprint reader), holding `credentials`. */
async function addAuthenticator(context: BrowserContext, page: Page, credentials: VirtualCredential[] = []) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  for (const credential of credentials) await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as VirtualCredential[],
  };
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

// A refused sign-in (401) is a response Chromium logs as a console error by itself.
const unexpectedErrors = (errors: string[]) => errors.filter((error) => !/status of 40[01]/.test(error));

describe("passkeys", () => {
  let laptop: VirtualCredential;

  test("add a passkey from the Security screen: the name asked first, then listed, renamed, kept for this site", async () => {
    const { context, page, errors } = await openPage();
    const authenticator = await addAuthenticator(context, page);
    await submitAdminPassword(page, app.baseUrl);
    await heading(page, "Dashboard").waitFor();
    await page.goto(`${app.baseUrl}/admin/security`);
    await page.getByText("No passkeys yet.").waitFor();

    // The name is asked first; the browser's prompt comes after.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByText("Enter a name for the passkey").waitFor();
    await page.getByLabel("Name of the new passkey").fill("Work laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByTestId("passkey-row").first().waitFor();
    expect(await page.getByTestId("passkey-row").first().textContent()).toContain("Work laptop");
    expect(await page.getByTestId("passkey-row").first().textContent()).toContain("not used yet");
    await checkScreen(page, "security-passkeys");

    // Renamed in place: the current name offered, the new one listed.
    await page.getByRole("button", { name: "Rename the passkey Work laptop" }).click();
    const newName = page.getByLabel("New name");
    expect(await newName.inputValue()).toBe("Work laptop");
    await checkScreen(page, "security-passkey-rename");
    await newName.fill("Work laptop (Linux)");
    await newName.press("Enter");
    await page.getByTestId("passkey-row").filter({ hasText: "Work laptop (Linux)" }).waitFor();
    expect(await page.getByLabel("New name").count()).toBe(0);

    const stored = await authenticator.credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.isResidentCredential).toBe(true);
    expect(stored[0]?.rpId).toBe("localhost");
    laptop = stored[0] as VirtualCredential;
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("sign in with the passkey alone; the session is listed as a passkey sign-in", async () => {
    const { context, page, errors } = await openPage();
    const authenticator = await addAuthenticator(context, page, [laptop]);
    await page.goto(`${app.baseUrl}/admin`);
    await heading(page, "Log in to the admin area").waitFor();
    await checkScreen(page, "login-with-passkey");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await heading(page, "Dashboard").waitFor();

    await page.goto(`${app.baseUrl}/admin/security`);
    const current = page.getByTestId("session-row").filter({ hasText: "This session" });
    await current.waitFor();
    expect(await current.textContent()).toContain("Passkey");
    expect(await page.getByTestId("passkey-row").first().textContent()).toContain("last used");
    // The same device next time: its signature counter has moved on.
    laptop = (await authenticator.credentials())[0] as VirtualCredential;
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("after the password the passkey is the second step (the password alone is not enough)", async () => {
    const { context, page, errors } = await openPage({ locale: "zh-CN" });
    const authenticator = await addAuthenticator(context, page, [laptop]);
    await page.goto(`${app.baseUrl}/admin`);
    await heading(page, "登录管理后台").waitFor();
    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel("密码", { exact: true }).press("Enter");
    await page.getByText("已开启两步验证：请用你的一个通行密钥确认。").waitFor();
    await checkScreen(page, "login-passkey-step-zh");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "仪表盘" }).waitFor();
    laptop = (await authenticator.credentials())[0] as VirtualCredential;
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a passkey of another site is refused: none offered here, and a relayed answer is turned away", async () => {
    // The browser holds a passkey only for evil.example: it offers nothing for this site.
    const { context, page } = await openPage();
    const otherSiteKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    await addAuthenticator(context, page, [
      {
        credentialId: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64"),
        isResidentCredential: true,
        rpId: "evil.example",
        privateKey: otherSiteKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
        userHandle: Buffer.from("someone").toString("base64"),
        signCount: 0,
      },
    ]);
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByText("The passkey prompt was closed or timed out").waitFor();
    await checkScreen(page, "login-passkey-refused");
    expect(await heading(page, "Dashboard").count()).toBe(0);
    await context.close();

    // A phishing page at evil.example asked the real passkey to sign this site's challenge as its own.
    const options = await fetch(`${app.baseUrl}/api/admin/passkeys/login/options`, { method: "POST" });
    const { ceremony_id, options: ceremony } = (
      (await options.json()) as {
        data: { ceremony_id: string; options: { challenge: string } };
      }
    ).data;
    // Chromium's key (ML-DSA-44, Ed25519 or P-256, whichever it chose from the server's list), as PKCS#8.
    const privateKey = createPrivateKey({
      key: Buffer.from(laptop.privateKey, "base64"),
      format: "der",
      type: "pkcs8",
    });
    const relayed = signInAnswer(
      {
        id: new Uint8Array(Buffer.from(laptop.credentialId, "base64")),
        privateKey,
        cosePublicKey: new Uint8Array(),
        rpId: "evil.example",
        userHandle: Buffer.from(laptop.userHandle ?? "", "base64").toString("base64url"),
        counter: laptop.signCount + 100,
      },
      ceremony.challenge,
      { rpId: "evil.example", origin: "https://evil.example" },
    );
    const answer = await fetch(`${app.baseUrl}/api/admin/passkeys/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en" },
      body: JSON.stringify({ ceremony_id, response: relayed }),
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { message: string }).message).toStartWith("The passkey was not accepted");
  });
});
