// Home's Rich tab (Milkdown) for keyboard and screen-reader users, in Chromium against the real
// server: the table handles' buttons have names (axe button-name, critical, docs/accessibility.md), Tab leaves
// the editor instead of typing spaces, and the focus ring is drawn around the editing area.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { e2eSpec, injectAxe, saveShot } from "../kit/harness";
import { pasteIntoHomeEditor } from "../kit/pages";

setDefaultTimeout(300_000);

const { app, openAdminPage } = e2eSpec(import.meta.path);

const TABLE = "# Plan\n\n| Day | Task |\n| --- | --- |\n| Mon | pack |\n\nAfter the table.\n";

async function openRich(page: Page, text: string) {
  await page.goto(`${app.baseUrl}/`);
  await pasteIntoHomeEditor(page, text);
  await page.getByTestId("editor-view-rich").click();
  await page.getByTestId("rich-note").waitFor({ timeout: 60_000 });
  return page.locator(".ProseMirror");
}

describe("Rich editor", () => {
  test("the table's handles name every button, and axe finds no button without a name", async () => {
    const { page, context, errors } = await openAdminPage();
    const rich = await openRich(page, TABLE);
    // The handles show for the cell under the pointer.
    await rich.getByText("pack", { exact: true }).hover();
    await rich.getByText("pack", { exact: true }).click();
    const table = page.locator(".milkdown-table-block");
    for (const name of ["Delete row", "Delete column", "Align column left", "Centre column", "Align column right"]) {
      expect(await table.getByRole("button", { name, includeHidden: true }).count()).toBeGreaterThan(0);
    }
    await injectAxe(page);
    const unnamed = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
      const result = await (window as any).axe.run(".milkdown", { runOnly: ["button-name"] });
      return result.violations.flatMap((v: { nodes: { html: string }[] }) => v.nodes.map((node) => node.html));
    });
    expect(unnamed).toEqual([]);
    await saveShot(import.meta.path, page, "table-handles");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("Tab leaves the editor and types nothing; the focus ring surrounds the editing area", async () => {
    const { page, context } = await openAdminPage();
    const rich = await openRich(page, "# Heading\n\ntext\n");
    await rich.getByRole("heading", { name: "Heading" }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    expect(await rich.evaluate((node) => node.contains(document.activeElement))).toBe(false);
    expect(await rich.locator("h1").textContent()).toBe("Heading");

    // Back with Shift+Tab, from the keyboard: the editing area shows the ring.
    await page.keyboard.press("Shift+Tab");
    expect(await rich.evaluate((node) => node === document.activeElement)).toBe(true);
    const outline = await rich.evaluate((node) => getComputedStyle(node).outlineStyle);
    expect(outline).not.toBe("none");
    await saveShot(import.meta.path, page, "focus-ring");
    await context.close();
  });
});
