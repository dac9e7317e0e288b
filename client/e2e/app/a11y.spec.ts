// Accessibility of every screen, measured with axe-core in real Chromium, from lists the app itself
// keeps rather than a hand-picked few: every route of the router's table (client/src/routes.ts, each
// admin module of ADMIN_MODULES) in the states a user meets there, and on each state every dialog,
// drawer, menu, disclosure and tab it offers, found by what the controls declare (a dialog's opener
// carries its name from components/dialogs/dialog-names.ts; menus and disclosures are buttons with
// aria-expanded; tabs have role="tab"). Each is checked in the light and the dark theme, at 1280 and
// 375 px, in English and in Chinese, one look per language (lookOf); the run fails on a violation of any impact (critical to minor,
// best practices included), named by state, look, rule and element, and when a dialog of the
// registry was never reached. No rule is switched off (docs/accessibility.md).
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { encryptText, generateLinkKey } from "@shared/encryption/encrypted-share";
import { resources } from "@shared/i18n/resources";
import type { Page } from "playwright-core";
import {
  DIALOG_NAME_ATTRIBUTE,
  DIALOG_NAMES,
  type DialogName,
  OPENS_DIALOG_ATTRIBUTE,
} from "../../src/components/dialogs/dialog-names";
import { ADMIN_MODULES, type AdminModule, type ROUTES } from "../../src/routes";
import { tinyPdf } from "../kit/fixtures";
import {
  DESKTOP,
  e2eSpec,
  injectAxe,
  LOOKS,
  PHONE,
  saveShot,
  showLook,
  startHomeEditor,
  stillPage,
  waitForAnimations,
} from "../kit/harness";
import { pasteIntoHomeEditor } from "../kit/pages";

// One language's walk takes minutes on a loaded 2-core machine; each test prints its duration.
setDefaultTimeout(1_800_000);

// E2E_SHOTS=1 saves a screenshot of every state in every look into client/e2e/shots/a11y/, to look at by eye.

type Language = "en" | "zh";
type Finding = { state: string; look: string; rule: string; impact: string; targets: string[]; summary: string };

const { app, addMount, apiData, token, openPage, openAdminPage } = e2eSpec(import.meta.path);

