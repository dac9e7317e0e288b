// Screens that tell what happened and keep what the user had (docs/product.md §4), in a real
// browser against the real server with local storage: the Upload page's "used" figure after an
// upload, "Log in" from a Home draft returning to the draft, one content type for a `.py` file in the
// explorer and on its share page, content types wrapping only between words, explorer uploads over
// the size limit refused before any byte moves with the reason in the toast, toasts clear of primary
// actions and the task drawer (bounding boxes, desktop and 390x844), a menu on every explorer row,
// the task list kept across a reload, and the Chinese interface without English leftovers.
// Each screen touched is checked for layout at 375 px and desktop, light and dark (harness layoutCheck).
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import {
  DESKTOP,
  E2E_ADMIN_PASSWORD,
  e2eSpec,
  layoutCheck,
  PHONE,
  saveShot,
  signInAsAdmin,
  startHomeEditor,
  waitForAnimations,
} from "../kit/harness";
import { throttleUploads } from "../kit/pages";

setDefaultTimeout(180_000);

const { app, addMount, api, token, openPage } = e2eSpec(import.meta.path);

/** The phone the issue measured on. */
const TALL_PHONE = { width: 390, height: 844 } as const;
const PYTHON = 'print("hello from pastebox")\n';

beforeAll(async () => {
  await addMount({ name: "Docs", path: "/docs" });
});

function realErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith("Failed to load resource"));
}

async function openAsAdmin(options: Parameters<typeof openPage>[0] = {}) {
  const opened = await openPage(options);
  // The browser's session is a cookie (docs/decisions/0009-browser-session-cookie.md): signed in as the web login does it.
  await signInAsAdmin(opened.context, app);
  await opened.page.goto(`${app.baseUrl}/`);
  return opened;
}

const checkLayouts = layoutCheck(import.meta.path);

