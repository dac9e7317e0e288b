// What you paste is what is stored (docs/decisions/0008-source-editor.md), in Chromium against the real server: every document of
// the corpus (markdown-corpus.ts) is pasted into Home's editor, shared, and read back through its raw
// link; and opened in the explorer's editor from a real folder, saved without a change (nothing is
// written: same bytes, same modification time) and saved after a keystroke (exactly that keystroke
// more). Bytes are compared, not strings.
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { e2eSpec } from "../kit/harness";
import { pasteIntoHomeEditor } from "../kit/pages";
import { CORPUS, type CorpusDocument, tenMegabytes } from "./markdown-corpus";

setDefaultTimeout(600_000);

const { app, api, openAdminPage } = e2eSpec(import.meta.path);

let folder: string;

const BIG: CorpusDocument = { name: "ten-megabytes", text: tenMegabytes() };

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "roundtrip-e2e-"));
});

async function openAsAdmin() {
  const opened = await openAdminPage();
  await opened.page.goto(`${app.baseUrl}/`);
  return opened;
}

/** Shares what is in Home's editor and returns the bytes its raw link serves. */
async function shareAndReadRaw(page: Page, name: string): Promise<Buffer> {
  await page.getByRole("button", { name: "Create share link" }).click();
  const rawLink = page.getByTestId("raw-link");
  // The link, or the form's own message when the create did not succeed (said in the failure).
  const form = page.locator("form");
  const formMessage = form.getByRole("alert").or(form.getByRole("status").filter({ hasText: /offline/i }));
  try {
    await rawLink.or(formMessage).first().waitFor({ timeout: 120_000 });
  } catch (error) {
    // Neither a link nor a message: say what the screen shows instead.
    const editorText =
      (await page
        .locator(".cm-content")
        .textContent()
        .catch(() => null)) ?? "";
    const formText = (await form.textContent().catch(() => null)) ?? "(no form)";
    throw new Error(
      `${name}: no link and no message; editor holds ${editorText.length} characters; ` +
        `the form reads: ${formText.replace(/\s+/g, " ").slice(0, 600)}`,
      { cause: error },
    );
  }
  if (!(await rawLink.isVisible())) {
    throw new Error(`${name}: no link; the form says "${await formMessage.first().textContent()}"`);
  }
  const response = await fetch(await rawLink.inputValue());
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

function expectSameBytes(actual: Buffer, expected: string, name: string) {
  const wanted = Buffer.from(expected, "utf8");
  // One clear line on failure instead of a 10 MB diff: where the bytes first differ.
  let at = 0;
  while (at < Math.min(actual.length, wanted.length) && actual[at] === wanted[at]) at++;
  const where = at === actual.length && at === wanted.length ? "identical" : `${name}: first difference at byte ${at}`;
  expect(where).toBe("identical");
}

function entry(page: Page, name: string) {
  return page.locator(`[data-testid="entry"][data-name="${name}"]`);
}

async function openInEditor(page: Page, name: string) {
  const row = entry(page, name);
  await row.waitFor();
  await row.getByRole("checkbox").check();
  await page.getByTestId("edit-button").click();
  await page.getByTestId("text-editor").locator(".cm-content").waitFor({ timeout: 60_000 });
  return row;
}

describe("byte-identical Markdown", () => {
  test("Home: each pasted document is served by its raw link byte for byte", async () => {
    const { page, context } = await openAsAdmin();
    for (const document of [...CORPUS, BIG]) {
      await page.goto(`${app.baseUrl}/`);
      await pasteIntoHomeEditor(page, document.text);
      expectSameBytes(await shareAndReadRaw(page, document.name), document.text, document.name);
    }
    await context.close();
  });

  test("Home: opening the Rich tab, looking, Escape, a click, scrolling, Tab and leaving change nothing", async () => {
    const { page, context } = await openAsAdmin();
    const wholeRewrites: string[] = [];
    for (const document of CORPUS) {
      await page.goto(`${app.baseUrl}/`);
      await pasteIntoHomeEditor(page, document.text);
      await page.getByTestId("editor-view-rich").click();
      const rich = page.locator(".ProseMirror");
      await rich.waitFor({ timeout: 60_000 });
      // The note says what an edit would rewrite: only its block, for every document of the corpus.
      if (!(await page.getByTestId("rich-note").innerText({ timeout: 60_000 })).includes("A block you edit"))
        wholeRewrites.push(document.name);
      await page.waitForTimeout(300);
      await page.keyboard.press("Escape");
      await rich.click({ position: { x: 40, y: 10 } });
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(300);
      await page.keyboard.press("Tab");
      // Milkdown reports after a pause: give it one before leaving.
      await page.waitForTimeout(400);
      await page.getByTestId("editor-view-source").click();
      await page.locator(".cm-content").waitFor();
      expectSameBytes(await shareAndReadRaw(page, `${document.name} rich`), document.text, `${document.name} rich`);
    }
    expect(wholeRewrites).toEqual([]);
    await context.close();
  });

  test("Home: a real edit in the Rich tab rewrites only the edited block; undone, the text is the original", async () => {
    const { page, context } = await openAsAdmin();
    const text = "- one\n- two\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n[ref]: /url\n\nplain paragraph\n";
    const rich = page.locator(".ProseMirror");
    const editInRich = async (after: string, keys: string[]) => {
      await page.goto(`${app.baseUrl}/`);
      await pasteIntoHomeEditor(page, text);
      await page.getByTestId("editor-view-rich").click();
      await rich.waitFor({ timeout: 60_000 });
      await rich.getByText(after, { exact: true }).click();
      await page.keyboard.press("End");
      for (const key of keys) await page.keyboard.press(key);
      // Milkdown reports after a pause; leaving the tab reports the rest.
      await page.getByTestId("editor-view-source").click();
      await page.locator(".cm-content").waitFor();
      return (await shareAndReadRaw(page, after)).toString("utf8");
    };

    // The paragraph edited: the list's `-`, the table's spacing and the definition stay as written.
    expect(await editInRich("plain paragraph", ["Space", "m", "o", "r", "e"])).toBe(
      text.replace("plain paragraph", "plain paragraph more"),
    );
    // The list edited: Milkdown writes the list its way, and nothing else changes.
    const listEdited = await editInRich("two", ["Space", "x"]);
    expect(listEdited).toContain("two x");
    expect(listEdited.slice(listEdited.indexOf("| a | b |"))).toBe(text.slice(text.indexOf("| a | b |")));
    // Typed and deleted again: the original, byte for byte.
    expect(await editInRich("two", ["x", "Backspace"])).toBe(text);
    await context.close();
  });

  test("Home: a CRLF text pasted and then typed into stays CRLF; toolbar actions insert Markdown source", async () => {
    const { page, context } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/`);
    await pasteIntoHomeEditor(page, "# Title\r\n\r\nText\r\n");
    await page.locator(".cm-content").press("Control+End");
    await page.keyboard.type("two");
    await page.keyboard.press("Enter");
    await page.keyboard.type("end");
    await page.keyboard.down("Shift");
    await page.keyboard.press("Home");
    await page.keyboard.up("Shift");
    await page.getByTestId("markdown-action-bold").click();
    expectSameBytes(await shareAndReadRaw(page, "typed-crlf"), "# Title\r\n\r\nText\r\ntwo\r\n**end**", "typed-crlf");
    await context.close();
  });

  test("explorer: saving without a change writes nothing, a change writes only that change", async () => {
    const storage = await api("POST", "/s3-configs", { name: "Round trip", provider_type: "local", root_path: folder });
    expect(storage.status).toBe(201);
    expect(
      (
        await api("POST", "/admin/mounts", {
          name: "Docs",
          mount_path: "/docs",
          storage_config_id: storage.data.id,
          folder: "docs",
        })
      ).status,
    ).toBe(201);
    const files = [...CORPUS, BIG].map((document) => ({
      ...document,
      file: `${document.name}.${document.name === "mixed-endings" ? "txt" : "md"}`,
    }));
    // The mount shows the storage's folder docs/.
    const docs = join(folder, "docs");
    mkdirSync(join(docs, "rt"), { recursive: true });
    for (const { file, text } of files) writeFileSync(join(docs, "rt", file), text);
    // Modification times a rewrite would visibly change.
    const before = new Map(files.map(({ file }) => [file, statSync(join(docs, "rt", file)).mtimeMs]));

    const { page, context } = await openAsAdmin();
    await page.goto(`${app.baseUrl}/mount-explorer/docs/rt`);
    for (const { file, text, name } of files) {
      const row = await openInEditor(page, file);
      await page.getByTestId("editor-save").click();
      await page.getByText(`${file} has no changes: nothing was written`).first().waitFor();
      await page.getByTestId("text-editor").waitFor({ state: "detached" });
      expectSameBytes(readFileSync(join(docs, "rt", file)), text, `${name} unchanged`);
      expect(statSync(join(docs, "rt", file)).mtimeMs).toBe(before.get(file) ?? 0);
      await row.getByRole("checkbox").uncheck();
    }

    // One keystroke at the very end: the file gains exactly that byte, in every other byte the same.
    for (const { file, text, name } of files.filter((document) => document.name !== "ten-megabytes")) {
      const row = await openInEditor(page, file);
      await page.getByTestId("text-editor").locator(".cm-content").press("Control+End");
      await page.keyboard.type("!");
      await page.getByTestId("editor-save").click();
      await page.getByText(`${file} saved`).first().waitFor();
      await page.getByTestId("text-editor").waitFor({ state: "detached" });
      expectSameBytes(readFileSync(join(docs, "rt", file)), `${text}!`, `${name} edited`);
      await row.getByRole("checkbox").uncheck();
    }
    await context.close();
  });
});
