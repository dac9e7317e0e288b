import { beforeEach, describe, expect, test } from "bun:test";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../test/eventually";
import { fsEntry, fsListing } from "../../../test/fixtures";
import { renderAppAt } from "../../../test/render-app";
import { keyCheck, mockTrpc } from "../../../test/trpc-msw";
import i18n from "../../i18n";
import { basket } from "../../lib/explorer/basket-store";
import { explorerTasks } from "../../lib/explorer/tasks/task-store";

const server = mockTrpc();

/** An entry of /docs unless its path says otherwise. */
function entry(overrides: Partial<FsEntry> & { name: string }): FsEntry {
  return fsEntry(overrides.path ?? `/docs/${overrides.name}`, overrides);
}

function listing(items: FsEntry[], readonly = false, nextCursor: string | null = null) {
  return fsListing("/docs", items, { readonly, next_cursor: nextCursor, has_more: nextCursor !== null });
}

const ENTRIES = [
  entry({ name: "b10.txt", size: 300 }),
  entry({ name: "b2.txt", size: 5 }),
  entry({ name: "reports", type: "directory", size: 0, modified: null, mimetype: null }),
];

function names(): string[] {
  return screen.getAllByTestId("entry").map((element) => element.getAttribute("data-name") ?? "");
}

describe("mount explorer (admin)", () => {
  beforeEach(() => server.signInAsAdmin());

  test("breadcrumbs, folders first, sorting and selection", async () => {
    server.use({ "fs.list": () => listing(ENTRIES) });
    renderAppAt("/mount-explorer/docs");
    // The first render of the app loads its lazy screens: slow on a busy machine.
    await screen.findAllByTestId("entry", {}, { timeout: 15000 });
    const crumbs = screen.getByTestId("breadcrumbs");
    expect(within(crumbs).getByRole("link", { name: "All mounts" }).getAttribute("href")).toBe("/mount-explorer");
    expect(within(crumbs).getByText("docs").getAttribute("aria-current")).toBe("page");
    // The path is shown once, as the breadcrumbs, not again in the header.
    expect(screen.queryAllByText("/docs").map((node) => node.outerHTML)).toEqual([]);
    expect(names()).toEqual(["reports", "b2.txt", "b10.txt"]);
    fireEvent.click(screen.getByTestId("sort-size"));
    fireEvent.click(screen.getByTestId("sort-size"));
    expect(names()).toEqual(["reports", "b10.txt", "b2.txt"]);
    // A folder link opens it; a file link opens its preview.
    expect(screen.getByRole("link", { name: "reports" }).getAttribute("href")).toBe("/mount-explorer/docs/reports");
    expect(screen.getByRole("link", { name: "b2.txt" }).getAttribute("href")).toBe(
      "/mount-explorer/docs?preview=%2Fdocs%2Fb2.txt",
    );
    fireEvent.click(screen.getByLabelText("Select b2.txt"));
    expect(screen.getByText("1 selected")).toBeDefined();
    expect(screen.getByTestId("download-button")).toBeDefined();
    expect(screen.getByTestId("rename-button")).toBeDefined();
    fireEvent.click(screen.getByLabelText("Select all"));
    expect(screen.getByText("3 selected")).toBeDefined();
    expect(screen.queryByTestId("download-button")).toBeNull();
  });

  test("a large folder shows its first page, then the next one from its cursor on Load more", async () => {
    const asked: unknown[] = [];
    const page = (from: number) => Array.from({ length: 3 }, (_, i) => entry({ name: `f${from + i}.txt` }));
    server.use({
      "fs.list": (input) => {
        asked.push(input);
        const cursor = input.cursor;
        return cursor === "page-2" ? listing(page(3)) : listing(page(0), false, "page-2");
      },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry", {}, { timeout: 5000 });
    expect(names()).toEqual(["f0.txt", "f1.txt", "f2.txt"]);
    expect(screen.getByTestId("explorer-summary").textContent).toContain("3 items loaded, more below");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await eventually(() => expect(names()).toEqual(["f0.txt", "f1.txt", "f2.txt", "f3.txt", "f4.txt", "f5.txt"]));
    expect(screen.queryByTestId("load-more")).toBeNull();
    expect(screen.getByTestId("explorer-summary").textContent).toContain("6 items");
    expect(asked).toEqual([
      expect.objectContaining({ path: "/docs", limit: 200 }),
      expect.objectContaining({ path: "/docs", limit: 200, cursor: "page-2" }),
    ]);
  });

  test("a search counts its matches: the first page of many, more on demand, and more than the count cap", async () => {
    const asked: { q: string; limit: number }[] = [];
    server.use({
      "fs.list": () => listing(ENTRIES),
      "fs.search": (input) => {
        const q = String(input.q);
        const limit = typeof input.limit === "number" ? input.limit : 50;
        asked.push({ q, limit });
        // "photo": 70 matches counted exactly; "img": more than the cap of 1,000.
        const total = q === "photo" ? 70 : 1000;
        const results = Array.from({ length: Math.min(limit, total) }, (_, i) => ({
          ...entry({ name: `${q}-${i}.txt` }),
          mount_id: "m1",
          mount_path: "/docs",
          mountId: "m1",
          mountName: "Docs",
          relativePath: `${q}-${i}.txt`,
        }));
        return {
          results,
          total,
          hasMore: limit < total || q !== "photo",
          searchParams: { query: q, scope: "global", limit, offset: 0 },
          mountsSearched: 1,
          truncated: q !== "photo",
          source: "index" as const,
          indexed_at: new Date(),
        };
      },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry", {}, { timeout: 5000 });
    const form = screen.getByTestId("explorer-search");
    const searchFor = (q: string) => {
      fireEvent.change(within(form).getByLabelText("Search files"), { target: { value: q } });
      fireEvent.submit(form);
    };
    searchFor("photo");
    expect(await screen.findByText("70 results for “photo”")).toBeDefined();
    expect(screen.getByTestId("search-showing").textContent).toBe("Showing the first 50 of 70.");
    expect(screen.queryByTestId("search-truncated")).toBeNull();
    await i18n.changeLanguage("zh");
    await eventually(() => expect(screen.getByTestId("search-showing").textContent).toBe("显示前 50 个，共 70 个。"));
    expect(screen.getByText("“photo”共 70 个结果")).toBeDefined();
    await i18n.changeLanguage("en");
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    expect(await screen.findByText("70 results for “photo”")).toBeDefined();
    expect(screen.queryByTestId("search-showing")).toBeNull();

    searchFor("img");
    expect(await screen.findByText("More than 1000 results for “img”")).toBeDefined();
    expect(screen.getByTestId("search-showing").textContent).toBe(
      "Showing the first 50. Narrow the search to find the rest.",
    );
    expect(screen.queryByTestId("search-truncated")).toBeNull();
    await i18n.changeLanguage("zh");
    await eventually(() => expect(screen.getByText("“img”超过 1000 个结果")).toBeDefined());
    await i18n.changeLanguage("en");
    expect(asked).toEqual([
      { q: "photo", limit: 50 },
      { q: "photo", limit: 200 },
      { q: "img", limit: 50 },
    ]);
  });

  test("a search that stopped early says so, in both languages, and can search further", async () => {
    const asked: { limit?: number }[] = [];
    server.use({
      "fs.list": () => listing(ENTRIES),
      "fs.search": (input) => {
        const limit = typeof input.limit === "number" ? input.limit : 50;
        asked.push({ limit });
        const results = Array.from({ length: limit === 50 ? 2 : 3 }, (_, i) => ({
          ...entry({ name: `hit-${i}.txt` }),
          mount_id: "m1",
          mount_path: "/docs",
          mountId: "m1",
          mountName: "Docs",
          relativePath: `hit-${i}.txt`,
        }));
        return {
          results,
          total: results.length + (limit === 50 ? 1 : 0),
          hasMore: limit === 50,
          searchParams: { query: "hit", scope: "global", limit, offset: 0 },
          mountsSearched: 1,
          truncated: limit === 50,
          source: "live" as const,
          indexed_at: null,
        };
      },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry", {}, { timeout: 5000 });
    const form = screen.getByTestId("explorer-search");
    fireEvent.change(within(form).getByLabelText("Search files"), { target: { value: "hit" } });
    fireEvent.submit(form);
    expect((await screen.findByTestId("search-truncated")).textContent).toBe(
      "The search stopped early, after the first matches; there may be more.",
    );
    expect(screen.getByText("First 2 results for “hit”")).toBeDefined();
    await i18n.changeLanguage("zh");
    await eventually(() => expect(screen.getByTestId("search-truncated").textContent).toContain("提前结束"));
    await i18n.changeLanguage("en");
    fireEvent.click(await screen.findByRole("button", { name: "Search further" }));
    expect(await screen.findByText("3 results for “hit”")).toBeDefined();
    expect(screen.queryByTestId("search-truncated")).toBeNull();
    expect(asked).toEqual([{ limit: 50 }, { limit: 200 }]);
  });

  test("a new folder name is checked, then created under the current folder", async () => {
    const made: unknown[] = [];
    server.use({
      "fs.list": () => listing([]),
      "fs.mkdir": (input) => {
        made.push(input);
        return entry({ name: "new", type: "directory" });
      },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findByTestId("explorer-empty");
    fireEvent.click(screen.getByTestId("mkdir-button"));
    const form = await screen.findByTestId("name-form");
    fireEvent.change(within(form).getByLabelText("Folder name"), { target: { value: "a/b" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("A name cannot contain / or \\")).toBeDefined();
    fireEvent.change(within(form).getByLabelText("Folder name"), { target: { value: "new" } });
    fireEvent.submit(form);
    await eventually(() => expect(made).toEqual([{ path: "/docs/new" }]));
  });

  test("share: a count that is not whole is refused at its own field, which takes the focus", async () => {
    const shared: unknown[] = [];
    server.use({
      "fs.list": () => listing(ENTRIES),
      "fs.share": (input) => {
        shared.push(input);
        const url = "http://localhost:3000/s/abc";
        return { id: "s1", slug: "abc", url, is_directory: true, name: "reports", expires_at: null };
      },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    fireEvent.click(screen.getByRole("button", { name: "Actions for reports" }));
    fireEvent.click(await screen.findByTestId("entry-action-share"));
    const form = await screen.findByTestId("share-form");
    const visits = within(form).getByLabelText("Visits allowed");
    fireEvent.change(visits, { target: { value: "2.5" } });
    fireEvent.submit(form);
    await eventually(() => expect(visits.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getAllByText("Enter a whole number of 0 or more")).toHaveLength(1);
    expect(within(form).getByLabelText("Expires after (hours)").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(visits);
    expect(shared).toEqual([]);
    fireEvent.change(visits, { target: { value: "3" } });
    expect(visits.getAttribute("aria-invalid")).toBeNull();
    fireEvent.submit(form);
    expect((await screen.findByTestId("share-url")).getAttribute("value")).toBe("http://localhost:3000/s/abc");
    expect(shared).toEqual([{ path: "/docs/reports", max_views: 3 }]);
  });
});

describe("mount explorer: basket, tasks and copy", () => {
  beforeEach(() => {
    server.signInAsAdmin();
    basket.clear();
    explorerTasks.clearFinished();
  });

  test("selected files go into the basket; its panel lists them with the total and warns when large", async () => {
    const huge = entry({ name: "video.mkv", size: 2 * 1024 ** 3, mimetype: "video/x-matroska" });
    server.use({ "fs.list": () => listing([...ENTRIES, huge]) });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    // A folder alone offers no basket; with a file, only the file goes in.
    fireEvent.click(screen.getByLabelText("Select reports"));
    expect(screen.queryByTestId("add-to-basket-button")).toBeNull();
    fireEvent.click(screen.getByLabelText("Select b2.txt"));
    fireEvent.click(screen.getByTestId("add-to-basket-button"));
    expect(await screen.findByText("Added 1 file to the basket (1 in all)")).toBeDefined();
    expect(screen.getByTestId("basket-button-badge").textContent).toBe("1");
    fireEvent.click(screen.getByTestId("basket-button"));
    const panel = await screen.findByTestId("basket-panel");
    expect(
      within(panel)
        .getAllByTestId("basket-item")
        .map((item) => item.getAttribute("data-path")),
    ).toEqual(["/docs/b2.txt"]);
    expect(within(panel).queryByTestId("basket-warning")).toBeNull();
    fireEvent.click(within(panel).getByLabelText("Remove b2.txt from the basket"));
    expect(await within(panel).findByText("The basket is empty")).toBeDefined();
    // More than 1 GB in all: the warning.
    basket.add([{ path: "/docs/video.mkv", name: "video.mkv", size: huge.size, mimetype: null, modified: null }]);
    expect((await within(panel).findByTestId("basket-warning")).textContent).toContain("2 GB");
    // The basket lasts across reloads.
    expect(JSON.parse(localStorage.getItem("explorer_basket") ?? "[]")).toHaveLength(1);
  });

  test("the task panel shows each task's status, progress, files and their failures; cancel and clear", async () => {
    server.use({ "fs.list": () => listing(ENTRIES) });
    let cancelled = 0;
    const running = explorerTasks.create(
      {
        type: "upload",
        title: { key: "explorer.tasks.titles.upload", values: { count: 2, target: "/docs" } },
        files: [
          { id: "a", name: "a.txt", path: "/docs/a.txt", size: 100 },
          { id: "b", name: "b.txt", path: "/docs/b.txt", size: 100 },
        ],
      },
      () => cancelled++,
    );
    explorerTasks.update(running, { status: "running", loaded: 50 });
    const partial = explorerTasks.create({
      type: "delete",
      title: { key: "explorer.tasks.titles.delete", values: { count: 2 } },
      files: [
        { id: "x", name: "x", path: "/docs/x", size: 0 },
        { id: "y", name: "y", path: "/docs/y", size: 0 },
      ],
    });
    explorerTasks.updateFile(partial, "x", { status: "completed" });
    explorerTasks.updateFile(partial, "y", { status: "failed", error: new Error("You have no access to this path") });
    explorerTasks.update(partial, {
      status: "partial",
      summary: { key: "explorer.tasks.summaries.delete", values: { done: 1, failed: 1 } },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    expect(screen.getByTestId("tasks-button-badge").textContent).toBe("1");
    fireEvent.click(screen.getByTestId("tasks-button"));
    const panel = await screen.findByTestId("task-panel");
    const [deletion, upload] = within(panel).getAllByTestId("task");
    expect(deletion?.getAttribute("data-status")).toBe("partial");
    expect(within(deletion as HTMLElement).getByTestId("task-status").textContent).toBe("Partially complete");
    expect(within(deletion as HTMLElement).getByTestId("task-summary").textContent).toBe("1 deleted, 1 failed");
    expect(deletion?.textContent).toContain("You have no access to this path");
    expect(within(upload as HTMLElement).getByTestId("task-title").textContent).toBe("Upload 2 files to /docs");
    expect(
      within(upload as HTMLElement)
        .getByRole("progressbar")
        .getAttribute("aria-valuenow"),
    ).toBe("25");
    fireEvent.click(within(upload as HTMLElement).getByTestId("task-cancel"));
    expect(cancelled).toBe(1);
    fireEvent.click(within(panel).getByTestId("tasks-clear"));
    await eventually(() => expect(within(panel).getAllByTestId("task")).toHaveLength(1));
    explorerTasks.update(running, { status: "cancelled" });
    explorerTasks.clearFinished();
  });

  test("copy to: the picker browses folders of every mount and refuses the root", async () => {
    const mounts = fsListing(
      "/",
      [
        entry({ name: "docs", path: "/docs", type: "directory", is_mount: true, mount_id: "m1" }),
        entry({ name: "bucket", path: "/bucket", type: "directory", is_mount: true, mount_id: "m2" }),
      ],
      { is_virtual: true, mount_id: null },
    );
    const bucket = fsListing("/bucket", [entry({ name: "in", path: "/bucket/in", type: "directory" })]);
    server.use({
      "fs.list": (input) => {
        const path = input.path;
        return path === "/" ? mounts : path === "/bucket" ? bucket : listing(ENTRIES);
      },
    });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    fireEvent.click(screen.getByLabelText("Select b2.txt"));
    fireEvent.click(screen.getByTestId("copy-to-button"));
    const dialog = await screen.findByTestId("copy-dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "All mounts" }));
    expect(await within(dialog).findByText("Open a mount or a folder inside one to copy there.")).toBeDefined();
    expect((screen.getByTestId("copy-submit") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "bucket" }));
    await within(dialog).findByRole("button", { name: "in" });
    expect((screen.getByTestId("copy-submit") as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId("copy-submit").textContent).toBe("Copy into bucket");
    expect((within(dialog).getByLabelText("Skip files that already exist") as HTMLInputElement).checked).toBe(true);
  });
});

describe("mount explorer: editing", () => {
  beforeEach(() => server.signInAsAdmin());

  test("a text file over 10 MB opens to the content-too-large message, without loading it", async () => {
    const big = entry({ name: "huge.log", size: 11 * 1024 * 1024, mimetype: "text/plain" });
    server.use({ "fs.list": () => listing([big]) });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    fireEvent.click(screen.getByLabelText("Select huge.log"));
    fireEvent.click(screen.getByTestId("edit-button"));
    expect((await screen.findByTestId("editor-too-large")).textContent).toContain("The content is larger than 10 MB");
    expect(screen.queryByTestId("text-editor")).toBeNull();
    expect(screen.queryByTestId("editor-save")).toBeNull();
  });
});

describe("mount explorer (API key)", () => {
  test("a read-only key lists through fs.list, as the admin does, and sees no write actions", async () => {
    const check = { ...keyCheck({ mount: true }, "/docs"), mount_read_only: true };
    server.signInWithKey(check, { "fs.list": () => listing(ENTRIES, true) });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    expect(screen.queryByTestId("upload-button")).toBeNull();
    expect(screen.queryByTestId("mkdir-button")).toBeNull();
    fireEvent.click(screen.getByLabelText("Select b2.txt"));
    expect(screen.getByTestId("download-button")).toBeDefined();
    expect(screen.queryByTestId("rename-button")).toBeNull();
    expect(screen.queryByTestId("delete-button")).toBeNull();
    expect(screen.queryByTestId("copy-to-button")).toBeNull();
    expect(screen.queryByTestId("upload-folder-button")).toBeNull();
    expect(screen.getByTestId("add-to-basket-button")).toBeDefined();
  });
});
