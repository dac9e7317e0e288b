import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../test/eventually";
import { renderAppAt } from "../../../test/render-app";
import { adminValidation, endedSession, keyCheck, mockTrpc, storeAdminSession } from "../../../test/trpc-msw";
import { toast } from "../feedback/toast-store";

const server = mockTrpc();

afterEach(() => {
  setSystemTime();
});

const current = (location: { history: string[] }) => location.history.at(-1) ?? "";
const validations = () => server.calls.filter((call) => call.path === "session.me").length;

describe("route guard in the app", () => {
  test("signed out: admin routes are not redirected (the login shows)", async () => {
    const { location } = renderAppAt("/admin/key-management");
    expect(await screen.findByRole("heading", { name: "Log in to the admin area" })).toBeDefined();
    expect(current(location)).toBe("/admin/key-management");
  });

  test("signed out: the mount explorer asks to log in, with a link to the login", async () => {
    const { location } = renderAppAt("/mount-explorer/docs");
    expect(await screen.findByRole("heading", { name: "Log in to browse mounts" })).toBeDefined();
    expect(current(location)).toBe("/mount-explorer/docs");
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe(
      "/admin?next=%2Fmount-explorer%2Fdocs",
    );
  });

  test("a mount key outside its base path is sent to its base path, replacing the history entry", async () => {
    server.signInWithKey(keyCheck({ mount: true }, "/docs"));
    const { location } = renderAppAt("/mount-explorer/other");
    // The explorer names the folder it opened in its breadcrumbs.
    const crumbs = await screen.findByTestId("breadcrumbs", {}, { timeout: 15000 });
    expect(within(crumbs).getByText("docs").getAttribute("aria-current")).toBe("page");
    expect(location.history).toEqual(["/mount-explorer/docs"]);
    expect(screen.getByText("Your key is limited to /docs")).toBeDefined();
  });

  test("a mount key inside its base path stays", async () => {
    server.signInWithKey(keyCheck({ mount: true }, "/docs"));
    const { location } = renderAppAt("/mount-explorer/docs/2024");
    const crumbs = await screen.findByTestId("breadcrumbs", {}, { timeout: 15000 });
    expect(within(crumbs).getByText("2024").getAttribute("aria-current")).toBe("page");
    expect(within(crumbs).getByRole("link", { name: "docs" }).getAttribute("href")).toBe("/mount-explorer/docs");
    expect(location.history).toEqual(["/mount-explorer/docs/2024"]);
  });

  test("a key without mount permission is told so in the explorer", async () => {
    server.signInWithKey(keyCheck({ text: true }, "/", "Notes"));
    renderAppAt("/mount-explorer");
    expect(await screen.findByRole("heading", { name: "Your key cannot browse mounts" })).toBeDefined();
  });

  test("a key with no permission is sent Home from the admin area, with a message", async () => {
    server.signInWithKey(keyCheck({}));
    const { location } = renderAppAt("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Online clipboard" })).toBeDefined();
    expect(current(location)).toBe("/");
    expect(toast.getToasts().map((item) => item.title)).toContain(
      "This API key has no permissions, so it cannot open this page.",
    );
  });

  test("a key opening an admin module it may not use sees what it can use instead", async () => {
    server.signInWithKey(keyCheck({ mount: true, text: true }, "/docs"));
    renderAppAt("/admin/key-management");
    expect(await screen.findByRole("heading", { name: "Not available with this key" })).toBeDefined();
    const links = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(links).toContain("/admin/text-management");
    expect(links).toContain("/admin/mount-management");
    expect(links).toContain("/mount-explorer/docs");
  });

  test("a never-checked admin session is checked before the admin area shows", async () => {
    storeAdminSession();
    server.use(adminValidation("root"));
    renderAppAt("/admin");
    expect(screen.getByRole("status").textContent).toContain("Checking your login");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeDefined();
    expect(validations()).toBe(1);
  });

  test("an ended admin session: the login shows with 'session expired'", async () => {
    storeAdminSession();
    server.use(endedSession());
    renderAppAt("/admin/settings");
    expect(await screen.findByRole("heading", { name: "Log in to the admin area" })).toBeDefined();
    expect(localStorage.getItem("pastebox_signed_in")).toBeNull();
    expect(toast.getToasts().map((item) => item.title)).toContain(
      "Your admin session has expired. Please log in again.",
    );
  });

  test("the server unreachable: the admin area stays, with a calm notice and a retry", async () => {
    storeAdminSession();
    server.goOffline();
    renderAppAt("/admin");
    // What happened (no answer) and that the login stands, never that the login itself is in doubt.
    const notice = (await screen.findByText("The server cannot be reached")).closest("[role=status]");
    expect(notice?.textContent).toContain("You are still logged in");
    expect(notice?.textContent).not.toMatch(/login could not be checked/i);
    expect(within(notice as HTMLElement).getByRole("button", { name: "Try again" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeDefined();
    server.use(adminValidation());
  });

  test("admin routes check again once the last check is over 5 minutes old; other routes do not", async () => {
    server.signInAsAdmin({ "keys.list": () => [] });
    renderAppAt("/admin");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(validations()).toBe(1);

    const sidebar = screen.getByRole("navigation", { name: "Admin modules" });
    fireEvent.click(within(sidebar).getByRole("link", { name: "Settings" }));
    await screen.findByRole("heading", { level: 1, name: "Settings" });
    expect(validations()).toBe(1);

    setSystemTime(new Date(Date.now() + 300_001));
    fireEvent.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Upload" }));
    await screen.findByRole("heading", { level: 1, name: "Upload files" });
    expect(validations()).toBe(1);

    fireEvent.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Admin" }));
    await eventually(() => expect(validations()).toBe(2));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeDefined();
  });
});
