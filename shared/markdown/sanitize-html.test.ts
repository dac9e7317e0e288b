// The sanitiser runs against jsdom, a standards-complete DOM: happy-dom (the other client tests'
// DOM) differs from browsers in ways DOMPurify depends on, so it would test the wrong thing.
import { describe, expect, test } from "bun:test";
import type { WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { loadCodeLanguages } from "./highlight-code";
import { codeBlocksOf, renderMarkdown as renderWith } from "./render-markdown";
import { createSanitizer } from "./sanitize-html";

const { window } = new JSDOM("<!doctype html><html><body></body></html>");
const sanitizeHtml = createSanitizer(window as unknown as WindowLike);
const renderMarkdown = (markdown: string) => renderWith(markdown, sanitizeHtml);

function parse(html: string): HTMLElement {
  const root = window.document.createElement("div");
  root.innerHTML = html;
  return root as unknown as HTMLElement;
}

describe("sanitiser", () => {
  test("fails closed where the DOM cannot sanitise", () => {
    const broken = createSanitizer({} as WindowLike);
    expect(broken("<script>alert(1)</script>")).toBe("<pre>&lt;script&gt;alert(1)&lt;/script&gt;</pre>");
  });

  test("strips script elements and their content", () => {
    const html = sanitizeHtml('<p>hi</p><script>alert(1)</script><SCRIPT src="https://evil.test/x.js"></SCRIPT>');
    expect(html).toBe("<p>hi</p>");
  });

  test("strips event handlers such as onerror and onclick", () => {
    const root = parse(
      sanitizeHtml('<img src="x.png" onerror="alert(1)"><a href="https://a.test" onclick="steal()">a</a>'),
    );
    expect(root.querySelector("img")?.hasAttribute("onerror")).toBe(false);
    expect(root.querySelector("a")?.hasAttribute("onclick")).toBe(false);
    expect(root.innerHTML).not.toContain("alert");
  });

  test("strips javascript: and other script URLs, whatever their spelling", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:x",
      "data:text/html,<script>alert(1)</script>",
    ]) {
      const link = parse(sanitizeHtml(`<a href="${href}">x</a>`)).querySelector("a");
      expect(link?.getAttribute("href") ?? null).toBeNull();
    }
    const image = parse(sanitizeHtml('<img src="javascript:alert(1)">')).querySelector("img");
    expect(image?.getAttribute("src") ?? null).toBeNull();
  });

  test("removes frames, forms, styles and inline style attributes", () => {
    const root = parse(
      sanitizeHtml(
        '<iframe src="https://x.test"></iframe><form action="/x"><input name="q"><button>go</button></form><style>body{display:none}</style><p style="position:fixed">p</p><svg><script>alert(1)</script></svg>',
      ),
    );
    for (const selector of ["iframe", "form", "button", "style", "svg", "script", "input[name]"]) {
      expect(root.querySelector(selector)).toBeNull();
    }
    expect(root.querySelector("p")?.hasAttribute("style")).toBe(false);
  });

  test("keeps only the highlighter's classes, so a paste cannot borrow the app's layout classes", () => {
    const root = parse(
      sanitizeHtml('<div class="fixed inset-0 z-50 hljs-keyword">x</div><code class="hljs language-js">y</code>'),
    );
    expect(root.querySelector("div")?.getAttribute("class")).toBe("hljs-keyword");
    expect(root.querySelector("code")?.getAttribute("class")).toBe("hljs language-js");
    expect(parse(sanitizeHtml('<span class="bg-red-500">z</span>')).querySelector("span")?.hasAttribute("class")).toBe(
      false,
    );
  });

  test("prefixes ids so they cannot clobber the page's globals", () => {
    const root = parse(sanitizeHtml('<a id="location" name="cookie">x</a>'));
    expect(root.querySelector("a")?.getAttribute("id")).toBe("user-content-location");
  });

  test("links open apart from the app; images do not send the page's address", () => {
    const root = parse(
      sanitizeHtml(
        '<a href="https://example.com">e</a><a href="#part">p</a><img src="https://example.com/i.png" alt="i">',
      ),
    );
    const [external, anchor] = [...root.querySelectorAll("a")];
    expect(external?.getAttribute("target")).toBe("_blank");
    expect(external?.getAttribute("rel")).toContain("noopener");
    expect(external?.getAttribute("rel")).toContain("noreferrer");
    expect(anchor?.hasAttribute("target")).toBe(false);
    const image = root.querySelector("img");
    expect(image?.getAttribute("src")).toBe("https://example.com/i.png");
    expect(image?.getAttribute("referrerpolicy")).toBe("no-referrer");
  });

  test("keeps images by URL and as data: images", () => {
    const root = parse(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=" alt="d">'));
    expect(root.querySelector("img")?.getAttribute("src")).toStartWith("data:image/png");
  });

  test("keeps task-list checkboxes, read-only; drops other inputs", () => {
    const root = parse(
      sanitizeHtml('<input type="checkbox" checked><input type="text" value="x"><input type="password">'),
    );
    const inputs = [...root.querySelectorAll("input")];
    expect(inputs.length).toBe(1);
    expect(inputs[0]?.hasAttribute("disabled")).toBe(true);
    expect(inputs[0]?.hasAttribute("checked")).toBe(true);
  });
});

