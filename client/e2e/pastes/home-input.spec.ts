// Home never drops input while its plain text area hands over to the source editor
// (components/editor/plain-editor.tsx): typing and pasting from the very first moment after the click,
// 20 times each, on a normal and a throttled network (CDP), every created link's raw text equals the
// input. Then, with the editor's code held back on purpose: the caret, the undo history, an IME
// composition and a CRLF paste followed by typing all survive the hand-over.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page, Route } from "playwright-core";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(900_000);

const { app, openAdminPage } = e2eSpec(import.meta.path);

const RUNS = 20;

/** A slow mobile connection: the editor's code (about 115 KiB) takes seconds, typing goes on meanwhile. */
const THROTTLED = { offline: false, latency: 300, downloadThroughput: 100 * 1024, uploadThroughput: 50 * 1024 };

type Network = "normal" | "throttled";

async function openHome(network: Network) {
  const opened = await openAdminPage();
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send("Network.enable");
  // Every run downloads the editor's code again, as a first visit does.
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (network === "throttled") await cdp.send("Network.emulateNetworkConditions", THROTTLED);
  await opened.page.goto(`${app.baseUrl}/`);
  const area = opened.page.getByTestId("plain-editor").locator("textarea");
  await area.waitFor({ timeout: 60_000 });
  return { ...opened, area, cdp };
}

/** Shares what Home holds and returns the text its raw link serves. */
async function shareAndReadRaw(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Create share link" }).click();
  const rawLink = page.getByTestId("raw-link");
  try {
    await rawLink.waitFor({ timeout: 120_000 });
  } catch (error) {
    // No link: say what the screen shows instead.
    const form =
      (await page
        .locator("main")
        .textContent()
        .catch(() => null)) ?? "(no page)";
    throw new Error(`no link; the page reads: ${form.replace(/\s+/g, " ").slice(0, 800)}`, { cause: error });
  }
  const response = await fetch(await rawLink.inputValue());
  expect(response.status).toBe(200);
  return await response.text();
}

/** Whether the source editor had taken over when the input ended: the runs must cover both moments. */
function handOverSeen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector("[data-testid=source-editor]") !== null);
}

/** The source editor's text, without its placeholder (one line is enough here). */
function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const content = document.querySelector(".cm-content")?.cloneNode(true) as HTMLElement | undefined;
    for (const placeholder of content?.querySelectorAll(".cm-placeholder") ?? []) placeholder.remove();
    return content?.textContent ?? "";
  });
}

/** Pastes into whatever holds the focus, as the browser delivers a clipboard paste. */
function pasteIntoFocused(page: Page, text: string): Promise<void> {
  return page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData("text/plain", content);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

describe("Home keeps every input across the source editor's hand-over", () => {
  for (const network of ["normal", "throttled"] as const) {
    test(`typing from the first moment, ${RUNS} runs, ${network} network`, async () => {
      const failures: string[] = [];
      let duringInput = 0;
      for (let run = 0; run < RUNS; run++) {
        const { context, page, area } = await openHome(network);
        const typed = `type run ${run}: the quick brown fox jumps over the lazy dog (${network})\nsecond line ${run} [ok] {done}`;
        await area.click();
        await page.keyboard.type(typed, { delay: network === "throttled" ? 15 : 0 });
        if (!(await handOverSeen(page))) duringInput++;
        const raw = await shareAndReadRaw(page);
        if (raw !== typed) failures.push(`run ${run}: stored ${JSON.stringify(raw)}`);
        await context.close();
      }
      console.log(`typing, ${network}: ${RUNS} runs, ${duringInput} still in the text area when typing ended`);
      expect(failures).toEqual([]);
    });

    test(`pasting right after the click, then typing, ${RUNS} runs, ${network} network`, async () => {
      const failures: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { context, page, area } = await openHome(network);
        // Every other run pastes CRLF text, which the text area cannot hold and queues for the editor.
        const breakAs = run % 2 === 0 ? "\n" : "\r\n";
        const pasted = [`# Pasted ${run}`, "", "- item one", "- item two", "", "| a | b |", "|---|---|", ""].join(
          breakAs,
        );
        await area.click();
        await page.waitForTimeout((run * 7) % 60);
        await pasteIntoFocused(page, pasted);
        await page.keyboard.type(`tail ${run}`);
        const raw = await shareAndReadRaw(page);
        const expected = `${pasted}tail ${run}`;
        if (raw !== expected) failures.push(`run ${run}: stored ${JSON.stringify(raw)}`);
        await context.close();
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("with the source editor's code held back", () => {
  /** Opens Home with the editor's chunk held until `release` is called. */
  async function openHeld() {
    const opened = await openHome("normal");
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await opened.page.route(/source-editor/, async (route: Route) => {
      await released;
      await route.continue();
    });
    return { ...opened, release };
  }

  test("the caret and the undo history of the text area carry over", async () => {
    const { context, page, area, release } = await openHeld();
    await area.click();
    await page.keyboard.type("hello world");
    for (let step = 0; step < 5; step++) await page.keyboard.press("ArrowLeft");
    expect(await page.getByTestId("plain-editor").count()).toBe(1);
    release();
    await page.getByTestId("source-editor").waitFor({ timeout: 60_000 });
    // The caret is where it was: before "world".
    await page.keyboard.type("big ");
    expect(await editorText(page)).toBe("hello big world");
    // Undo first takes back what was typed in the editor, then what was typed in the text area (in
    // groups of typing, as there: how many depends on the pauses between the keys).
    await page.keyboard.press("Control+z");
    expect(await editorText(page)).toBe("hello world");
    let undos = 0;
    while ((await editorText(page)) !== "" && undos < 11) {
      await page.keyboard.press("Control+z");
      undos++;
    }
    expect(await editorText(page)).toBe("");
    for (let redo = 0; redo < undos; redo++) await page.keyboard.press("Control+Shift+z");
    expect(await editorText(page)).toBe("hello world");
    expect(await shareAndReadRaw(page)).toBe("hello world");
    await context.close();
  });

  test("an IME composition finishes in the text area; the hand-over waits for it", async () => {
    const { context, page, area, cdp, release } = await openHeld();
    await area.click();
    await page.keyboard.type("ab ");
    await cdp.send("Input.imeSetComposition", { text: "ni", selectionStart: 2, selectionEnd: 2 });
    release();
    // The code is here, yet the text area stays while the composition runs.
    await page.waitForResponse(/source-editor/);
    await page.waitForTimeout(500);
    expect(await page.getByTestId("plain-editor").count()).toBe(1);
    await cdp.send("Input.insertText", { text: "你好" });
    await page.getByTestId("source-editor").waitFor({ timeout: 60_000 });
    await page.keyboard.type(" cd");
    expect(await shareAndReadRaw(page)).toBe("ab 你好 cd");
    await context.close();
  });

  test("a CRLF paste while the code loads, and the typing after it, arrive in order and keep CRLF", async () => {
    const { context, page, area, release } = await openHeld();
    await area.click();
    await page.keyboard.type("x");
    await page.keyboard.press("Backspace");
    await pasteIntoFocused(page, "one\r\ntwo\r\n");
    await page.keyboard.type("three");
    await page.keyboard.press("Enter");
    await page.keyboard.type("fourr");
    await page.keyboard.press("Backspace");
    release();
    await page.getByTestId("source-editor").waitFor({ timeout: 60_000 });
    expect(await shareAndReadRaw(page)).toBe("one\r\ntwo\r\nthree\r\nfour");
    await context.close();
  });
});