beforeAll(async () => {
  await addMount({ name: "Docs", path: "/docs", folder: "a11y-docs" });
  await apiData("POST", "/admin/fs/update", {
    path: "/docs/notes.md",
    content: `# Notes\n\n- one\n- [ ] two\n\n${CODE_BLOCK}`,
  });
  await apiData("POST", "/admin/fs/update", { path: "/docs/todo.txt", content: "buy milk\n" });
  await apiData("POST", "/admin/fs/mkdir", { path: "/docs/archive" });
  // One finished server task, so the tasks module lists one (and offers its files dialog).
  const copy = await apiData("POST", "/admin/fs/tasks", {
    type: "copy",
    items: [{ sourcePath: "/docs/todo.txt", targetPath: "/docs/copied/" }],
  });
  for (let tries = 0; (await apiData("GET", `/admin/fs/tasks/${copy.task_id}`)).status !== "completed"; tries++) {
    if (tries > 120) throw new Error("the copy did not finish");
    await Bun.sleep(250);
  }
  // One backup archive, so the backups module lists one (and offers its delete dialog).
  await apiData("POST", "/admin/backups", { passphrase: null, include_objects: false });
  for (let tries = 0; (await apiData("GET", "/admin/backups")).archives.length === 0; tries++) {
    if (tries > 120) throw new Error("the backup did not finish");
    await Bun.sleep(250);
  }
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

/** A 2x2 PNG, enough for the image preview. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

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
  // A folder shared in place: its page lists what is in it.
  await apiData("POST", "/admin/fs/mkdir", { path: `/docs/${prefix}-shared` });
  await apiData("POST", "/admin/fs/update", { path: `/docs/${prefix}-shared/readme.txt`, content: "inside\n" });
  const folder = (await apiData("POST", "/admin/fs/share", { path: `/docs/${prefix}-shared` })).slug as string;
  // Upload requests into a folder of the mount: one open with a note, one behind a password.
  await apiData("POST", "/admin/fs/mkdir", { path: `/docs/${prefix}-inbox` });
  const inbox = { path: `/docs/${prefix}-inbox`, max_files: 5, max_file_size: 1_000_000, max_total_size: 5_000_000 };
  const request = (await apiData("POST", "/upload-requests", { ...inbox, note: "Please send the scans." }))
    .slug as string;
  const lockedRequest = (await apiData("POST", "/upload-requests", { ...inbox, password: "open-sesame-42" }))
    .slug as string;
  return { prefix, text, image, pdf, markdown, locked, linkKey, folder, request, lockedRequest };
}

/** A text of the interface in a language, as the app shows it (controls are found by what they say). */
function tx(language: Language, key: string, values: Record<string, string> = {}): string {
  // biome-ignore lint/suspicious/noExplicitAny: walked key by key.
  let node: any = resources[language].translation;
  for (const part of key.split(".")) node = node?.[part];
  if (typeof node !== "string") throw new Error(`no text ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/**
 * Runs axe-core on the page in each look and records every violation, whatever its impact, and the
 * registered dialogs open at the time. Transitions are stopped first: a colour measured halfway
 * through a theme fade is neither theme's.
 */
async function audit(page: Page, state: string, run: Run) {
  await page.evaluate(() => {
    if (document.getElementById("a11y-still")) return;
    const style = document.createElement("style");
    style.id = "a11y-still";
    style.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
    document.head.append(style);
  });
  await injectAxe(page);
  const restore = page.viewportSize() ?? DESKTOP;
  for (const look of [lookOf(run)]) {
    await showLook(page, look);
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
    await saveShot(
      import.meta.path,
      page,
      `${run.language}-${state}-${look.name}`.replace(/[^a-z0-9]+/gi, "-").toLowerCase(),
    );
    for (const violation of violations) {
      run.findings.push({
        state,
        look: look.name,
        rule: violation.rule,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target),
        summary: `${violation.help}: ${violation.nodes[0]?.summary ?? ""}`,
      });
    }
  }
  for (const name of await page.evaluate(
    (attribute) => [...document.querySelectorAll(`[${attribute}]`)].map((panel) => panel.getAttribute(attribute) ?? ""),
    DIALOG_NAME_ATTRIBUTE,
  ))
    run.dialogsSeen.add(name);
  run.audits += 1;
  await page.setViewportSize(restore);
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * The look of a language's next audit. Each state (and each dialog, menu or tab) is audited once per
 * language, not in all four looks: English takes desktop light, phone dark, phone light and desktop
 * dark in turn, and Chinese, walking the same states in the same order, the other width and the other
 * theme at each step. So every state is seen at both widths, in both themes and in both languages, and
 * each language sees every look on a quarter of the states, in a quarter of the time four looks per
 * state took (docs/accessibility.md).
 */
function lookOf(run: Run): (typeof LOOKS)[number] {
  const english = ["desktop-light", "phone-dark", "phone-light", "desktop-dark"] as const;
  const opposite = {
    "desktop-light": "phone-dark",
    "phone-dark": "desktop-light",
    "phone-light": "desktop-dark",
    "desktop-dark": "phone-light",
  } as const;
  const name = english[run.audits % english.length] ?? "desktop-light";
  const wanted = run.language === "en" ? name : opposite[name];
  return LOOKS.find((look) => look.name === wanted) ?? LOOKS[0];
}

function report(findings: Finding[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.state} [${finding.look}] ${finding.rule} (${finding.impact}) ${finding.targets.join(" | ")} — ${finding.summary}`,
  );
}

async function dismissToasts(page: Page, language: Language) {
  const dismiss = page.getByRole("button", { name: tx(language, "toast.dismiss") });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** One language's walk: its findings, the dialogs it saw open and the controls it already opened. */
type Run = {
  language: Language;
  findings: Finding[];
  dialogsSeen: Set<string>;
  opened: Set<string>;
  audits: number;
};

/** Marks the controls a state offers (in `scope`, visible now and enabled) with an index, and returns them. */
/** Numbers each call's marks apart: a dialog's controls are marked while its page's are still in use. */
let markBatch = 0;

async function offeredControls(page: Page, scope: string | null) {
  markBatch += 1;
  return page.evaluate(
    ({ scope, opensAttribute, batch }) => {
      const root = scope ? document.querySelector(scope) : document;
      if (!root) return [];
      const isOffered = (element: Element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          element.checkVisibility({ visibilityProperty: true }) &&
          !element.matches(":disabled, [aria-disabled='true']") &&
          !element.closest("[inert], [aria-hidden='true']")
        );
      };
      const found: { kind: "dialog" | "expand" | "tab"; key: string; mark: string }[] = [];
      let index = 0;
      const mark = (element: Element, kind: "dialog" | "expand" | "tab", key: string) => {
        const id = `${batch}-${index}`;
        element.setAttribute("data-a11y-control", id);
        found.push({ kind, key, mark: id });
        index += 1;
      };
      for (const element of root.querySelectorAll(`[${opensAttribute}]`))
        if (isOffered(element)) mark(element, "dialog", element.getAttribute(opensAttribute) ?? "");
      for (const element of root.querySelectorAll('button[aria-expanded="false"]'))
        if (isOffered(element) && !element.hasAttribute(opensAttribute))
          mark(
            element,
            "expand",
            element.getAttribute("data-testid") ??
              `${element.getAttribute("aria-haspopup") ?? "disclosure"} ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim()}`,
          );
      for (const element of root.querySelectorAll('[role="tab"][aria-selected="false"]'))
        if (isOffered(element)) mark(element, "tab", (element.textContent ?? "").trim());
      return found;
    },
    { scope, opensAttribute: OPENS_DIALOG_ATTRIBUTE, batch: markBatch },
  );
}

type Control = Awaited<ReturnType<typeof offeredControls>>[number];

/**
 * Clicks a control the walk marked, and answers it as marked when clicked. A screen that draws a part
 * anew (a list loaded or refetched) drops the walk's marks with the old elements, so a click that finds
 * nothing marks the state's controls again and clicks the one of the same kind and key (a loaded CI run
 * lost a mark between the visibility check and the click). Null when the state no longer offers it.
 */
async function clickControl(page: Page, control: Control, scope: string | null): Promise<Control | null> {
  let current: Control | undefined = control;
  for (let attempt = 1; ; attempt++) {
    try {
      await page.locator(`[data-a11y-control="${current.mark}"]`).click({ timeout: 5_000 });
      return current;
    } catch (error) {
      if (attempt === 3) throw error;
    }
    const same = (offered: Control) => offered.kind === control.kind && offered.key === control.key;
    current = (await offeredControls(page, scope)).find(same);
    if (!current) return null;
  }
}

/**
 * Opens, audits and closes every dialog, menu, disclosure and tab the state offers that this walk has
 * not opened yet (each once per language), at the desktop width and then at the phone's, where other
 * controls show (the header's menu, the admin's module switcher). Inside a dialog, what it offers too.
 */
async function exploreState(page: Page, state: string, run: Run, scope: string | null = null) {
  const restore = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const offered of await offeredControls(page, scope)) {
      const key = `${offered.kind}:${offered.key}`;
      if (run.opened.has(key)) continue;
      // Not marked opened while hidden: a control redrawn at this instant (a list updated, a toolbar
      // sliding in), or shown only at the other width, is opened where it shows next. A CI run marked
      // the explorer's Share and Copy to opened while hidden and never audited their dialogs.
      if (!(await page.locator(`[data-a11y-control="${offered.mark}"]`).isVisible())) continue;
      run.opened.add(key);
      const where = `${state} › ${offered.kind} ${offered.key}`;
      const control = await clickControl(page, offered, scope);
      if (!control) {
        run.opened.delete(key);
        continue;
      }
      const locator = page.locator(`[data-a11y-control="${control.mark}"]`);
      if (control.kind === "dialog") {
        const panel = page.locator(`[${DIALOG_NAME_ATTRIBUTE}="${control.key}"]`);
        await panel.waitFor();
        await waitForAnimations(page);
        await audit(page, where, run);
        await exploreState(page, where, run, `[${DIALOG_NAME_ATTRIBUTE}="${control.key}"]`);
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "detached" });
      } else if (control.kind === "expand") {
        await page.waitForFunction(
          (mark) => document.querySelector(`[data-a11y-control="${mark}"]`)?.getAttribute("aria-expanded") !== "false",
          control.mark,
        );
        await waitForAnimations(page);
        await audit(page, where, run);
        await page.keyboard.press("Escape");
        // A disclosure stays open on Escape unless it handles it: its button closes it.
        if ((await locator.getAttribute("aria-expanded")) === "true" && (await locator.isVisible()))
          await locator.click();
      } else {
        await page.waitForFunction(
          (mark) => document.querySelector(`[data-a11y-control="${mark}"]`)?.getAttribute("aria-selected") === "true",
          control.mark,
        );
        await audit(page, where, run);
      }
    }
  }
  await page.setViewportSize(restore);
}