describe("Markdown rendering", () => {
  test("renders GFM tables, task lists and strikethrough", () => {
    const root = parse(renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~"));
    expect(root.querySelectorAll("table th").length).toBe(2);
    expect(root.querySelector("table td")?.textContent).toBe("1");
    const boxes = [...root.querySelectorAll('input[type="checkbox"]')];
    expect(boxes.map((box) => box.hasAttribute("checked"))).toEqual([true, false]);
    expect(boxes.every((box) => box.hasAttribute("disabled"))).toBe(true);
    expect(root.querySelector("del")?.textContent).toBe("old");
  });

  test("highlights fenced code by its language once that language's grammar is loaded", async () => {
    const markdown = "Intro\n\n- item\n\n  ```js\n  const answer = 42;\n  ```\n";
    expect(codeBlocksOf(markdown)).toEqual([{ code: "const answer = 42;", info: "js" }]);
    expect(await loadCodeLanguages(codeBlocksOf(markdown))).toBe(true);
    // Loaded once: asking again adds nothing, so the page does not render a second time.
    expect(await loadCodeLanguages(codeBlocksOf(markdown))).toBe(false);
    const root = parse(renderMarkdown("```js\nconst answer = 42;\n```"));
    const code = root.querySelector("pre code");
    expect(code?.getAttribute("class")).toBe("hljs language-js");
    expect(code?.querySelector(".hljs-keyword")?.textContent).toBe("const");
    expect(code?.textContent).toBe("const answer = 42;\n");
  });

  test("code blocks and tables, which scroll when wide, are reached by keyboard (tabindex 0, whatever the source said)", () => {
    const root = parse(
      renderMarkdown(
        '```js\nconst a = 1;\n```\n\n| a |\n| - |\n| 1 |\n\n<pre tabindex="5">x</pre><p tabindex="1">p</p>',
      ),
    );
    expect([...root.querySelectorAll("pre, table")].map((node) => node.getAttribute("tabindex"))).toEqual([
      "0",
      "0",
      "0",
    ]);
    expect(root.querySelector("p[tabindex]")).toBeNull();
  });

  test("a task's checkbox is named by its task", () => {
    const root = parse(renderMarkdown("- [x] pack the bags\n- [ ] book\n  more about it\n\n  - nested"));
    expect([...root.querySelectorAll("input")].map((box) => box.getAttribute("aria-label"))).toEqual([
      "pack the bags",
      "book",
    ]);
  });

  test("an unknown language is shown as escaped text", () => {
    const root = parse(renderMarkdown("```nosuchlang\n<b>bold?</b>\n```"));
    expect(root.querySelector("pre code b")).toBeNull();
    expect(root.querySelector("pre code")?.textContent).toBe("<b>bold?</b>\n");
  });

  test("raw HTML in Markdown is sanitised, not executed", () => {
    const html = renderMarkdown(
      'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n[click](javascript:alert(3))\n\n<a href="javascript:alert(4)">x</a>',
    );
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
  });

  test("autolinks and images by URL", () => {
    const root = parse(renderMarkdown("See https://example.com and ![logo](https://example.com/logo.png)"));
    expect(root.querySelector("a")?.getAttribute("href")).toBe("https://example.com");
    expect(root.querySelector("a")?.getAttribute("rel")).toContain("noopener");
    expect(root.querySelector("img")?.getAttribute("src")).toBe("https://example.com/logo.png");
  });
});
