import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { publicFile, publicPaste } from "../test/fixtures";
import { renderAppAt } from "../test/render-app";
import { mockTrpc } from "../test/trpc-msw";
import { toast } from "./components/feedback/toast-store";
import i18n from "./i18n";
import { ADMIN_MODULES } from "./routes";

const trpcMock = mockTrpc();

/** An admin session in storage that the (mocked) server confirms. */
function signInAsAdmin() {
  trpcMock.signInAsAdmin({ "keys.list": () => [] });
}

const currentPath = (location: { history: string[] }) => location.history.at(-1);

/** Renders each path in turn: its screen's heading shows, and the document has the title it should. */
async function expectScreens(cases: [path: string, heading: string, title: string][]) {
  for (const [path, heading, title] of cases) {
    const view = renderAppAt(path);
    // Each screen is a lazy chunk loaded on first use (the home screen's editor is large): the first
    // import on a loaded machine (load 25 with the whole suite running) took over 10 s.
    expect(await screen.findByRole("heading", { level: 1, name: heading }, { timeout: 20_000 })).toBeDefined();
    await waitFor(() => expect(document.title).toBe(title));
    view.unmount();
  }
}

describe("routes", () => {
  test("every route of docs/product.md §2 renders its screen, titled '<page> - Pastebox'", async () => {
    trpcMock.use({
      "pastes.view": (input) => publicPaste(input.slug),
      "files.public.get": (input) => publicFile(input.slug),
    });
    await expectScreens([
      ["/", "Online clipboard", "Online clipboard - Pastebox"],
      ["/upload", "Upload files", "Upload - Pastebox"],
      // Signed out, the admin area is its login.
      ["/admin", "Log in to the admin area", "Log in - Pastebox"],
      ["/admin/storage-config", "Log in to the admin area", "Log in - Pastebox"],
      // Named by its first line once it has loaded (a generic name only until then).
      ["/paste/abc123", "Shared text", "shared text of abc123 - Pastebox"],
      ["/file/xyz789", "xyz789.zip", "Shared file - Pastebox"],
      ["/mount-explorer", "Mount explorer", "Mount explorer - Pastebox"],
      ["/mount-explorer/docs/reports", "Mount explorer", "Mount explorer - Pastebox"],
      ["/admin/nope", "Page not found", "Page not found - Pastebox"],
    ]);
  }, 60_000);

  test("an unknown path redirects to / saying the page does not exist, and replaces the history entry", async () => {
    toast.clear();
    const { location } = renderAppAt("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Online clipboard" })).toBeDefined();
    // replace, not push: Back must not return to the bad URL.
    expect(location.history).toEqual(["/"]);
    expect(toast.getToasts().map(({ title, description }) => ({ title, description }))).toEqual([
      { title: "That page does not exist, so here is Home", description: "/no/such/page" },
    ]);
  });

  test("an unknown admin module shows the not-found screen with a link home", async () => {
    const { location } = renderAppAt("/admin/users");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeDefined();
    expect(currentPath(location)).toBe("/admin/users");
    const home = screen.getByRole("link", { name: "Back to home" });
    expect(home.getAttribute("href")).toBe("/");
    fireEvent.click(home);
    expect(await screen.findByRole("heading", { level: 1, name: "Online clipboard" })).toBeDefined();
    expect(currentPath(location)).toBe("/");
  });

  test("route params reach the screens decoded", async () => {
    renderAppAt("/mount-explorer/docs/%E6%8A%A5%E5%91%8A/");
    expect(await screen.findByText("/docs/报告")).toBeDefined();
  });

  test("paste and file slugs reach their screens", async () => {
    trpcMock.use({ "pastes.view": (input) => publicPaste(input.slug) });
    const view = renderAppAt("/paste/hello-World_1");
    expect(await screen.findByText("shared text of hello-World_1")).toBeDefined();
    // The page asks for the server's rendering of Markdown too (html: true).
    expect(trpcMock.calls.find((call) => call.path === "pastes.view")?.input).toMatchObject({ slug: "hello-World_1" });
    view.unmount();
    trpcMock.use({ "files.public.get": (input) => publicFile(input.slug) });
    renderAppAt("/file/f1le");
    expect(await screen.findByRole("heading", { level: 1, name: "f1le.zip" })).toBeDefined();
    expect(trpcMock.calls.find((call) => call.path === "files.public.get")?.input).toEqual({ slug: "f1le" });
  });
});

describe("page title", () => {
  test("follows navigation and a language change", async () => {
    renderAppAt("/");
    await waitFor(() => expect(document.title).toBe("Online clipboard - Pastebox"));
    const nav = screen.getByRole("navigation", { name: "Main" });
    fireEvent.click(within(nav).getByRole("link", { name: "Upload" }));
    await waitFor(() => expect(document.title).toBe("Upload - Pastebox"));
    await act(() => i18n.changeLanguage("zh"));
    await waitFor(() => expect(document.title).toBe("文件上传 - Pastebox"));
  });
});