/** A state of a route: who looks (a visitor, or the signed-in admin), where, and what they did there. */
type State = {
  name: string;
  who: "visitor" | "admin";
  path: string;
  /** What the user does after the page loads, ending when the state shows. */
  reach: (page: Page, language: Language) => Promise<unknown>;
};

function entry(page: Page, name: string) {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

/** What each admin module shows once loaded: typed by the module list, so a new module needs its entry. */
const ADMIN_MODULE_READY: Record<AdminModule, (page: Page, prefix: string) => Promise<unknown>> = {
  dashboard: (page) => page.getByTestId("stat-pastes").waitFor(),
  "text-management": (page, prefix) => page.getByTestId(`paste-row-${prefix}-md`).waitFor(),
  "file-management": (page) => page.getByTestId("file-table").waitFor(),
  "storage-config": (page) => page.getByTestId("storage-list").waitFor(),
  "mount-management": (page) => page.getByTestId("mount-list").waitFor(),
  // The folder makeShares shares in place is listed.
  "shared-links": (page) => page.getByTestId("shared-link-list").waitFor(),
  "key-management": (page) => page.locator(`[${OPENS_DIALOG_ATTRIBUTE}="key-form"]`).first().waitFor(),
  settings: (page) => page.getByTestId("about-version").waitFor(),
  security: (page) => page.getByTestId("session-row").first().waitFor(),
  backups: (page) => page.getByTestId("backup-archive").first().waitFor(),
  // The admin's sign-ins and the setup's changes are listed.
  "audit-log": (page) => page.getByTestId("audit-list").waitFor(),
  // The walk takes no WebDAV lock: the module says there is none.
  "dav-locks": (page) =>
    page
      .getByRole("heading", { name: tx("en", "davLocks.empty.title") })
      .or(page.getByRole("heading", { name: tx("zh", "davLocks.empty.title") }))
      .waitFor(),
  "upload-requests": (page) => page.getByTestId("upload-request-list").waitFor(),
  // The copy the setup ran is listed (and offers its files dialog).
  tasks: (page) => page.locator("li[data-testid^='task-']").first().waitFor(),
  // The setup's backup ran as the backup job: its result is shown in words.
  jobs: (page) => page.getByTestId("job-backup").getByTestId("job-result").waitFor(),
};

/**
 * The states of every route, typed by the route table: a route added to ROUTES without states here
 * does not compile. Dialogs, menus and tabs are not listed: exploreState finds them on each state.
 */
function routeStates(shares: Shares, room: { path: string }): Record<keyof typeof ROUTES, State[]> {
  const at = (name: string, who: State["who"], path: string, reach: State["reach"]): State => ({
    name,
    who,
    path,
    reach,
  });
  const p = shares.prefix;
  return {
    home: [
      at("signed out", "visitor", "/", (page) => page.getByTestId("login-prompt").waitFor()),
      at("empty, the plain text area", "admin", "/", (page) => page.getByTestId("plain-editor").waitFor()),
      at("the source editor with Markdown", "admin", "/", async (page) => {
        // Pasted as a clipboard would: a list, a task list and a code block with a long line.
        await pasteIntoHomeEditor(page, `# Trip notes\n\n- pack\n- [x] book\n\n${CODE_BLOCK}`);
      }),
      at("the share result", "admin", "/", async (page, language) => {
        await startHomeEditor(page);
        await page.keyboard.type("a note to share");
        await page.getByRole("button", { name: tx(language, "pastes.create.submit") }).click();
        await page.getByTestId("share-result").waitFor();
      }),
      at("an encrypted link left before copying it", "admin", "/", async (page, language) => {
        await startHomeEditor(page);
        await page.keyboard.type("a sealed note");
        await page.getByRole("switch", { name: tx(language, "pastes.options.encrypt") }).click();
        await page.getByRole("button", { name: tx(language, "pastes.create.submit") }).click();
        await page.getByTestId("share-result").waitFor();
        await page.getByRole("button", { name: tx(language, "pastes.result.createAnother") }).click();
        await page.locator(`[${DIALOG_NAME_ATTRIBUTE}="paste-leave"]`).waitFor();
      }),
    ],
    upload: [
      at("signed out", "visitor", "/upload", (page) => page.getByTestId("upload-login-prompt").waitFor()),
      at("empty", "admin", "/upload", (page) => page.getByTestId("drop-zone").waitFor()),
      at("a file queued", "admin", "/upload", async (page) => {
        await page
          .getByTestId("file-input")
          .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG }]);
        await page.getByTestId("upload-row").first().waitFor();
      }),
      at("a file uploaded", "admin", "/upload", async (page) => {
        await page
          .getByTestId("file-input")
          .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG }]);
        await page.getByTestId("start-uploads").click();
        await page.locator('[data-testid="upload-row"][data-status="success"]').waitFor();
      }),
    ],
    admin: [
      at("login", "visitor", "/admin", (page, language) =>
        page.getByLabel(tx(language, "auth.login.username")).waitFor(),
      ),
      at("login, wrong password", "visitor", "/admin", async (page, language) => {
        await page.getByLabel(tx(language, "auth.login.username")).fill("admin");
        const password = page.getByLabel(tx(language, "auth.login.password"), { exact: true });
        await password.fill("not-the-password");
        await password.press("Enter");
        await page.getByRole("alert").first().waitFor();
      }),
      at("the default module", "admin", "/admin", (page) => ADMIN_MODULE_READY.dashboard(page, p)),
    ],
    adminModule: [
      ...ADMIN_MODULES.map((module) =>
        at(module, "admin", `/admin/${module}`, (page) => ADMIN_MODULE_READY[module](page, p)),
      ),
      at("key-management, a new key shown once", "admin", "/admin/key-management", async (page, language) => {
        await page.locator(`[${OPENS_DIALOG_ATTRIBUTE}="key-form"]`).first().click();
        const form = page.locator(`[${DIALOG_NAME_ATTRIBUTE}="key-form"]`);
        await form.getByLabel(tx(language, "apiKeys.form.name")).fill(`Backup script ${language}`);
        await form.getByRole("button", { name: tx(language, "apiKeys.form.submitCreate") }).click();
        await page.locator(`[${DIALOG_NAME_ATTRIBUTE}="key-reveal"]`).waitFor();
      }),
      at("key-management, a key selected", "admin", "/admin/key-management", async (page, language) => {
        await page.getByRole("checkbox").last().check();
        await page.locator(`[${OPENS_DIALOG_ATTRIBUTE}="key-delete"]:not(:disabled)`).first().waitFor();
        void language;
      }),
      at("an unknown module", "visitor", "/admin/no-such-module", (page) =>
        page.getByRole("heading", { level: 1 }).waitFor(),
      ),
    ],
    paste: [
      at("plain text", "visitor", `/paste/${p}-plain`, (page) => page.getByTestId("plain-body").waitFor()),
      at("Markdown", "visitor", `/paste/${p}-md`, (page) => page.getByTestId("markdown-body").waitFor()),
      at("password prompt", "visitor", `/paste/${p}-locked`, (page) => page.getByTestId("password-prompt").waitFor()),
      at("used up", "visitor", `/paste/${p}-once`, (page) => page.getByTestId("paste-limitReached").waitFor()),
      at("encrypted, decrypted", "visitor", `/paste/${p}-sealed#${shares.linkKey}`, (page) =>
        page.getByTestId("paste-document").getByRole("heading", { name: "Sealed notes" }).waitFor(),
      ),
      at("encrypted, password prompt", "visitor", `/paste/${p}-sealed-locked#${shares.linkKey}`, (page) =>
        page.getByTestId("password-prompt").waitFor(),
      ),
      at("encrypted, lost key", "visitor", `/paste/${p}-sealed`, (page) =>
        page.getByTestId("paste-missingKey").waitFor(),
      ),
    ],
    file: [
      at("text preview", "visitor", `/file/${shares.text}`, (page) => page.getByTestId("text-preview").waitFor()),
      at("image preview", "visitor", `/file/${shares.image}`, (page) => page.getByTestId("image-preview").waitFor()),
      at("PDF preview", "visitor", `/file/${shares.pdf}`, (page) => page.getByTestId("pdf-preview").waitFor()),
      at("Markdown preview", "visitor", `/file/${shares.markdown}`, (page) =>
        page.getByTestId("markdown-body").waitFor(),
      ),
      at("password prompt", "visitor", `/file/${shares.locked}`, (page) =>
        page.getByTestId("file-password-prompt").waitFor(),
      ),
      at("gone", "visitor", "/file/no-such-file", (page) => page.getByTestId("file-notFound").waitFor()),
    ],
    share: [
      at("a shared folder", "visitor", `/s/${shares.folder}`, (page) => page.getByTestId("share-items").waitFor()),
    ],
    uploadRequest: [
      at("the note and the file picker", "visitor", `/r/${shares.request}`, (page) =>
        page.getByTestId("request-note").waitFor(),
      ),
      at("a file sent, with its receipt", "visitor", `/r/${shares.request}`, async (page) => {
        await page
          .getByTestId("request-files")
          .setInputFiles([{ name: "scan.png", mimeType: "image/png", buffer: TINY_PNG }]);
        await page.getByTestId("request-receipt").getByText("scan.png").first().waitFor();
      }),
      at("password prompt", "visitor", `/r/${shares.lockedRequest}`, (page) =>
        page.getByTestId("request-password").waitFor(),
      ),
      at("gone", "visitor", "/r/no-such-request", (page) => page.getByTestId("request-problem").waitFor()),
    ],
    mountExplorer: [at("the mounts", "admin", "/mount-explorer", (page) => entry(page, "docs").waitFor())],
    mountExplorerPath: [
      at("a folder, listed", "admin", "/mount-explorer/docs", (page) => entry(page, "notes.md").waitFor()),
      at("a folder, as a grid", "admin", "/mount-explorer/docs", async (page, language) => {
        await entry(page, "notes.md").waitFor();
        await page.getByRole("button", { name: tx(language, "explorer.view.grid") }).click();
        await page.getByTestId("entry-grid").waitFor();
      }),
      at("a row selected, in the basket", "admin", "/mount-explorer/docs", async (page) => {
        await entry(page, "notes.md").getByRole("checkbox").check();
        await page.getByTestId("add-to-basket-button").click();
      }),
      at("search results", "admin", "/mount-explorer/docs", async (page) => {
        await page.getByTestId("explorer-search").locator('input[type="search"]').fill("no");
        await page.getByTestId("explorer-search").locator('button[type="submit"]').click();
        await page.getByTestId("search-results").getByRole("link").first().waitFor();
      }),
    ],
    clipboard: [at("the rooms", "admin", "/clipboard", (page) => page.getByTestId("clipboard-create").waitFor())],
    clipboardRoom: [
      at("a room with a text and an image", "admin", room.path, async (page) => {
        await page.locator('[data-testid="clipboard-status"][data-status="online"]').waitFor({ timeout: 60_000 });
        await page.getByTestId("clipboard-item-image").waitFor({ timeout: 30_000 });
      }),
    ],
  };
}

