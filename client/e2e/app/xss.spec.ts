// Stored XSS (issue "Hardening", item 5): a corpus of Markdown, HTML, SVG and file-name payloads is
// stored through the API (plain and Markdown pastes, uploaded HTML/SVG/Markdown files, payload file
// names and remarks, mount files with payload names and Markdown content) and through the UI (a
// Markdown paste from the editor, an upload with a payload name: the share results), then opened in
// Chromium on every screen that shows user content: the paste page, the file page and its preview,
// the raw preview links themselves, admin text and file management with their previews, the mount
// explorer's list, preview and Markdown editor, and its search results.
//
// Every payload calls a hook the page cannot reach on its own (`__xssHit`, a Playwright binding
// installed before any script, like the alert/confirm/prompt/print overrides that report to it).
// No payload may ever call it. Content-Security-Policy violations are collected in every frame:
// those a payload caused (blocked, listed at the end) are fine, any other is a failure. After each
// screen the DOM is scanned for markup that must never survive sanitising (event-handler
// attributes, javascript:/data:text/html URLs, script/iframe-srcdoc/object/embed/base/meta-refresh
// elements), since the CSP would otherwise hide a sanitiser gap.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { E2E_ADMIN_PASSWORD, e2eSpec } from "../kit/harness";
import { pasteIntoHomeEditor } from "../kit/pages";

setDefaultTimeout(240_000);

const { app, apiData, addMount, token, openPage } = e2eSpec(import.meta.path);

const HOOK = "__xssHit";
const MARK = "xssmark";

