// Accessibility of every screen, measured with axe-core in real Chromium: each screen and meaningful
// state (Home empty / typed / rich mode / share result, Upload, paste and file pages with their
// previews, password prompts and gone pages, the mount explorer with its preview, editor, search,
// task drawer, a row menu and dialogs, every admin module with its dialogs, not-found) is checked in the light
// and the dark theme, at 1280 and 375 px, in English, and the main screens once more in Chinese. A
// violation of any impact (minor and moderate too, as axe's best practices report them) fails the test,
// named by screen, look, rule and element. Rules are
// never switched off here: a violation is fixed where the screen is built (docs/accessibility.md).
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { encryptText, generateLinkKey } from "@shared/encrypted-share";
import type { Page } from "playwright-core";
import { DESKTOP, E2E_ADMIN_PASSWORD, e2eSpec, injectAxe, LOOKS, saveShot, startHomeEditor } from "./harness";

setDefaultTimeout(900_000);

const { app, apiData, token, openPage } = e2eSpec(import.meta.path);

// E2E_SHOTS=1 saves a screenshot of every screen in every look into client/e2e/shots/a11y/, to look at by eye.

type Look = (typeof LOOKS)[number];
type Finding = { screen: string; look: string; rule: string; impact: string; targets: string[]; summary: string };

let shares: Shares;

beforeAll(async () => {
  shares = await makeShares("a11y");
  const storages = await apiData("GET", "/s3-configs");
  await apiData("POST", "/admin/mounts", {
    name: "Docs",
    mount_path: "/docs",
    storage_config_id: storages[0].id,
    folder: "a11y-docs",
  });
  await apiData("POST", "/admin/fs/update", {
    path: "/docs/notes.md",
    content: `# Notes\n\n- one\n- [ ] two\n\n${CODE_BLOCK}`,
  });
  await apiData("POST", "/admin/fs/update", { path: "/docs/todo.txt", content: "buy milk\n" });
  await apiData("POST", "/admin/fs/mkdir", { path: "/docs/archive" });
});

async function upload(name: string, content: BlobPart, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new File([content], name, { type }));
  const response = await fetch(`${app.baseUrl}/api/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await token()}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { slug: string } }).data.slug;
}

/** A minimal valid one-page PDF. */
function tinyPdf(): string {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 100 Td (Hello PDF) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** A 2x2 PNG, enough for the image preview. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Runs axe-core on the page in each look and records every violation, whatever its impact. Transitions are
 * stopped first: a colour measured halfway through a theme fade is neither theme's.
 */
async function audit(page: Page, screen: string, findings: Finding[], looks: readonly Look[] = LOOKS) {
  await page.evaluate(() => {
    if (document.getElementById("a11y-still")) return;
    const style = document.createElement("style");
    style.id = "a11y-still";
    style.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
    document.head.append(style);
  });
  await injectAxe(page);
  for (const look of looks) {
    await page.setViewportSize(look.viewport);
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      look.scheme === "dark",
    );
    // Two frames: layout and paint settle after the resize.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const violations = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
      const axe = (window as any).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return (
        result.violations as {
          id: string;
          impact: string;
          help: string;
          nodes: { target: string[]; failureSummary: string }[];
        }[]
      ).map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(" "),
          summary: node.failureSummary.split("\n").slice(1, 2).join(" ").trim(),
        })),
      }));
    });
    await saveShot(import.meta.path, page, `${screen}-${look.name}`.replace(/[^a-z0-9]+/gi, "-").toLowerCase());
    for (const violation of violations) {
      findings.push({
        screen,
        look: look.name,
        rule: violation.rule,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target),
        summary: `${violation.help}: ${violation.nodes[0]?.summary ?? ""}`,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}

function report(findings: Finding[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.screen} [${finding.look}] ${finding.rule} (${finding.impact}) ${finding.targets.join(" | ")} — ${finding.summary}`,
  );
}

function countByTheme(findings: Finding[]) {
  const light = findings.filter((finding) => finding.look.endsWith("light")).length;
  return { light, dark: findings.length - light };
}

type Language = "en" | "zh";
const LOGIN_LABELS = {
  en: { username: "Username", password: "Password" },
  zh: { username: "用户名", password: "密码" },
};