function entry(page: Page, name: string): Locator {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

describe("stale and lost state (item 7)", () => {
  test("Upload's used figure follows an upload", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/upload`);
    const select = page.getByTestId("storage-select");
    await select.waitFor();
    const hint = page.locator(`[id="${await select.getAttribute("aria-describedby")}"]`);
    await page.waitForFunction(
      (id) => /used|free/.test(document.getElementById(id as string)?.textContent ?? ""),
      await select.getAttribute("aria-describedby"),
    );
    const before = await hint.textContent();
    await page.getByTestId("file-input").setInputFiles({
      name: "used-figure.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(300 * 1024, 7),
    });
    await page.getByRole("button", { name: "Upload used-figure.bin" }).click();
    await page.waitForSelector('[data-name="used-figure.bin"][data-status="success"]', { timeout: 60_000 });
    await page.waitForFunction(
      ([id, old]) => (document.getElementById(id as string)?.textContent ?? old) !== old,
      [await select.getAttribute("aria-describedby"), before] as const,
      { timeout: 30_000 },
    );
    expect(await hint.textContent()).not.toBe(before);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("Log in from a Home draft comes back to the draft, not the dashboard", async () => {
    const { context, page, errors } = await openPage();
    await page.goto(app.baseUrl);
    await startHomeEditor(page);
    await page.keyboard.type("A draft written before logging in");
    const prompt = page.getByTestId("login-prompt");
    await prompt.getByRole("link", { name: "Log in" }).click();
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL(`${app.baseUrl}/`, { timeout: 30_000 });
    await page.getByRole("button", { name: "Create share link" }).waitFor();
    // Back on Home the draft is in the plain text area (the source editor loads when it is used again).
    await page.waitForFunction(
      () =>
        document
          .querySelector<HTMLTextAreaElement>('[data-testid="plain-editor"] textarea')
          ?.value.includes("A draft written before logging in"),
      undefined,
      { timeout: 30_000 },
    );
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a .py file is text/x-python in the explorer and on its share page, and types wrap only between words", async () => {
    const { context, page, errors } = await openAsAdmin();
    // Shared from the Upload page, as a browser names a Python file.
    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("file-input").setInputFiles({
      name: "tool.py",
      mimeType: "text/x-python",
      buffer: Buffer.from(PYTHON),
    });
    await page.getByRole("button", { name: "Upload tool.py" }).click();
    await page.waitForSelector('[data-name="tool.py"][data-status="success"]', { timeout: 60_000 });
    const link = await page.locator('[data-name="tool.py"]').getByTestId("result-link").inputValue();
    await page.goto(link.replace(/^http:\/\/[^/]+/, app.baseUrl));
    expect(await page.getByTestId("media-type").textContent()).toBe("text/x-python");

    // The same file in the explorer.
    await page.goto(`${app.baseUrl}/mount-explorer/docs`);
    await page.getByTestId("upload-input").setInputFiles({
      name: "tool.py",
      mimeType: "text/x-python",
      buffer: Buffer.from(PYTHON),
    });
    await entry(page, "tool.py").waitFor({ timeout: 60_000 });
    await entry(page, "tool.py").getByRole("link", { name: "tool.py" }).click();
    const preview = page.getByTestId("preview-panel");
    await preview.waitFor();
    expect(await preview.getByTestId("media-type").textContent()).toBe("text/x-python");
    await context.close();

    // A generic type on a file page, at widths where its column is narrow: every line ends at a
    // slash, a dot or a hyphen, never inside a word ("application/octet-s" + "tream").
    const form = new FormData();
    form.append("file", new File([new Uint8Array(64)], "blob.bin", { type: "application/octet-stream" }));
    const uploaded = await fetch(`${app.baseUrl}/api/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await token()}` },
      body: form,
    });
    const slug = ((await uploaded.json()) as { data: { slug: string } }).data.slug;
    const visitor = await openPage();
    for (const width of [320, 360, 375, 390, 1024, 1280]) {
      await visitor.page.setViewportSize({ width, height: 800 });
      await visitor.page.goto(`${app.baseUrl}/file/${slug}`);
      const type = visitor.page.getByTestId("media-type");
      await type.waitFor();
      expect(await type.textContent()).toBe("application/octet-stream");
      const breaks = await type.evaluate((element) => {
        // The character before each line start, from each character's box.
        const found: string[] = [];
        const text = element.textContent ?? "";
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const boxes: { char: string; top: number }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let index = 0; index < (node.textContent ?? "").length; index++) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            boxes.push({ char: node.textContent?.[index] ?? "", top: range.getBoundingClientRect().top });
          }
        }
        for (let index = 1; index < boxes.length; index++) {
          if (Math.abs((boxes[index]?.top ?? 0) - (boxes[index - 1]?.top ?? 0)) > 2)
            found.push(`${text.slice(0, index)}|${text.slice(index)}`);
        }
        return found;
      });
      for (const at of breaks) expect(`${width}px: ${at}`).toMatch(/[/.-]\|/);
    }
    await checkLayouts(visitor.page, "file-page-type");
    expect(realErrors([...errors, ...visitor.errors])).toEqual([]);
    await visitor.context.close();
  });
});

describe("explorer upload failures (item 4)", () => {
  test("a file over the max upload size is refused before any byte moves, and the toast names it and why", async () => {
    expect((await api("PUT", "/admin/system-settings", { max_upload_size: 1 })).status).toBe(200);
    try {
      const { context, page, errors } = await openAsAdmin();
      const sent: string[] = [];
      page.on("request", (request) => {
        // Calls only: the page's own code chunks (e.g. /assets/upload-limits-*.js) are not uploads.
        if (request.resourceType() !== "fetch" && request.resourceType() !== "xhr") return;
        const url = request.url();
        if (/\/(presign|upload|multipart)/.test(url) || url.includes("fs.presign") || url.includes("fs.multipart"))
          sent.push(url);
      });
      await page.goto(`${app.baseUrl}/mount-explorer/docs`);
      await page.getByTestId("upload-button").waitFor();
      await page.getByTestId("upload-input").setInputFiles({
        name: "too-big.bin",
        mimeType: "application/octet-stream",
        buffer: Buffer.alloc(2 * 1024 * 1024, 1),
      });
      const toast = page.getByRole("alert").filter({ hasText: "too-big.bin" });
      await toast.waitFor({ timeout: 30_000 });
      const text = (await toast.textContent()) ?? "";
      expect(text).toContain("0 uploaded, 1 failed");
      expect(text).toContain("too-big.bin: The file (2 MB) exceeds the max upload size of 1 MB");
      expect(sent).toEqual([]);
      expect(await entry(page, "too-big.bin").count()).toBe(0);
      await checkLayouts(page, "explorer-upload-refused");
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    } finally {
      await api("PUT", "/admin/system-settings", { max_upload_size: 100 });
    }
  });
});

/** Visible text, tooltips, labels and placeholders of a page that hold English words and no Chinese. */
async function englishLeftovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Names and units that stay as they are in Chinese.
    const KEPT =
      /^(Pastebox|Markdown|GitHub|API|S3|WebDAV|URL|QR|PDF|ZIP|HTTP|HTTPS|SQLite|PostgreSQL|JSON|MB|KB|GB|TB|B|UTC|Bearer|ETag|CORS|ID|OK|admin|docs|tool|py|bin|txt|md)$/i;
    const isEnglish = (value: string) => {
      const text = value.trim();
      if (!text || /[\u3400-\u9fff]/.test(text)) return false;
      const words = text.match(/[A-Za-z]{3,}/g) ?? [];
      return words.some((word) => !KEPT.test(word));
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none";
    };
    const found = new Set<string>();
    // Names the admin gave (or the first boot gave, as data the admin may rename) are not interface.
    const NAMES = new Set(["Local storage", "Docs"]);
    // What the user wrote (the editor's text, file names) is theirs, not the interface's.
    const isUserContent = (element: Element) =>
      Boolean(element.closest('.cm-content, .ProseMirror, [data-testid="entry"], input, textarea, code, pre'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || isUserContent(parent) || !visible(parent)) continue;
      if (NAMES.has(node.textContent?.trim() ?? "")) continue;
      if (isEnglish(node.textContent ?? "")) found.add(`text: ${node.textContent?.trim()}`);
    }
    for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
      if (element.closest('.cm-content, .ProseMirror, [data-testid="entry"]')) continue;
      for (const name of ["title", "aria-label", "placeholder"]) {
        const value = element.getAttribute(name);
        if (value && isEnglish(value)) found.add(`${name}: ${value}`);
      }
    }
    return [...found];
  });
}

describe("Chinese everywhere (item 10)", () => {
  test("the rich editor's code-block fold markers and every screen touched speak Chinese", async () => {
    const { context, page, errors } = await openAsAdmin({ locale: "zh-CN" });
    await page.evaluate(() => {
      localStorage.setItem("language", "zh");
      localStorage.setItem(
        "paste_draft",
        JSON.stringify({
          v: 1,
          content: "# 标题\n\n```js\nfunction sum(a, b) {\n  return a + b;\n}\n```\n",
          mode: "markdown",
          slug: "",
          expiry: "never",
          maxViews: "",
          remark: "",
        }),
      );
    });
    await page.goto(`${app.baseUrl}/`);
    await startHomeEditor(page);
    expect(await englishLeftovers(page)).toEqual([]);

    // The rich editor's code block: CodeMirror's fold markers ("Fold line", then "Unfold line").
    await page.getByTestId("editor-view-rich").click();
    // Markers show on hover; the gutter's spacer is an "Unfold line" marker from the start.
    await page.waitForFunction(
      () => document.querySelectorAll(".milkdown .cm-foldGutter span[title]").length >= 2,
      undefined,
      { timeout: 30_000 },
    );
    const titles = await page.$$eval(".milkdown .cm-foldGutter span[title]", (spans) =>
      spans.map((span) => span.getAttribute("title")),
    );
    expect(titles).toContain("折叠此行");
    expect(titles).toContain("展开此行");
    expect(titles.filter((title) => title !== "折叠此行" && title !== "展开此行")).toEqual([]);
    expect(await englishLeftovers(page)).toEqual([]);

    for (const path of ["/upload", "/mount-explorer/docs", "/admin"]) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      expect(`${path}: ${(await englishLeftovers(page)).join(" | ")}`).toBe(`${path}: `);
    }
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

type BoxOf = { x: number; y: number; width: number; height: number };

function intersects(a: BoxOf, b: BoxOf): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every visible toast's box, against each target's: none may overlap. */
async function expectToastsClear(page: Page, targets: Record<string, Locator>, where: string) {
  const toasts = await page
    .locator('[data-testid="toast-region"] > [role="status"], [data-testid="toast-region"] > [role="alert"]')
    .all();
  expect(toasts.length).toBeGreaterThan(0);
  for (const toast of toasts) {
    const box = await toast.boundingBox();
    if (!box) continue;
    for (const [name, target] of Object.entries(targets)) {
      const other = await target.boundingBox();
      if (!other) continue;
      const label = `${where}: "${await toast.textContent()}" over ${name}`;
      expect(`${label}: ${intersects(box, other)}`).toBe(`${label}: false`);
    }
  }
}

describe("toasts keep clear (item 5)", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["390x844", TALL_PHONE],
  ] as const) {
    test(`${name}: the task drawer's toasts sit in its layout, clear of Clear finished and its close button`, async () => {
      const { context, page, errors } = await openAsAdmin({ viewport });
      await page.goto(`${app.baseUrl}/mount-explorer/docs`);
      await page.getByTestId("upload-button").waitFor();
      // One finished task first, so the drawer offers Clear finished.
      await page
        .getByTestId("upload-input")
        .setInputFiles({ name: `first-${name}.txt`, mimeType: "text/plain", buffer: Buffer.from("one") });
      await entry(page, `first-${name}.txt`).waitFor({ timeout: 60_000 });
      await page
        .getByTestId("upload-input")
        .setInputFiles({ name: `second-${name}.txt`, mimeType: "text/plain", buffer: Buffer.from("two") });
      await page.getByTestId("tasks-button").click();
      const panel = page.getByTestId("task-panel");
      await panel.waitFor();
      // The second upload's toast shows while the drawer is open.
      await panel.locator('[data-testid="toast-region"] [role="status"]').first().waitFor({ timeout: 30_000 });
      await panel.getByTestId("tasks-clear").waitFor();
      await waitForAnimations(page);
      await expectToastsClear(
        page,
        {
          "Clear finished": panel.getByTestId("tasks-clear"),
          "the drawer's close button": panel.getByRole("button", { name: "Close", exact: true }),
          "the newest task": panel.getByTestId("task").first(),
        },
        name,
      );
      await saveShot(import.meta.path, page, `toast-drawer-${name}`);
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });

    test(`${name}: "Back online" keeps clear of Create, wherever Create is on the screen`, async () => {
      const { context, page, errors } = await openAsAdmin({ viewport });
      await page.goto(`${app.baseUrl}/`);
      const create = page.getByRole("button", { name: "Create share link" });
      await create.waitFor();
      for (const position of ["bottom", "top"] as const) {
        await create.evaluate((element, at) => {
          const box = element.getBoundingClientRect();
          // At the bottom edge of the screen, or just under the sticky header.
          const y = at === "bottom" ? window.innerHeight - box.height - 12 : 80;
          window.scrollBy(0, box.top - y);
        }, position);
        await context.setOffline(true);
        await page.getByText("You are offline", { exact: true }).waitFor();
        await context.setOffline(false);
        await page.getByText("Back online", { exact: true }).waitFor();
        await waitForAnimations(page);
        await expectToastsClear(page, { Create: create }, `${name}, Create at the ${position}`);
        await saveShot(import.meta.path, page, `toast-online-${name}-${position}`);
        for (const dismiss of await page.getByRole("button", { name: "Dismiss" }).all()) await dismiss.click();
      }
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });

    test(`${name}: "Logged in" keeps clear of the dashboard's System panel`, async () => {
      const { context, page, errors } = await openPage({ viewport });
      await page.goto(`${app.baseUrl}/admin`);
      await page.getByLabel("Username").fill("admin");
      await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await page.getByText("Logged in as admin").waitFor();
      const system = page.getByTestId("system-panel");
      await system.waitFor();
      await page.getByTestId("server-version").waitFor();
      await waitForAnimations(page);
      await expectToastsClear(page, { "the System panel": system }, name);
      await saveShot(import.meta.path, page, `toast-login-${name}`);
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});

describe("toasts never cover an open menu", () => {
  test("375 px: a toast waits while the admin module menu fills the screen, and shows once it closes", async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 375, height: 667 } });
    await signInAsAdmin(context, app);
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    // The dashboard drawn first: a click while the screen was still coming in (the sign-in check
    // answering) could land on a button about to be replaced, and the menu never opened.
    await page.getByTestId("system-panel").waitFor();
    const menuButton = page.getByRole("button", { name: /Dashboard.*Admin/ });
    await menuButton.click();
    await page.getByRole("button", { name: /Dashboard.*Admin/, expanded: true }).waitFor();
    const menu = page.locator(`[id="${await menuButton.getAttribute("aria-controls")}"]`);
    await menu.waitFor();
    // Scrolled to the menu: it takes the whole screen below the sticky header, so no corner is free.
    await menu.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 64));
    const menuBox = await menu.boundingBox();
    if (!menuBox) throw new Error("the module menu should be shown");
    expect(menuBox.y).toBeLessThanOrEqual(64);
    expect(menuBox.y + menuBox.height).toBeGreaterThanOrEqual(667);
    // A toast arrives while the menu is open.
    await context.setOffline(true);
    const region = page.getByTestId("toast-region");
    await page.waitForFunction(() => document.querySelector("[data-testid=toast-region][data-held]") !== null);
    await waitForAnimations(page);
    expect(await region.getByRole("status").count()).toBe(0);
    await saveShot(import.meta.path, page, "toast-held-module-menu-375");
    // Closed, the menu leaves room: the toast shows.
    await menuButton.click();
    await region.getByText("You are offline", { exact: true }).waitFor();
    await saveShot(import.meta.path, page, "toast-after-module-menu-375");
    await context.setOffline(false);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

