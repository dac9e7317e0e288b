// README's screenshots (docs/screenshots/), taken from the real app in Debian's Chromium with a little
// sample data: Home with a Markdown paste being written, the paste's page, the file explorer and the
// admin dashboard, each light and dark at desktop size, plus Home on a phone. Build the client first
// (`bun run build`), then `bun scripts/readme-shots.ts`; re-run it when a shown screen changes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import {
  adminToken,
  DESKTOP,
  dismissToasts,
  launchBrowser,
  openPage,
  PHONE,
  REPO_ROOT,
  signInAsAdmin,
  startApp,
  startHomeEditor,
  waitForAnimations,
} from "../client/e2e/kit/harness";

const OUT = join(REPO_ROOT, "docs/screenshots");

const SAMPLE = `# Release notes 1.4

Shared from **Pastebox**: plain text or Markdown, behind a link with a password, an expiry and a view limit.

- [x] Server-side tasks for copy and move
- [x] Backups you can restore
- [ ] Upload requests

| Storage | Presigned upload | WebDAV |
|---|---|---|
| Local disk | through the server | yes |
| S3 / R2 / MinIO | direct | yes |

\`\`\`ts
const link = await fetch("/api/paste", { method: "POST", body: JSON.stringify({ content }) });
\`\`\`
`;

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

async function shoot(page: Page, name: string) {
  await dismissToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await waitForAnimations(page);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

const app = await startApp();
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const token = await adminToken(app);
  const paste = await api(app.baseUrl, token, "POST", "/paste", {
    content: SAMPLE,
    remark: "team notes",
  });
  for (const [name, content] of [
    ["report.pdf", "%PDF-1.4 sample"],
    ["photo-notes.txt", "Shot on the ridge at dawn."],
    ["budget.csv", "item,cost\nhosting,5\n"],
  ] as const) {
    const form = new FormData();
    form.set("file", new File([content], name));
    const uploaded = await fetch(`${app.baseUrl}/api/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!uploaded.ok) throw new Error(`upload ${name}: ${uploaded.status} ${await uploaded.text()}`);
  }

  for (const scheme of ["light", "dark"] as const) {
    const { context, page } = await openPage(browser, { viewport: DESKTOP, colorScheme: scheme });
    await signInAsAdmin(context, app);
    await page.goto(`${app.baseUrl}/`);
    const editor = await startHomeEditor(page);
    await editor.fill(SAMPLE);
    // The counter follows the text after a pause in typing; the shot shows it settled.
    await page.getByText(/[1-9]\d* words/).waitFor();
    await shoot(page, `home-${scheme}`);
    await page.goto(`${app.baseUrl}/paste/${paste.slug}`);
    await page.getByRole("heading", { name: "Release notes 1.4" }).first().waitFor();
    await shoot(page, `paste-${scheme}`);
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByTestId("stat-pastes").waitFor();
    await page.locator('[data-testid="activity-chart"] .recharts-bar-rectangle').first().waitFor();
    await page.getByTestId("server-health").filter({ hasText: "Healthy" }).waitFor();
    await shoot(page, `admin-${scheme}`);
    await context.close();
  }
  const phone = await openPage(browser, { viewport: PHONE, colorScheme: "dark" });
  await phone.page.goto(`${app.baseUrl}/paste/${paste.slug}`);
  await phone.page.getByRole("heading", { name: "Release notes 1.4" }).first().waitFor();
  await shoot(phone.page, "paste-phone-dark");
} finally {
  await browser.close();
  await app.stop();
}