async function signIn(page: Page, language: Language = "en") {
  await page.goto(`${app.baseUrl}/admin`);
  await page.getByLabel(LOGIN_LABELS[language].username).fill("admin");
  await page.getByLabel(LOGIN_LABELS[language].password, { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByLabel(LOGIN_LABELS[language].password, { exact: true }).press("Enter");
  await page.getByTestId("user-name").first().waitFor();
}

/** Escape closes the topmost dialog (the explorer's preview panel may stay open beneath it). */
async function closeDialog(page: Page) {
  const open = await page.getByRole("dialog").count();
  await page.keyboard.press("Escape");
  await page.waitForFunction((count) => document.querySelectorAll('[role="dialog"]').length < count, open);
}

async function dismissToasts(page: Page) {
  const dismiss = page.getByRole("button", { name: /^Dismiss|^关闭通知/ });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

// A code block with a line longer than any screen: its frame scrolls sideways.
const CODE_BLOCK = `\`\`\`js\nconst message = "${"a long line ".repeat(30)}";\n\`\`\`\n`;

// The shares the public screens show, made through the API once.
type Shares = Awaited<ReturnType<typeof makeShares>>;

async function makeShares(prefix: string) {
  // Shares that expire in a moment: the management lists show expired rows set apart.
  const expiresAt = new Date(Date.now() + 3_000);
  await apiData("POST", "/paste", {
    content: "soon gone",
    slug: `${prefix}-expiring`,
    expires_at: expiresAt.toISOString(),
  });
  await upload("expiring.txt", "soon gone", "text/plain", { expires_at: expiresAt.toISOString() });
  await apiData("POST", "/paste", {
    content: "plain text line\nsecond line\n",
    format: "text",
    slug: `${prefix}-plain`,
  });
  await apiData("POST", "/paste", {
    content: `# Release notes\n\n- first\n- second\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n${CODE_BLOCK}`,
    slug: `${prefix}-md`,
  });
  await apiData("POST", "/paste", { content: "secret", slug: `${prefix}-locked`, password: "open-sesame-42" });
  await apiData("POST", "/paste", { content: "once", slug: `${prefix}-once`, max_views: 1 });
  // End-to-end encrypted: the key travels in the link's fragment; one of them also needs a password.
  const linkKey = generateLinkKey();
  for (const [suffix, password] of [
    ["sealed", undefined],
    ["sealed-locked", "open-sesame-42"],
  ] as const) {
    await apiData("POST", "/paste", {
      content: await encryptText("# Sealed notes\n\n- one\n- two\n", linkKey, password),
      encrypted: true,
      format: "markdown",
      slug: `${prefix}-${suffix}`,
    });
  }
  await fetch(`${app.baseUrl}/api/raw/${prefix}-once`);
  const text = await upload("notes.txt", `a text file\n${"with a long line ".repeat(30)}\n`, "text/plain", {
    remark: "private",
  });
  const image = await upload("dot.png", TINY_PNG, "image/png");
  const pdf = await upload("doc.pdf", tinyPdf(), "application/pdf");
  const markdown = await upload("readme.md", `# Readme\n\n- one\n- two\n\n${CODE_BLOCK}`, "text/markdown");
  const locked = await upload("locked.txt", "locked", "text/plain", { password: "open-sesame-42" });
  // Waiting for a clock, not for the page: the two shares above must have expired.
  await Bun.sleep(Math.max(0, expiresAt.getTime() - Date.now() + 250));
  return { prefix, text, image, pdf, markdown, locked, linkKey };
}

/** Screens a visitor sees without signing in. */
async function walkPublicScreens(page: Page, shares: Shares, findings: Finding[], language: Language) {
  const labels = LOGIN_LABELS[language];
  await page.goto(`${app.baseUrl}/`);
  await page.getByTestId("login-prompt").waitFor();
  await audit(page, "Home, signed out", findings);

  await page.goto(`${app.baseUrl}/upload`);
  await page.getByTestId("upload-login-prompt").waitFor();
  await audit(page, "Upload, signed out", findings);

  await page.goto(`${app.baseUrl}/admin`);
  await page.getByLabel(labels.username).waitFor();
  await audit(page, "Admin login", findings);
  await page.getByLabel(labels.username).fill("admin");
  await page.getByLabel(labels.password, { exact: true }).fill("not-the-password");
  await page.getByLabel(labels.password, { exact: true }).press("Enter");
  await page.getByRole("alert").first().waitFor();
  await audit(page, "Admin login, wrong password", findings);

  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-plain`);
  await page.getByTestId("plain-body").waitFor();
  await audit(page, "Paste page, plain text", findings);

  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-md`);
  await page.getByTestId("markdown-body").waitFor();
  await audit(page, "Paste page, Markdown", findings);

  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-locked`);
  await page.getByTestId("password-prompt").waitFor();
  await audit(page, "Paste page, password prompt", findings);

  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-once`);
  await page.getByTestId("paste-limitReached").waitFor();
  await audit(page, "Paste page, used up", findings);

  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-sealed#${shares.linkKey}`);
  await page.getByTestId("paste-document").getByRole("heading", { name: "Sealed notes" }).waitFor();
  await audit(page, "Paste page, encrypted, decrypted", findings);

  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-sealed-locked#${shares.linkKey}`);
  await page.getByTestId("password-prompt").waitFor();
  await audit(page, "Paste page, encrypted, password prompt", findings);

  // The link without its key (a new document: a fragment change alone does not load the page again).
  await page.goto("about:blank");
  await page.goto(`${app.baseUrl}/paste/${shares.prefix}-sealed`);
  await page.getByTestId("paste-missingKey").waitFor();
  await audit(page, "Paste page, encrypted, lost key", findings);

  for (const [kind, slug, ready] of [
    ["text", shares.text, "text-preview"],
    ["image", shares.image, "image-preview"],
    ["PDF", shares.pdf, "pdf-preview"],
    ["Markdown", shares.markdown, "markdown-body"],
  ] as const) {
    await page.goto(`${app.baseUrl}/file/${slug}`);
    await page.getByTestId(ready).waitFor();
    await audit(page, `File page, ${kind} preview`, findings);
  }

  await page.goto(`${app.baseUrl}/file/${shares.locked}`);
  await page.getByTestId("file-password-prompt").waitFor();
  await audit(page, "File page, password prompt", findings);

  await page.goto(`${app.baseUrl}/file/no-such-file`);
  await page.getByTestId("file-notFound").waitFor();
  await audit(page, "File page, gone", findings);

  // Unknown paths elsewhere go Home; an unknown admin module is the not-found screen.
  await page.goto(`${app.baseUrl}/admin/no-such-module`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await audit(page, "Not found", findings);
}

function entry(page: Page, name: string) {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

/** Home, Upload and the mount explorer, signed in. */
async function walkSignedInScreens(page: Page, findings: Finding[]) {
  await page.goto(`${app.baseUrl}/`);
  await page.getByTestId("plain-editor").waitFor();
  await audit(page, "Home, empty (the plain text area before the source editor loads)", findings);
  const editable = await startHomeEditor(page);
  await audit(page, "Home, empty source editor", findings);
  // Pasted as a clipboard would: a list, a task list and a code block with a long line.
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData("text/plain", content);
    document
      .querySelector(".cm-content")
      ?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, `# Trip notes\n\n- pack\n- [x] book\n\n${CODE_BLOCK}`);
  await page.getByTestId("editor-view-preview").click();
  await page.getByTestId("editor-preview").waitFor();
  await audit(page, "Home, Markdown preview", findings);
  await page.getByTestId("editor-view-rich").click();
  await page.getByTestId("rich-note").waitFor();
  await page.locator(".ProseMirror").waitFor();
  await audit(page, "Home, rich mode", findings);
  await page.getByTestId("editor-view-source").click();
  await editable.waitFor();
  await audit(page, "Home, with text", findings);
  await page.getByRole("button", { name: "Create share link" }).click();
  await page.getByTestId("share-result").waitFor();
  await audit(page, "Home, share result", findings);

  await page.goto(`${app.baseUrl}/upload`);
  await page.getByTestId("drop-zone").waitFor();
  await audit(page, "Upload, empty", findings);
  await page.getByTestId("file-input").setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG }]);
  await page.getByTestId("upload-row").first().waitFor();
  await audit(page, "Upload, a file queued", findings);
  await page.getByTestId("start-uploads").click();
  await page.locator('[data-testid="upload-row"][data-status="success"]').waitFor();
  await audit(page, "Upload, done", findings);
  await page.getByTestId("tab-url").click();
  await page.getByTestId("url-input").waitFor();
  await audit(page, "Upload, from a URL", findings);

  await page.goto(`${app.baseUrl}/mount-explorer`);
  await entry(page, "docs").waitFor();
  await audit(page, "Explorer, mounts", findings);
  await entry(page, "docs").getByRole("link").click();
  await entry(page, "notes.md").waitFor();
  await audit(page, "Explorer, folder list", findings);
  await page.getByRole("button", { name: "Grid" }).click();
  await page.getByTestId("entry-grid").waitFor();
  await audit(page, "Explorer, folder grid", findings);
  await page.getByRole("button", { name: "List" }).click();
  await page.getByTestId("entry-list").waitFor();
  await entry(page, "notes.md").getByRole("button", { name: "Actions for notes.md" }).click();
  await page.getByTestId("entry-menu").waitFor();
  await audit(page, "Explorer, a row's menu", findings);
  await page.keyboard.press("Escape");
  await page.getByTestId("entry-menu").waitFor({ state: "detached" });

  await entry(page, "notes.md").getByRole("link").click();
  await page.getByTestId("file-preview").waitFor();
  await audit(page, "Explorer, Markdown preview", findings);
  await page.getByTestId("preview-edit").click();
  await page.getByTestId("text-editor").locator(".cm-content").waitFor();
  await audit(page, "Explorer, source editor", findings);
  await page.getByTestId("editor-view-rich").click();
  await page.getByTestId("text-editor").locator(".ProseMirror").waitFor();
  await audit(page, "Explorer, rich editor", findings);
  await page
    .getByTestId("text-editor")
    .locator("xpath=ancestor::*[@role='dialog']")
    .getByRole("button", { name: "Cancel" })
    .click();
  await page.getByTestId("text-editor").waitFor({ state: "detached" });
  await page.getByTestId("preview-close").click();
  await page.getByTestId("preview-panel").waitFor({ state: "detached" });

  await page.getByTestId("mkdir-button").click();
  await page.getByTestId("name-form").waitFor();
  await audit(page, "Explorer, new folder dialog", findings);
  await closeDialog(page);
  await entry(page, "notes.md").getByRole("checkbox").check();
  await audit(page, "Explorer, a row selected", findings);
  await page.getByTestId("rename-button").click();
  await page.getByTestId("name-form").waitFor();
  await audit(page, "Explorer, rename dialog", findings);
  await closeDialog(page);
  await page.getByTestId("copy-to-button").click();
  await page.getByTestId("copy-dialog").waitFor();
  await audit(page, "Explorer, copy dialog", findings);
  await closeDialog(page);
  await page.getByTestId("delete-button").click();
  await page.getByTestId("delete-confirm").waitFor();
  await audit(page, "Explorer, delete dialog", findings);
  await closeDialog(page);
  await page.getByTestId("add-to-basket-button").click();
  await page.getByTestId("basket-button").click();
  await page.getByTestId("basket-panel").waitFor();
  await audit(page, "Explorer, basket", findings);
  await page.keyboard.press("Escape");
  await page.getByTestId("basket-panel").waitFor({ state: "detached" });

  await page.getByLabel("Search files", { exact: true }).fill("no");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByTestId("search-results").getByRole("link").first().waitFor();
  await audit(page, "Explorer, search results", findings);
  await page.getByRole("button", { name: "Close search results" }).click();

  await page.getByTestId("tasks-button").click();
  await page.getByTestId("task-panel").waitFor();
  await audit(page, "Explorer, task drawer", findings);
  await page.keyboard.press("Escape");
  await page.getByTestId("task-panel").waitFor({ state: "detached" });
}