/** A live clipboard room holding a text and an image, made through the UI (its key lives in the link). */
async function makeRoom(page: Page): Promise<{ path: string }> {
  await page.goto(`${app.baseUrl}/clipboard`);
  await page.getByTestId("clipboard-create").click();
  await page.waitForURL(/\/clipboard\/[A-Za-z0-9_-]{22}#/, { timeout: 60_000 });
  await page.locator('[data-testid="clipboard-status"][data-status="online"]').waitFor({ timeout: 60_000 });
  await page.locator("#clipboard-text").fill("a11y text item");
  await page.getByTestId("clipboard-send").click();
  await page
    .getByTestId("clipboard-file")
    .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG }]);
  await page.getByTestId("clipboard-item-image").waitFor({ timeout: 30_000 });
  const url = new URL(page.url());
  return { path: `${url.pathname}${url.hash}` };
}

/** Walks every state of every route in one language, in one browser with a page per kind of user. */
async function walkEverything(language: Language) {
  const started = performance.now();
  const locale = language === "zh" ? "zh-CN" : "en-US";
  const visitor = await openPage({ locale });
  const admin = await openAdminPage({ locale });
  const run: Run = { language, findings: [], dialogsSeen: new Set(), opened: new Set(), audits: 0 };
  const shares = await makeShares(`a11y-${language}`);
  const room = await makeRoom(admin.page);
  try {
    for (const [route, states] of Object.entries(routeStates(shares, room))) {
      for (const state of states) {
        const page = state.who === "admin" ? admin.page : visitor.page;
        // A new document each time (a fragment change alone would not load the page again).
        await page.goto("about:blank");
        await page.goto(`${app.baseUrl}${state.path}`);
        const name = `${route}: ${state.name}`;
        await state.reach(page, language).catch(async (error: Error) => {
          // What the page showed instead names the cause (a timeout alone says only what was awaited).
          const shown = ((await page.locator("body").textContent()) ?? "").replace(/\s+/g, " ").slice(0, 400);
          throw new Error(`${name} (${language}) was not reached: ${error.message}\nThe page showed: ${shown}`);
        });
        if ((await page.locator("[role=dialog]").count()) === 0) await dismissToasts(page, language);
        await audit(page, name, run);
        if ((await page.locator("[role=dialog]").count()) === 0) await exploreState(page, name, run);
      }
    }
  } finally {
    console.log(report(run.findings).join("\n"));
    await visitor.context.close();
    await admin.context.close();
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`${language}: ${run.audits} states audited, one look each, ${seconds} s`);
  return run;
}

