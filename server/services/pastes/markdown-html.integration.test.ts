// The paste page's server-rendered Markdown (docs/decisions/0012-server-rendered-markdown.md) over the
// public paste routes on SQLite and Postgres: asked with `html`, an ordinary Markdown paste comes with
// the HTML the browser's own renderer would make (highlighted code, tables, task lists), with hostile
// markup removed, and the view counted once; scripts that do not ask get the text alone; encrypted,
// plain-text, locked and over-long pastes get no HTML (the browser renders those itself).
import { beforeAll, describe, expect, test } from "bun:test";
import { encryptText, generateLinkKey } from "@shared/encryption/encrypted-share";
import { loadCodeLanguages } from "@shared/markdown/highlight-code";
import { markdownTooComplex } from "@shared/markdown/render-limits";
import { codeBlocksOf, renderMarkdown } from "@shared/markdown/render-markdown";
import { createSanitizer } from "@shared/markdown/sanitize-html";
import type { WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { createPaste as createPasteRow, loginAdmin, type OpenedPaste, present } from "../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../test/harness";
import { RENDER_BUDGET_MS, renderBudget, renderMarkdownHtml, SERVER_RENDER_MAX_CHARS } from "./markdown-html";

/** The render budget while the budget itself is tested (see that test). */
const TEST_BUDGET_MS = 300;

const { window } = new JSDOM("<!doctype html><html><body></body></html>");

const RICH = `# Release notes

Some **bold** text, a [link](https://example.com), and a list:

- [x] shipped
- [ ] next

| column | value |
|:---|---:|
| a | 1 |

\`\`\`ts
export function add(a: number, b: number): number {
  return a + b;
}
\`\`\`
`;

const HOSTILE = `<script>alert(1)</script>
<img src="x.png" onerror="alert(2)">
<a href="javascript:alert(3)">click</a>
<iframe src="https://evil.test"></iframe>
<div style="position:fixed" class="fixed inset-0">overlay</div>
<form action="https://evil.test"><input type="text" name="q"></form>

A paragraph with [a link](javascript:alert(4)).
`;

/** What the browser's renderer makes of `markdown` (shared/markdown, DOMPurify on a standards DOM). */
async function browserRendering(markdown: string): Promise<string> {
  await loadCodeLanguages(codeBlocksOf(markdown));
  return renderMarkdown(markdown, createSanitizer(window as unknown as WindowLike));
}

function parse(html: string): Element {
  const root = window.document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe.each(DATABASE_PROVIDERS)("server-rendered Markdown on %s", (provider) => {
  const { t, api, call } = useTestApp(provider);
  let admin: string;
  const createPaste = (fields: Record<string, unknown>) => createPasteRow(api, admin, fields);

  beforeAll(async () => {
    admin = await loginAdmin(api);
    // The worker's start (jsdom) can take seconds on a loaded machine, longer than a view waits:
    // started here, so the views below measure rendering, not the start.
    expect(await renderMarkdownHtml("```ts\nconst warm = 1;\n```", 60_000)).toEqual({
      html: expect.stringContaining("hljs"),
    });
  });

  test("asked for, a Markdown paste comes rendered as the browser renders it, counted once", async () => {
    const { slug } = await createPaste({ content: RICH, format: "markdown" });
    const viewed = await call<OpenedPaste>("GET", `/paste/${slug}?html=true`);
    expect(viewed.status).toBe(200);
    expect(viewed.body.data).toMatchObject({ content: RICH, views: 1 });
    const html = present(viewed.body.data.html, "the HTML");
    expect(html).toBe(await browserRendering(RICH));
    const root = parse(html);
    expect(root.querySelector("h1")?.textContent).toBe("Release notes");
    expect(root.querySelector("code.hljs.language-ts .hljs-keyword")?.textContent).toBe("export");
    expect([...root.querySelectorAll("table th")].map((cell) => cell.getAttribute("align"))).toEqual(["left", "right"]);
    const boxes = [...root.querySelectorAll("input[type=checkbox]")];
    expect(
      boxes.map((box) => [box.hasAttribute("checked"), box.hasAttribute("disabled"), box.getAttribute("aria-label")]),
    ).toEqual([
      [true, true, "shipped"],
      [false, true, "next"],
    ]);
    expect(root.querySelector("a[href='https://example.com']")?.getAttribute("rel")).toBe(
      "noopener noreferrer nofollow ugc",
    );
    // An unlimited paste's view is answered before its count is written (db/view-counter/view-counter.ts).
    await t.viewCounter.settled();
    const stored = await t.db.paste.findUniqueOrThrow({ where: { slug }, select: { views: true } });
    expect(stored.views).toBe(1);
  });

  test("hostile markup in a paste is removed on the server, as in the browser", async () => {
    const { slug } = await createPaste({ content: HOSTILE, format: "markdown" });
    const html = present((await call<OpenedPaste>("GET", `/paste/${slug}?html=1`)).body.data.html, "the HTML");
    expect(html).toBe(await browserRendering(HOSTILE));
    for (const banned of ["<script", "onerror", "javascript", "<iframe", "style=", "<form", 'type="text"', "inset-0"]) {
      expect(html).not.toContain(banned);
    }
    const root = parse(html);
    expect(root.querySelector("img")?.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(root.querySelectorAll("a:not([href])")).toHaveLength(2);
  });

  test("a protected paste: the rendering comes only with the unlocked content", async () => {
    const { slug } = await createPaste({ content: RICH, password: "hunter22" });
    const locked = await call<OpenedPaste>("GET", `/paste/${slug}?html=true`);
    expect(locked.body.data).toMatchObject({ content: null, requires_password: true });
    expect(locked.body.data).not.toHaveProperty("html");
    const unlocked = await call("POST", `/paste/${slug}`, {
      body: { password: "hunter22", html: true },
      procedure: "pastes.unlock",
    });
    expect(unlocked.body.data).toMatchObject({ content: RICH, views: 1 });
    expect(unlocked.body.data.html).toBe(await browserRendering(RICH));
  });

  test("scripts that do not ask, plain text, encrypted and over-long pastes get no HTML", async () => {
    const markdown = await createPaste({ content: RICH, format: "markdown" });
    const notAsked = await call<OpenedPaste>("GET", `/paste/${markdown.slug}`);
    expect(notAsked.body.data).toMatchObject({ content: RICH, views: 1 });
    expect(notAsked.body.data).not.toHaveProperty("html");

    const text = await createPaste({ content: "# not a heading here", format: "text" });
    expect((await call<OpenedPaste>("GET", `/paste/${text.slug}?html=true`)).body.data).not.toHaveProperty("html");

    const envelope = await encryptText("# secret", generateLinkKey());
    const encrypted = await createPaste({ content: envelope, encrypted: true, format: "markdown" });
    const sealed = await call<OpenedPaste>("GET", `/paste/${encrypted.slug}?html=true`);
    expect(sealed.body.data).toMatchObject({ encrypted: true, content: envelope });
    expect(sealed.body.data).not.toHaveProperty("html");

    const long = `${"word ".repeat(SERVER_RENDER_MAX_CHARS / 5)}\n\n**more**`;
    const big = await createPaste({ content: long, format: "markdown" });
    const bigView = await call<OpenedPaste>("GET", `/paste/${big.slug}?html=true`);
    expect(bigView.body.data).toMatchObject({ content: long, views: 1 });
    expect(bigView.body.data).not.toHaveProperty("html");
  });

  test("a view does not wait for a slow render: it answers without HTML, and the render is kept for the next", async () => {
    const text = `# Not waited for ${provider}\n\n- [ ] item`;
    // Not waited for (a warm worker may still beat a zero wait on an idle machine: either is right).
    const expected = await browserRendering(text);
    expect([null, expected]).toContain(((await renderMarkdownHtml(text, 0)) as { html: string } | null)?.html ?? null);
    const { slug } = await createPaste({ content: text, format: "markdown" });
    // The same render, still under way or already kept: the view has it.
    expect(await renderMarkdownHtml(text, 60_000)).toEqual({ html: expected });
    expect((await call<OpenedPaste>("GET", `/paste/${slug}?html=true`)).body.data.html).toBe(expected);
  });

  test("Markdown whose HTML would multiply or nest past the bounds is shown as text, and not tried again", async () => {
    const url = `https://example.com/${"a".repeat(20_000)}`;
    const references = `[r]: ${url}\n\n${"[x][r]".repeat(Math.floor((SERVER_RENDER_MAX_CHARS - url.length - 30) / 6))}`;
    const quotes = `${">".repeat(SERVER_RENDER_MAX_CHARS - 10)} deep`;
    for (const content of [references, quotes]) {
      const { slug } = await createPaste({ content, format: "markdown" });
      const started = performance.now();
      const first = await call<OpenedPaste>("GET", `/paste/${slug}?html=true`);
      expect(first.body.data).toMatchObject({ content, render_refused: true });
      expect(first.body.data).not.toHaveProperty("html");
      // Remembered by its hash: the next view answers at once without the worker.
      const again = performance.now();
      expect(await renderMarkdownHtml(content, 0)).toEqual({ refused: true });
      expect(performance.now() - again).toBeLessThan(100);
      expect(performance.now() - started).toBeLessThan(RENDER_BUDGET_MS + 5_000);
    }
  });

  test("a render past the worker's budget ends the worker: the text is shown as text and not tried again", async () => {
    // 16,000 emphasised words: within every cheap bound, but jsdom needs 1.5-15 s for them here (quiet
    // to loaded). The budget is lowered for this test to a fifth of the quickest of those, so the render
    // is ended by it on any machine this runs on; in use it is RENDER_BUDGET_MS.
    const content = `${provider}\n\n${"*a* ".repeat(Math.floor((SERVER_RENDER_MAX_CHARS - 20) / 4))}`;
    expect(content.length).toBeLessThanOrEqual(SERVER_RENDER_MAX_CHARS);
    expect(markdownTooComplex(content)).toBeNull();
    renderBudget.ms = TEST_BUDGET_MS;
    const started = performance.now();
    let result: Awaited<ReturnType<typeof renderMarkdownHtml>>;
    try {
      result = await renderMarkdownHtml(content, 60_000);
    } finally {
      renderBudget.ms = RENDER_BUDGET_MS;
    }
    const took = performance.now() - started;
    expect(result).toEqual({ refused: true });
    // Stopped by the budget, not by the worker refusing it up front, and not long after the budget.
    expect(took).toBeGreaterThanOrEqual(TEST_BUDGET_MS);
    expect(took).toBeLessThan(TEST_BUDGET_MS + 3_000);
    // Remembered by its hash: a view answers at once, with the text and the note.
    const { slug } = await createPaste({ content, format: "markdown" });
    const view = performance.now();
    const answer = await call<OpenedPaste>("GET", `/paste/${slug}?html=true`);
    expect(answer.body.data).toMatchObject({ content, render_refused: true });
    expect(answer.body.data).not.toHaveProperty("html");
    expect(performance.now() - view).toBeLessThan(1_000);
    // The worker it ended is replaced: the next text renders.
    const next = `# After the budget on ${provider}`;
    expect(await renderMarkdownHtml(next, 60_000)).toEqual({ html: await browserRendering(next) });
  });

  test("a bad html flag is a 400 in the caller's language, and counts nothing", async () => {
    const { slug } = await createPaste({ content: RICH, format: "markdown" });
    const bad = await call<OpenedPaste>("GET", `/paste/${slug}?html=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const stored = await t.db.paste.findUniqueOrThrow({ where: { slug }, select: { views: true } });
    expect(stored.views).toBe(0);
  });
});