/** The signed-in screens once more in Chinese (longer words wrap differently), reached by test ids. */
async function walkChineseSignedInScreens(page: Page, findings: Finding[]) {
  await page.goto(`${app.baseUrl}/`);
  await page.getByTestId("plain-editor").waitFor();
  await audit(page, "Home, empty", findings);
  await startHomeEditor(page);
  await page.getByTestId("editor-view-rich").click();
  await page.locator(".ProseMirror").waitFor();
  await audit(page, "Home, rich mode", findings);

  await page.goto(`${app.baseUrl}/upload`);
  await page.getByTestId("drop-zone").waitFor();
  await audit(page, "Upload", findings);

  await page.goto(`${app.baseUrl}/mount-explorer/docs`);
  await entry(page, "notes.md").waitFor();
  await audit(page, "Explorer, folder list", findings);
  await entry(page, "notes.md").getByRole("link").click();
  await page.getByTestId("file-preview").waitFor();
  await audit(page, "Explorer, Markdown preview", findings);

  for (const [module, ready] of [
    ["dashboard", "stat-pastes"],
    ["text-management", "paste-row-a11y-md"],
    ["file-management", "file-table"],
    ["storage-config", "storage-list"],
    ["mount-management", "mount-list"],
    ["key-management", "Sync job"],
    ["settings", "about-version"],
  ] as const) {
    await page.goto(`${app.baseUrl}/admin/${module}`);
    if (module === "key-management")
      await page
        .getByRole("button", { name: new RegExp(ready) })
        .first()
        .waitFor();
    else await page.getByTestId(ready).waitFor();
    await dismissToasts(page);
    await audit(page, `Admin, ${module}`, findings);
  }
}