/** In the page: whether the explorer's kept tasks have these statuses, oldest first. */
async function tasksKeptAs(statuses: string[]): Promise<boolean> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("pastebox");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains("tasks")) return false;
    const rows = await new Promise<{ createdAt: number; task: { status: string } }[]>((resolve, reject) => {
      const request = db.transaction("tasks").objectStore("tasks").getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const kept = rows.sort((a, b) => a.createdAt - b.createdAt).map((row) => row.task.status);
    return JSON.stringify(kept) === JSON.stringify(statuses);
  } finally {
    db.close();
  }
}

describe("tasks survive a reload (item 8)", () => {
  test("a finished upload and one cut off by the reload are listed after it: completed, and interrupted", async () => {
    const { context, page, errors } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/mount-explorer/docs`);
    await page.getByTestId("upload-button").waitFor();
    await page.getByTestId("upload-input").setInputFiles({
      name: "kept.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("kept across reloads"),
    });
    await entry(page, "kept.txt").waitFor({ timeout: 60_000 });
    // A large upload slowed down, still running when the page reloads.
    const cdp = await throttleUploads(context, page, 64 * 1024);
    await page.getByTestId("upload-input").setInputFiles({
      name: "cut-off.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(3 * 1024 * 1024, 3),
    });
    await page.getByTestId("tasks-button").click();
    await page.locator('[data-testid="task"][data-status="running"]').waitFor({ timeout: 30_000 });
    // The list reaches IndexedDB within half a second of a change, even while progress keeps coming.
    await page.waitForFunction(tasksKeptAs, ["completed", "running"], { timeout: 30_000, polling: 250 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.reload();
    await page.getByTestId("tasks-button").click();
    const panel = page.getByTestId("task-panel");
    await panel.waitFor();
    const tasks = panel.getByTestId("task");
    await page
      .waitForFunction(() => document.querySelectorAll('[data-testid="task"]').length === 2, undefined, {
        timeout: 30_000,
      })
      .catch(async (error: unknown) => {
        // This wait has failed about once in a CI run and never when watched: say what the page held.
        const shown = await page
          .locator('[data-testid="task"]')
          .evaluateAll((items) => items.map((item) => item.getAttribute("data-status")));
        const kept = await page
          .evaluate(tasksKeptAs, ["completed", "interrupted"])
          .catch((reason: unknown) => String(reason));
        const open = await panel.isVisible();
        throw new Error(`${error}\npanel open: ${open}; tasks shown: ${JSON.stringify(shown)}; both kept: ${kept}`);
      });
    expect(await tasks.evaluateAll((items) => items.map((item) => item.getAttribute("data-status")))).toEqual([
      "interrupted",
      "completed",
    ]);
    expect(await tasks.first().textContent()).toContain("Stopped when the page was closed or reloaded");
    await checkLayouts(page, "tasks-after-reload");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe("a menu on every explorer row (item 6)", () => {
  const FILE_ACTIONS = [
    "Preview",
    "Download",
    "Copy link",
    "Share…",
    "Edit",
    "Rename",
    "Copy to…",
    "Move to…",
    "Add to basket",
    "Delete",
  ];

  /** Uploads these text files into /docs/<folder> through the explorer and waits for their rows. */
  async function filesIn(page: Page, folder: string, names: string[]) {
    await page.goto(`${app.baseUrl}/mount-explorer/docs`);
    await page.getByTestId("mkdir-button").click();
    await page.locator('input[name="entry-name"]').fill(folder);
    await page.getByTestId("name-submit").click();
    await entry(page, folder).waitFor({ timeout: 30_000 });
    await page.goto(`${app.baseUrl}/mount-explorer/docs/${folder}`);
    await page
      .getByTestId("upload-input")
      .setInputFiles(names.map((name) => ({ name, mimeType: "text/plain", buffer: Buffer.from(`${name}\n`) })));
    for (const name of names) await entry(page, name).waitFor({ timeout: 60_000 });
  }

  const menu = (page: Page) => page.getByTestId("entry-menu");
  const menuLabels = (page: Page) => menu(page).getByRole("menuitem").allTextContents();

  test("desktop: the menu button (mouse), the keyboard and a right click open a row's menu and run its actions", async () => {
    const { context, page, errors } = await openAsAdmin();
    await filesIn(page, "menus-desktop", ["mouse.txt", "keys.txt", "right.txt"]);
    // Nothing ticked: each row still offers its actions, named.
    expect(await page.getByTestId("rename-button").count()).toBe(0);
    const mouseButton = entry(page, "mouse.txt").getByRole("button", { name: "Actions for mouse.txt" });

    // Mouse: the ⋯ button, then Rename.
    await mouseButton.click();
    await menu(page).waitFor();
    expect(await menuLabels(page)).toEqual(FILE_ACTIONS);
    await checkLayouts(page, "row-menu-desktop", { inside: [menu(page)] });
    await menu(page).getByRole("menuitem", { name: "Rename" }).click();
    await page.locator('input[name="entry-name"]').fill("renamed.txt");
    await page.getByTestId("name-submit").click();
    await entry(page, "renamed.txt").waitFor({ timeout: 30_000 });
    expect(await entry(page, "mouse.txt").count()).toBe(0);

    // Keyboard: Enter opens on the first action, arrows move, Escape closes back onto the button.
    const keysButton = entry(page, "keys.txt").getByRole("button", { name: "Actions for keys.txt" });
    await keysButton.focus();
    await page.keyboard.press("Enter");
    await menu(page).waitFor();
    const active = () => menu(page).locator("[data-focus]").textContent();
    expect(await active()).toBe("Preview");
    await page.keyboard.press("ArrowDown");
    expect(await active()).toBe("Download");
    await page.keyboard.press("Escape");
    await menu(page).waitFor({ state: "detached" });
    expect(await keysButton.evaluate((button) => button === document.activeElement)).toBe(true);
    // ArrowUp opens on the last action: Delete, then confirm.
    await page.keyboard.press("ArrowUp");
    await menu(page).waitFor();
    expect(await active()).toBe("Delete");
    await page.keyboard.press("Enter");
    await page.getByTestId("delete-confirm").click();
    await entry(page, "keys.txt").waitFor({ state: "detached", timeout: 30_000 });

    // Right click anywhere on the row: the same menu, not the browser's.
    await entry(page, "right.txt").locator("a").click({ button: "right" });
    await menu(page).waitFor();
    expect(await menuLabels(page)).toEqual(FILE_ACTIONS);
    await menu(page).getByRole("menuitem", { name: "Add to basket" }).click();
    await page.getByTestId("basket-button").click();
    await page.getByTestId("basket-item").filter({ hasText: "right.txt" }).waitFor();
    await page.keyboard.press("Escape");

    // A folder's menu opens it.
    await page.goto(`${app.baseUrl}/mount-explorer/docs`);
    await entry(page, "menus-desktop").click({ button: "right" });
    await menu(page).waitFor();
    expect(await menuLabels(page)).toEqual(["Open", "Share…", "Rename", "Copy to…", "Move to…", "Delete"]);
    await menu(page).getByRole("menuitem", { name: "Open" }).click();
    await entry(page, "renamed.txt").waitFor();
    expect(new URL(page.url()).pathname).toBe("/mount-explorer/docs/menus-desktop");
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("375 px phone: a long press opens the row's menu, which stays open when the finger lifts, fits the screen, and runs an action", async () => {
    const { context, page, errors } = await openAsAdmin({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      // An Android phone's browser: Headless UI closes menus on a tap outside only on phones.
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    });
    await filesIn(page, "menus-phone", ["pressed.txt", "tapped.txt"]);
    const row = entry(page, "pressed.txt");
    const box = await row.boundingBox();
    if (!box) throw new Error("no row");
    // The name (a link to the preview), and a spot beside it that is no link (the size).
    const name = { x: Math.round(box.x + box.width / 3), y: Math.round(box.y + box.height / 2) };
    const spot = { x: Math.round(box.x + box.width - 70), y: name.y };
    const cdp = await context.newCDPSession(page);
    const touch = async (point: { x: number; y: number }, holdUntil?: () => Promise<unknown>) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
      await holdUntil?.();
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      // Two frames: what the lift sets off (a tap outside closing the menu, a tap on a link) has run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    };
    // A quick tap on the row's name is not a long press: it opens the preview, no menu.
    await touch(name);
    await page.getByTestId("preview-panel").waitFor();
    expect(await menu(page).count()).toBe(0);
    await page.getByTestId("preview-close").click();
    // The finger lands on the row once the preview's sheet has slid away.
    await page.waitForFunction(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-name="pressed.txt"]') != null,
      name,
      { timeout: 10_000 },
    );

    // Press and hold (twice, with a tap elsewhere closing it between): the menu opens while the
    // finger rests, and stays when it lifts.
    for (const round of [1, 2]) {
      await touch(round === 1 ? name : spot, () => menu(page).waitFor({ timeout: 10_000 }));
      // Still open (not merely fading out): the row's button says so.
      expect(await row.getByTestId("entry-menu-button").getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByTestId("preview-panel").count()).toBe(0);
      if (round === 1) {
        await touch(spot);
        await menu(page).waitFor({ state: "detached" });
      }
    }
    expect(await menuLabels(page)).toEqual(FILE_ACTIONS);
    const menuBox = await menu(page).boundingBox();
    expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= PHONE.width).toBe(true);
    await checkLayouts(page, "row-menu-phone", { inside: [menu(page)] });
    await page.setViewportSize(PHONE);
    await menu(page).getByRole("menuitem", { name: "Delete" }).tap();
    await page.getByTestId("delete-confirm").tap();
    await entry(page, "pressed.txt").waitFor({ state: "detached", timeout: 30_000 });

    // The ⋯ button is there on a phone too, named.
    await entry(page, "tapped.txt").getByRole("button", { name: "Actions for tapped.txt" }).tap();
    await menu(page).waitFor();
    expect(await menuLabels(page)).toEqual(FILE_ACTIONS);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