/** Markdown and HTML payloads, each naming itself; blank lines end HTML blocks in Markdown. */
const PAYLOADS: [id: string, markup: string][] = [
  ["script", `<script>${HOOK}('script')</script>`],
  ["img-onerror", `<img src="x" onerror="${HOOK}('img-onerror')">`],
  ["img-onerror-unquoted", `<img src=x onerror=${HOOK}('img-onerror-unquoted')>`],
  ["svg-onload", `<svg onload="${HOOK}('svg-onload')"></svg>`],
  ["svg-script", `<svg><script>${HOOK}('svg-script')</script></svg>`],
  ["svg-animate", `<svg><animate onbegin="${HOOK}('svg-animate')" attributeName="x" dur="1s"/></svg>`],
  ["svg-set", `<svg><set attributeName="onmouseover" to="${HOOK}('svg-set')"/></svg>`],
  ["svg-xlink", `<svg><a xlink:href="javascript:${HOOK}('svg-xlink')"><text y="20">svg link ${MARK}</text></a></svg>`],
  ["svg-style-mxss", `<svg><style><img src=x onerror="${HOOK}('svg-style-mxss')"></style></svg>`],
  ["iframe-srcdoc", `<iframe srcdoc="<script>parent.${HOOK}('iframe-srcdoc')</script>"></iframe>`],
  ["iframe-js", `<iframe src="javascript:parent.${HOOK}('iframe-js')"></iframe>`],
  ["a-js", `<a href="javascript:${HOOK}('a-js')">a-js ${MARK}</a>`],
  ["a-js-entity", `<a href="JaVaScRiPt&colon;${HOOK}('a-js-entity')">a-js-entity</a>`],
  [
    "a-js-decimal",
    `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${HOOK}('a-js-decimal')">a-js-decimal</a>`,
  ],
  ["a-js-tab", `<a href="java\tscript:${HOOK}('a-js-tab')">a-js-tab</a>`],
  ["a-js-space", `<a href=" javascript:${HOOK}('a-js-space')">a-js-space</a>`],
  ["a-data-html", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a-data-html</a>`],
  ["md-js-link", `[md-js-link](javascript:${HOOK}('md-js-link'))`],
  ["md-js-link-encoded", `[md-js-link-encoded](javascript&#58;${HOOK}('md-js-link-encoded'))`],
  ["md-data-link", `[md-data-link](data:text/html,<script>${HOOK}('md-data-link')</script>)`],
  ["md-ref-link", `[md-ref-link][evil]\n\n[evil]: javascript:${HOOK}('md-ref-link')`],
  ["md-autolink", `<javascript:${HOOK}('md-autolink')>`],
  ["md-img-quote", `![md-img-quote](x" onerror="${HOOK}('md-img-quote'))`],
  ["md-img-js", `![md-img-js](javascript:${HOOK}('md-img-js'))`],
  ["math-mxss", `<math><mtext><table><mglyph><style><img src=x onerror="${HOOK}('math-mxss')">`],
  ["math-href", `<math href="javascript:${HOOK}('math-href')"><mi>math-href</mi></math>`],
  ["noscript-mxss", `<noscript><p title="</noscript><img src=x onerror=${HOOK}('noscript-mxss')>"></noscript>`],
  ["comment-mxss", `<!--<img src="--><img src=x onerror=${HOOK}('comment-mxss')//">`],
  ["template", `<template><img src=x onerror="${HOOK}('template')"></template>`],
  ["css-url", `<div style="background:url(javascript:${HOOK}('css-url'))">css-url</div>`],
  ["css-expression", `<div style="width:expression(${HOOK}('css-expression'))">css-expression</div>`],
  ["style-import", `<style>@import 'javascript:${HOOK}("style-import")';</style>`],
  ["form-action", `<form action="javascript:${HOOK}('form-action')"><button>form-action</button></form>`],
  ["button-formaction", `<button formaction="javascript:${HOOK}('button-formaction')">formaction</button>`],
  ["details-toggle", `<details open ontoggle="${HOOK}('details-toggle')"><summary>toggle</summary></details>`],
  ["autofocus", `<input autofocus onfocus="${HOOK}('autofocus')">`],
  ["body-onload", `<body onload="${HOOK}('body-onload')">`],
  ["video-source", `<video><source onerror="${HOOK}('video-source')"></video>`],
  ["object", `<object data="javascript:${HOOK}('object')"></object>`],
  ["embed", `<embed src="javascript:${HOOK}('embed')">`],
  ["base", `<base href="javascript:${HOOK}('base')//">`],
  ["meta-refresh", `<meta http-equiv="refresh" content="0;url=javascript:${HOOK}('meta-refresh')">`],
  ["entity-script", `&lt;script&gt;${HOOK}('entity-script')&lt;/script&gt;`],
  ["double-entity", `&amp;lt;img src=x onerror=${HOOK}('double-entity')&amp;gt;`],
  ["data-svg-img", `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${HOOK}(1)'/>">`],
];

const MARKDOWN_CORPUS = [
  `# XSS corpus ${MARK}`,
  "",
  ...PAYLOADS.flatMap(([id, markup]) => [`Payload ${id}:`, "", markup, ""]),
  "```html",
  `<img src=x onerror="${HOOK}('code-block')">`,
  "```",
  "",
].join("\n");

const HTML_FILE = `<!doctype html><html><body><h1>${MARK}</h1>${PAYLOADS.map(([, markup]) => markup).join("\n")}</body></html>`;
const SVG_FILE = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="top.${HOOK}('svg-file-onload')"><script>top.${HOOK}('svg-file-script')</script><a xlink:href="javascript:top.${HOOK}('svg-file-link')"><text y="20">${MARK}</text></a><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;top.${HOOK}('svg-file-fo')&lt;/script&gt;"></iframe></foreignObject></svg>`;

/** File names: no "/" (a name is one segment), every other trick. */
const NAMES = [
  `<img src=x onerror=${HOOK}('name-img')>.txt`,
  `"><svg onload=${HOOK}('name-svg')>.md`,
  `javascript:${HOOK}('name-js').html`,
  `'-${HOOK}('name-quote')-'.svg`,
  `{{constructor.constructor('${HOOK}(1)')()}}.txt`,
];

const REMARK = `<img src=x onerror=${HOOK}('remark')> ${MARK}`;

type Violation = { directive: string; blocked: string; sample: string; source: string; page: string };

const hits: { id: string; frame: string }[] = [];
const violations: Violation[] = [];
const unsafeMarkup: string[] = [];
const consoleErrors: string[] = [];
const screens: string[] = [];

async function upload(name: string, content: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("file", new File([content], name, { type }));
  const response = await fetch(`${app.baseUrl}/api/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${await token()}` },
    body: form,
  });
  const json = (await response.json()) as { data: { slug: string; filename: string } };
  if (response.status !== 201) throw new Error(`upload ${name}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The hook, the dialog overrides and the CSP listener, in every frame of the context, before any script. */
async function installHooks(context: BrowserContext) {
  await context.exposeBinding(HOOK, ({ frame }, id: unknown) => {
    hits.push({ id: String(id), frame: frame.url() });
  });
  await context.exposeBinding("__xssCsp", ({ frame }, report: Omit<Violation, "page">) => {
    violations.push({ ...report, page: frame.url() });
  });
  await context.addInitScript(() => {
    const hook = (window as unknown as Record<string, (id: string) => void>).__xssHit;
    for (const name of ["alert", "confirm", "prompt", "print"] as const) {
      (window as unknown as Record<string, unknown>)[name] = (message?: unknown) =>
        hook?.(`${name}:${String(message)}`);
    }
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as Record<string, (report: unknown) => void>).__xssCsp?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
}

async function openHooked(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage();
  await installHooks(opened.context);
  return opened;
}

async function logIn(page: Page) {
  await page.goto(`${app.baseUrl}/admin`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

/** Markup that sanitising must have removed, anywhere in the page (user content or not: the app itself uses none). */
function scanForUnsafeMarkup(page: Page, screen: string) {
  return page
    .evaluate((hook) => {
      const found: string[] = [];
      const visit = (root: Document | ShadowRoot) => {
        for (const element of Array.from(root.querySelectorAll("*"))) {
          const tag = element.localName;
          for (const attribute of Array.from(element.attributes)) {
            // Browsers skip whitespace and control characters inside a URL's scheme ("java\tscript:").
            // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
            const value = attribute.value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
            if (/^on/i.test(attribute.name)) found.push(`<${tag} ${attribute.name}>`);
            const isUrl = /^(href|xlink:href|src|action|formaction|data|poster|background|cite|ping|srcdoc)$/i.test(
              attribute.name,
            );
            if (isUrl && (/^(javascript|vbscript):/.test(value) || /^data:text\/html/.test(value))) {
              found.push(`<${tag} ${attribute.name}="${attribute.value.slice(0, 60)}">`);
            }
          }
          if (tag === "script" && element.textContent?.includes(hook)) found.push("<script> with a payload");
          if (tag === "iframe" && element.hasAttribute("srcdoc")) found.push("<iframe srcdoc>");
          if (["object", "embed", "base"].includes(tag) && element.closest("body")) found.push(`<${tag}>`);
          if (tag === "meta" && element.getAttribute("http-equiv")?.toLowerCase() === "refresh")
            found.push("<meta refresh>");
          if (element.shadowRoot) visit(element.shadowRoot);
        }
      };
      visit(document);
      return found;
    }, HOOK)
    .then((found) => {
      for (const item of found) unsafeMarkup.push(`${screen}: ${item}`);
    });
}

/** Lets late payloads (autofocus, animations, image errors) fire, then scans and records the screen. */
async function settle(page: Page, screen: string) {
  await page.waitForTimeout(700);
  await page.mouse.move(200, 300);
  await page.mouse.move(400, 500);
  await scanForUnsafeMarkup(page, screen);
  screens.push(screen);
}

function collectErrors(errors: string[]) {
  consoleErrors.push(...errors);
}

const slugs: Record<string, string> = {};
const files: Record<string, { slug: string; filename: string }> = {};

beforeAll(async () => {
  // Pastes: Markdown and plain text with the whole corpus; a remark with a payload.
  slugs.markdown = String(
    (await apiData("POST", "/paste", { content: MARKDOWN_CORPUS, format: "markdown", slug: "xss-md", remark: REMARK }))
      .slug,
  );
  slugs.plain = String(
    (await apiData("POST", "/paste", { content: MARKDOWN_CORPUS, format: "text", slug: "xss-plain", remark: REMARK }))
      .slug,
  );
  // Files: HTML, SVG and Markdown with payloads, and payload names, each with a payload remark.
  files.html = await upload("xss.html", HTML_FILE, "text/html", { slug: "xss-html", remark: REMARK });
  files.svg = await upload("xss.svg", SVG_FILE, "image/svg+xml", { slug: "xss-svg", remark: REMARK });
  files.markdown = await upload("xss.md", MARKDOWN_CORPUS, "text/markdown", { slug: "xss-md-file", remark: REMARK });
  for (const [index, name] of NAMES.entries()) {
    files[`name${index}`] = await upload(name, `${MARK} ${index}`, "text/plain", {
      slug: `xss-name-${index}`,
      remark: REMARK,
    });
  }
  // A mount with the same content and payload names.
  await addMount({ name: "XSS", path: "/xss" });
  await apiData("POST", "/admin/fs/update", { path: "/xss/xss.md", content: MARKDOWN_CORPUS });
  await apiData("POST", "/admin/fs/update", { path: "/xss/xss.html", content: HTML_FILE });
  await apiData("POST", "/admin/fs/update", { path: "/xss/xss.svg", content: SVG_FILE });
  for (const name of NAMES)
    await apiData("POST", "/admin/fs/update", { path: `/xss/${name}`, content: `${MARK} ${name}` });
});

afterAll(async () => {
  console.log(`CSP violations: ${violations.length} (each blocked a payload)`);
  if (violations.length) {
    const grouped = new Map<string, number>();
    for (const v of violations) {
      const key = `${v.directive} ${v.blocked} ${v.sample.slice(0, 60)} from ${v.source} on ${v.page}`;
      grouped.set(key, (grouped.get(key) ?? 0) + 1);
    }
    for (const [key, count] of grouped) console.log(`  ${count} x ${key}`);
  }
  console.log(
    `xss: ${screens.length} screens, ${PAYLOADS.length} payloads, ${NAMES.length} names; hook calls ${hits.length}`,
  );
});

describe("stored XSS", () => {
  test("controls: the hook, the dialog overrides and the CSP listener report", async () => {
    const { context, page } = await openHooked();
    await page.goto(app.baseUrl);
    await page.evaluate(() => window.alert("control"));
    const before = violations.length;
    // Settled when the page has both refused the inline handler (the CSP event, which the listener
    // installed before any script reports first) and fired the image's error (when the handler would run).
    await page.evaluate(
      (hook) =>
        Promise.all([
          new Promise((done) =>
            document.addEventListener("securitypolicyviolation", (event) => {
              if (event.effectiveDirective === "script-src-attr") done(null);
            }),
          ),
          new Promise((done) => {
            const img = document.createElement("img");
            img.setAttribute("onerror", `${hook}('control-inline')`);
            img.addEventListener("error", () => done(null));
            img.src = "/control-missing.png";
            document.body.append(img);
          }),
        ]),
      HOOK,
    );
    expect(hits.map((hit) => hit.id)).toEqual(["alert:control"]);
    // The page's own CSP blocked the inline handler, and the listener saw it.
    expect(violations.slice(before).some((v) => v.directive === "script-src-attr")).toBe(true);
    hits.length = 0;
    violations.length = 0;
    await context.close();
  });

  test("paste pages: Markdown rendered and sanitised, plain text shown as text", async () => {
    const { context, page, errors } = await openHooked();
    await page.goto(`${app.baseUrl}/paste/${slugs.markdown}`);
    await page.getByTestId("markdown-body").waitFor();
    expect(await page.getByTestId("markdown-body").textContent()).toContain(MARK);
    await settle(page, "paste page (Markdown)");
    await page.goto(`${app.baseUrl}/paste/${slugs.plain}`);
    await page.getByTestId("plain-body").waitFor();
    // Plain text: the payloads are there as characters.
    expect(await page.getByTestId("plain-body").textContent()).toContain(`onerror="${HOOK}('img-onerror')"`);
    await settle(page, "paste page (plain)");
    // The raw link is text/plain.
    const raw = await page.goto(`${app.baseUrl}/api/raw/${slugs.markdown}`);
    expect(raw?.headers()["content-type"]).toStartWith("text/plain");
    await settle(page, "raw paste");
    collectErrors(errors);
    await context.close();
  });

  test("file pages and their previews: HTML, SVG, Markdown and payload names (remarks stay private)", async () => {
    const { context, page, errors } = await openHooked();
    for (const [kind, file] of Object.entries(files)) {
      await page.goto(`${app.baseUrl}/file/${file.slug}`);
      await page.getByTestId("file-preview").waitFor();
      await page.getByText(MARK).first().waitFor();
      await page.waitForLoadState("networkidle");
      await settle(page, `file page (${kind})`);
    }
    // The preview links themselves, opened as a page: shown as text, sandboxed.
    for (const kind of ["html", "svg", "markdown"] as const) {
      const details = (await (await fetch(`${app.baseUrl}/api/public/files/${files[kind]?.slug}`)).json()) as {
        data: { preview_url: string; download_url: string };
      };
      const response = await page.goto(details.data.preview_url);
      expect(response?.headers()["content-type"]).toStartWith("text/plain");
      expect(response?.headers()["content-security-policy"]).toContain("sandbox");
      await settle(page, `preview link (${kind})`);
    }
    collectErrors(errors);
    await context.close();
  });

  test("admin text and file management, with previews and edit dialogs", async () => {
    const { context, page, errors } = await openHooked();
    await logIn(page);
    await page.goto(`${app.baseUrl}/admin/text-management`);
    await page.getByRole("heading", { level: 1, name: "Text management" }).waitFor();
    const row = page.getByTestId(`paste-row-${slugs.markdown}`);
    await row.waitFor();
    await settle(page, "admin text list");
    await row.getByRole("button", { name: `Preview ${slugs.markdown}` }).click();
    await page.getByTestId("paste-preview").getByText(MARK).first().waitFor();
    await settle(page, "admin paste preview");
    await page.keyboard.press("Escape");
    await page.goto(`${app.baseUrl}/admin/file-management`);
    const table = page.getByTestId("file-table");
    await table.waitFor();
    await table.getByText("xss.md").first().waitFor();
    await settle(page, "admin file list");
    await table.getByRole("button", { name: `Edit ${NAMES[0]}` }).click();
    await page.getByTestId("file-edit-form").waitFor();
    await settle(page, "admin file edit dialog");
    await page.keyboard.press("Escape");
    collectErrors(errors);
    await context.close();
  });

  test("mount explorer: payload names in the list, previews, the Markdown editor, search results", async () => {
    const { context, page, errors } = await openHooked();
    await logIn(page);
    await page.goto(`${app.baseUrl}/mount-explorer/xss`);
    const entry = (name: string) =>
      page.locator(`[data-testid="entry"][data-name="${name.replace(/["\\]/g, "\\$&")}"]`);
    await entry("xss.md").waitFor();
    for (const name of NAMES) await entry(name).waitFor();
    await settle(page, "explorer list");
    for (const name of ["xss.md", "xss.html", "xss.svg", NAMES[0] ?? ""]) {
      await page.goto(`${app.baseUrl}/mount-explorer/xss?preview=${encodeURIComponent(`/xss/${name}`)}`);
      await page.getByTestId("preview-panel").waitFor();
      await page.getByTestId("file-preview").waitFor();
      await page.waitForLoadState("networkidle");
      await settle(page, `explorer preview (${name})`);
    }
    // The Markdown opened in the editor: as source, in the preview tab and in the rich mode (Milkdown
    // renders it, HTML nodes included).
    await page.goto(`${app.baseUrl}/mount-explorer/xss?preview=${encodeURIComponent("/xss/xss.md")}`);
    await page.getByTestId("preview-edit").click();
    const dialog = page.getByTestId("text-editor");
    await dialog.locator(".cm-content").waitFor();
    await settle(page, "explorer Markdown editor");
    await page.getByTestId("editor-view-preview").click();
    await dialog.getByTestId("markdown-body").getByText(MARK).first().waitFor();
    await settle(page, "explorer Markdown editor preview");
    await page.getByTestId("editor-view-rich").click();
    await dialog.locator(".ProseMirror").getByText(MARK).first().waitFor();
    await settle(page, "explorer Markdown editor, rich mode");
    await page.keyboard.press("Escape");
    // Search: the payload names among the results.
    await page.goto(`${app.baseUrl}/mount-explorer/xss`);
    await page.getByLabel("Search files", { exact: true }).fill(HOOK);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByTestId("search-results");
    await results
      .getByText(NAMES[0] ?? "")
      .first()
      .waitFor();
    await settle(page, "explorer search results");
    collectErrors(errors);
    await context.close();
  });

  test("share results: a Markdown paste from the editor and an upload with a payload name", async () => {
    const { context, page, errors } = await openHooked();
    await logIn(page);
    await page.goto(app.baseUrl);
    await pasteIntoHomeEditor(page, MARKDOWN_CORPUS);
    // The source editor shows the corpus as text (split into highlighted tokens); its draft holds it.
    await page.waitForFunction((mark) => localStorage.getItem("paste_draft")?.includes(mark), MARK);
    await settle(page, "home editor with the corpus");
    await page.getByLabel("Remark").fill(REMARK);
    await page.getByRole("button", { name: "Create share link" }).click();
    await page.getByTestId("share-result").waitFor();
    await settle(page, "paste share result");
    const shared = await page.getByTestId("share-link").inputValue();
    await page.goto(shared);
    await page.getByTestId("markdown-body").waitFor();
    await settle(page, "paste created in the editor");

    await page.goto(`${app.baseUrl}/upload`);
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: NAMES[1] ?? "x",
        mimeType: "text/markdown",
        buffer: Buffer.from(MARKDOWN_CORPUS),
      });
    await page.getByLabel("Remark").fill(REMARK);
    await page.getByTestId("start-uploads").click();
    await page.locator('[data-testid="upload-row"][data-status="success"]').waitFor();
    await settle(page, "upload share result");
    collectErrors(errors);
    await context.close();
  });

  test("no payload ran, nothing unsafe survived, and the CSP reported only blocked payloads", () => {
    expect(screens.length).toBeGreaterThanOrEqual(20);
    expect(hits).toEqual([]);
    expect(unsafeMarkup).toEqual([]);
    const unexpected = violations.filter(
      (v) => !(v.sample.includes(HOOK) || v.blocked.includes(HOOK) || v.sample.includes("xss")),
    );
    expect(unexpected).toEqual([]);
    // Console errors: missing images (src=x) and the CSP's own notes about what it blocked
    // ("Refused to ...", or since Chromium 156 "Executing inline event handler violates ...").
    const isCspNote = (error: string) =>
      error.startsWith("Refused to") || error.includes("violates the following Content Security Policy directive");
    const other = consoleErrors.filter((error) => !error.startsWith("Failed to load resource") && !isCspNote(error));
    expect(other).toEqual([]);
  });
});