/** Every admin module and its dialogs. */
async function walkAdminScreens(page: Page, findings: Finding[]) {
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  await page.getByTestId("stat-pastes").waitFor();
  await dismissToasts(page);
  await audit(page, "Admin, dashboard", findings);

  await page.goto(`${app.baseUrl}/admin/text-management`);
  const pasteRow = page.getByTestId("paste-row-a11y-md");
  await pasteRow.waitFor();
  await audit(page, "Admin, texts", findings);
  await pasteRow.getByRole("checkbox").check();
  await audit(page, "Admin, texts with a selection", findings);
  await pasteRow.getByRole("checkbox").uncheck();
  for (const [action, name] of [
    ["Preview", "preview dialog"],
    ["Edit", "edit dialog"],
    ["Delete", "delete dialog"],
  ] as const) {
    await page.getByRole("button", { name: `${action} a11y-md` }).click();
    await page.getByRole("dialog").waitFor();
    await audit(page, `Admin, texts, ${name}`, findings);
    await closeDialog(page);
  }
  await page.getByRole("button", { name: "Clear expired" }).click();
  await page.getByRole("dialog").waitFor();
  await audit(page, "Admin, texts, clear expired dialog", findings);
  await closeDialog(page);

  await page.goto(`${app.baseUrl}/admin/file-management`);
  await page.getByTestId("file-table").waitFor();
  await audit(page, "Admin, files", findings);
  for (const [action, name] of [
    ["Edit", "edit dialog"],
    ["Delete", "delete dialog"],
  ] as const) {
    await page
      .getByRole("button", { name: `${action} notes.txt` })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await audit(page, `Admin, files, ${name}`, findings);
    await closeDialog(page);
  }

  await page.goto(`${app.baseUrl}/admin/storage-config`);
  await page.getByTestId("storage-list").waitFor();
  await audit(page, "Admin, storage", findings);
  await page.getByTestId("add-storage").first().click();
  await page.getByTestId("storage-form").waitFor();
  await audit(page, "Admin, storage, form dialog", findings);
  await closeDialog(page);
  await page.getByTestId("test-storage").first().click();
  await page.getByTestId("storage-test-verdict").waitFor();
  await audit(page, "Admin, storage, test dialog", findings);
  await closeDialog(page);
  await page.getByTestId("delete-storage").first().click();
  await page.getByRole("dialog").waitFor();
  await audit(page, "Admin, storage, delete dialog", findings);
  await closeDialog(page);

  await page.goto(`${app.baseUrl}/admin/mount-management`);
  await page.getByTestId("mount-list").waitFor();
  await audit(page, "Admin, mounts", findings);
  await page.getByTestId("add-mount").first().click();
  await page.getByTestId("mount-form").waitFor();
  await audit(page, "Admin, mounts, form dialog", findings);
  await closeDialog(page);
  await page.getByTestId("mount-delete").first().click();
  await page.getByRole("dialog").waitFor();
  await audit(page, "Admin, mounts, delete dialog", findings);
  await closeDialog(page);

  await page.goto(`${app.baseUrl}/admin/key-management`);
  await page.getByRole("button", { name: "Create key" }).first().waitFor();
  await audit(page, "Admin, keys, none yet", findings);
  await page.getByRole("button", { name: "Create key" }).first().click();
  const form = page.getByRole("dialog", { name: "Create API key" });
  await form.waitFor();
  await audit(page, "Admin, keys, create dialog", findings);
  await form.getByLabel("Name").fill("Backup script");
  await form.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByRole("dialog", { name: "Copy your new API key" });
  await reveal.waitFor();
  await audit(page, "Admin, keys, new key dialog", findings);
  await reveal.getByRole("button", { name: "I have copied it" }).click();
  await reveal.waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Edit key Backup script" }).first().waitFor();
  await dismissToasts(page);
  await audit(page, "Admin, keys", findings);

  await page.goto(`${app.baseUrl}/admin/settings`);
  await page.getByTestId("save-system-settings").waitFor();
  await page.getByTestId("about-version").waitFor();
  await audit(page, "Admin, settings", findings);
}