describe("navigation bar", () => {
  test("lists the four sections and marks the current one", async () => {
    renderAppAt("/admin/settings");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Upload", "/upload"],
      ["Mount explorer", "/mount-explorer"],
      ["Admin", "/admin"],
    ]);
    expect(within(nav).getByRole("link", { name: "Admin" }).getAttribute("aria-current")).toBe("page");
    for (const name of ["Home", "Upload", "Mount explorer"]) {
      expect(within(nav).getByRole("link", { name }).getAttribute("aria-current")).toBeNull();
    }
  });

  test("clicking a link navigates and moves the active marker", async () => {
    const { location } = renderAppAt("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    fireEvent.click(within(nav).getByRole("link", { name: "Mount explorer" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Mount explorer" })).toBeDefined();
    expect(currentPath(location)).toBe("/mount-explorer");
    expect(within(nav).getByRole("link", { name: "Mount explorer" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  test("the small-screen menu opens, navigates, closes, and closes on Escape", async () => {
    const { location } = renderAppAt("/");
    const toggle = screen.getByRole("button", { name: "Open main menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getAllByRole("navigation", { name: "Main" })).toHaveLength(1);

    fireEvent.click(toggle);
    const menuToggle = await screen.findByRole("button", { name: "Close main menu" });
    expect(menuToggle.getAttribute("aria-expanded")).toBe("true");
    const [, panelNav] = screen.getAllByRole("navigation", { name: "Main" });
    if (!panelNav) throw new Error("menu panel did not open");
    fireEvent.click(within(panelNav).getByRole("link", { name: "Upload" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Upload files" })).toBeDefined();
    expect(currentPath(location)).toBe("/upload");
    await waitFor(() => expect(screen.getAllByRole("navigation", { name: "Main" })).toHaveLength(1));

    fireEvent.click(screen.getByRole("button", { name: "Open main menu" }));
    const [, reopened] = await screen.findAllByRole("navigation", { name: "Main" });
    if (!reopened) throw new Error("menu panel did not reopen");
    fireEvent.keyDown(within(reopened).getByRole("link", { name: "Home" }), { key: "Escape" });
    await waitFor(() => expect(screen.getAllByRole("navigation", { name: "Main" })).toHaveLength(1));
  });

  test("has a skip link, the source link and the footer", async () => {
    renderAppAt("/");
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip.getAttribute("href")).toBe("#main-content");
    expect(document.getElementById("main-content")?.tagName).toBe("MAIN");

    const sources = screen.getAllByRole("link", { name: /Source code on GitHub/ });
    for (const link of sources) {
      expect(link.getAttribute("href")).toBe("https://github.com/pastebox/pastebox");
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }

    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Pastebox`);
    expect(footer.textContent).toContain("Version 0.6.8");
  });
});

describe("admin module navigation", () => {
  test("signed in, every admin route renders its module, titled with its name (/admin: the dashboard)", async () => {
    signInAsAdmin();
    await expectScreens([
      ["/admin", "Dashboard", "Dashboard - Pastebox"],
      ["/admin/dashboard", "Dashboard", "Dashboard - Pastebox"],
      ["/admin/text-management", "Text management", "Text management - Pastebox"],
      ["/admin/file-management", "File management", "File management - Pastebox"],
      ["/admin/storage-config", "Storage configuration", "Storage configuration - Pastebox"],
      ["/admin/mount-management", "Mount management", "Mount management - Pastebox"],
      ["/admin/key-management", "API keys", "API keys - Pastebox"],
      ["/admin/settings", "Settings", "Settings - Pastebox"],
    ]);
  }, 60_000);

  test("the sidebar marks the current module; the small-screen menu opens, navigates and closes", async () => {
    signInAsAdmin();
    const { location } = renderAppAt("/admin");
    const sidebar = await screen.findByRole("navigation", { name: "Admin modules" });
    expect(within(sidebar).getAllByRole("link")).toHaveLength(ADMIN_MODULES.length);
    expect(within(sidebar).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");

    const menuButton = screen.getByRole("button", { name: "Dashboard Admin" });
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(menuButton);
    const [, menu] = await screen.findAllByRole("navigation", { name: "Admin modules" });
    if (!menu) throw new Error("the admin menu did not open");
    fireEvent.click(within(menu).getByRole("link", { name: "API keys" }));
    expect(await screen.findByRole("heading", { level: 1, name: "API keys" })).toBeDefined();
    expect(currentPath(location)).toBe("/admin/key-management");
    await waitFor(() => expect(screen.getAllByRole("navigation", { name: "Admin modules" })).toHaveLength(1));
    expect(within(sidebar).getByRole("link", { name: "API keys" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "API keys Admin" })).toBeDefined();
  });
});
