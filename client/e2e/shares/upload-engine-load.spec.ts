// The Upload screen draws without its upload engine (docs/performance.md, Page weight): the engine's
// code is asked for when the first file is added, and a file dropped and started while that code is
// still on its way is kept in the list and uploaded once it arrives.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Route } from "playwright-core";
import { e2eSpec } from "../kit/harness";

setDefaultTimeout(120_000);

const { app, openAdminPage } = e2eSpec(import.meta.path);

/** The engine's chunks: the Upload screen's runner (with the engine it imports) and the queue's pool. */
const ENGINE_CHUNK = /\/assets\/(screen-upload|pool)-[^/]*\.js$/;

describe("upload engine loaded on demand", () => {
  test("a file dropped and started before the engine has arrived waits for it, then uploads", async () => {
    const { context, page, errors } = await openAdminPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const held: Route[] = [];
    let holding = true;
    await page.route(ENGINE_CHUNK, (route) => (holding ? held.push(route) : route.continue()));

    await page.goto(`${app.baseUrl}/upload`);
    await page.getByTestId("drop-zone").waitFor();
    await page.getByTestId("storage-select").waitFor();
    // Opening the screen asks for none of the engine.
    expect(requested.filter((path) => ENGINE_CHUNK.test(path))).toEqual([]);

    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(["notes sent before the engine\n"], "early.txt", { type: "text/plain" }));
      return data;
    });
    await page.dispatchEvent('[data-testid="drop-zone"]', "drop", { dataTransfer: transfer });
    const early = page.locator('[data-testid="upload-row"][data-name="early.txt"]');
    await early.waitFor();
    await early.getByRole("button", { name: "Upload early.txt" }).click();

    // The first file asked for the engine; held back, the row waits for it in the list.
    const deadline = Date.now() + 15_000;
    while (held.length === 0 && Date.now() < deadline) await Bun.sleep(50);
    expect(held.length).toBeGreaterThan(0);
    await Bun.sleep(500);
    expect(await early.getAttribute("data-status")).toBe("pending");

    holding = false;
    for (const route of held) await route.continue();
    await page.waitForSelector('[data-name="early.txt"][data-status="success"]', { timeout: 30_000 });
    expect(await early.getByTestId("result-link").inputValue()).toMatch(/\/file\/[A-Za-z0-9]+$/);
    expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});