describe("accessibility: axe-core finds no violation", () => {
  test("public screens (Home and Upload signed out, login, paste and file pages, not found), English", async () => {
    const { page, context } = await openPage();
    const findings: Finding[] = [];
    await walkPublicScreens(page, shares, findings, "en");
    console.log("public screens, English", countByTheme(findings));
    expect(report(findings)).toEqual([]);
    await context.close();
  });

  test("signed in: Home, Upload, the mount explorer and every admin module with its dialogs, English", async () => {
    const { page, context } = await openPage();
    await signIn(page);
    const findings: Finding[] = [];
    try {
      await walkSignedInScreens(page, findings);
      await walkAdminScreens(page, findings);
    } finally {
      console.log(report(findings).join("\n"));
    }
    console.log("signed-in screens, English", countByTheme(findings));
    expect(report(findings)).toEqual([]);
    await context.close();
  });

  test("the live clipboard: the rooms screen and a room with a text and an image, English and Chinese", async () => {
    for (const language of ["en", "zh"] as const) {
      const { page, context } = await openPage({ locale: language === "zh" ? "zh-CN" : "en-US" });
      await signIn(page, language);
      const findings: Finding[] = [];
      await page.goto(`${app.baseUrl}/clipboard`);
      await page.getByTestId("clipboard-create").waitFor();
      await audit(page, `clipboard rooms (${language})`, findings);
      await page.getByTestId("clipboard-create").click();
      await page.waitForURL(/\/clipboard\/[A-Za-z0-9_-]{22}#/, { timeout: 60_000 });
      await page.locator('[data-testid="clipboard-status"][data-status="online"]').waitFor({ timeout: 60_000 });
      await page.locator("#clipboard-text").fill("a11y text item");
      await page.getByTestId("clipboard-send").click();
      await page
        .getByTestId("clipboard-file")
        .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG }]);
      await page.getByTestId("clipboard-item-image").waitFor({ timeout: 30_000 });
      await audit(page, `clipboard room (${language})`, findings);
      console.log(report(findings).join("\n"));
      expect(report(findings)).toEqual([]);
      await context.close();
    }
  });

  test("in Chinese: the public screens, Home, the explorer and every admin module", async () => {
    await apiData("POST", "/admin/api-keys", { name: "Sync job", text_permission: true });
    const { page, context } = await openPage({ locale: "zh-CN" });
    const findings: Finding[] = [];
    try {
      // Shares of its own: the English pass used up the one-view paste, and a used-up paste goes away.
      await walkPublicScreens(page, await makeShares("a11y-zh"), findings, "zh");
      await signIn(page, "zh");
      await walkChineseSignedInScreens(page, findings);
    } finally {
      console.log(report(findings).join("\n"));
    }
    console.log("Chinese", countByTheme(findings));
    expect(report(findings)).toEqual([]);
    await context.close();
  });
});