// axe measures colours as they are, and nothing in the walk rests the pointer on a control: a hover
// colour is checked here, on the primary button (the one with white text on a coloured fill).
test("the primary button keeps its contrast under the pointer, in both themes", async () => {
  const { page, context } = await openPage({ locale: "en-US" });
  try {
    await page.goto(`${app.baseUrl}/`);
    const primary = page.getByTestId("login-prompt").getByRole("link", { name: "Log in" });
    await primary.waitFor();
    await stillPage(page);
    await injectAxe(page);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains("dark") === dark,
        scheme === "dark",
      );
      const resting = await primary.evaluate((element) => getComputedStyle(element).backgroundColor);
      await primary.hover();
      // The hover colour is in place (no transition runs on a still page).
      expect(await primary.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(resting);
      const contrast = await primary.evaluate(async (element) => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
        const result = await (window as any).axe.run(element, { runOnly: ["color-contrast"] });
        return result.violations.length + result.incomplete.length;
      });
      expect(`${scheme}: ${contrast}`).toBe(`${scheme}: 0`);
      await page.mouse.move(0, 0);
    }
  } finally {
    await context.close();
  }
});

describe("accessibility: axe-core finds no violation on any state, dialog, menu or tab", () => {
  for (const language of ["en", "zh"] as const) {
    test(`every route and what it opens, in ${language === "en" ? "English" : "Chinese"}`, async () => {
      const run = await walkEverything(language);
      expect(report(run.findings)).toEqual([]);
      // Every dialog of the registry was open in an audit.
      expect(DIALOG_NAMES.filter((name: DialogName) => !run.dialogsSeen.has(name))).toEqual([]);
    });
  }
});
