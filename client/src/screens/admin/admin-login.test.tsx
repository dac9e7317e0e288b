import { beforeEach, describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderAppAt } from "../../../test/render-app";
import { failsWith, keyCheck, mockTrpc, type TrpcResolvers, TrpcTestError } from "../../../test/trpc-msw";
import { toast } from "../../components/feedback/toast-store";
import i18n from "../../i18n";

const server = mockTrpc();

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

const adminLogin = (username = "admin"): TrpcResolvers => {
  let isSignedIn = false;
  return {
    "admin.login": ({ password }) => {
      if (password !== "right-password") throw new TrpcTestError("UNAUTHORIZED", "Wrong username or password");
      isSignedIn = true;
      // The web client's login answers no token: the session is an HttpOnly cookie.
      return { token: null, username, expiresAt: new Date(Date.now() + 86_400_000) };
    },
    "session.me": () => (isSignedIn ? { type: "admin", id: "admin-1", username } : { type: "none" }),
  };
};

/** Nothing the page can read holds a credential (docs/decisions/0009-browser-session-cookie.md). */
function expectNoCredentialStored() {
  const stored = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
  expect(stored.filter((entry) => /token|api_key|pb_|fresh/i.test(entry))).toEqual([]);
  expect(Object.keys(sessionStorage)).toEqual([]);
  expect(document.cookie).toBe("");
}

/** The calls the login made (every page load also asks "me", which is not the login's doing). */
const sent = () => server.calls.filter((call) => call.path !== "session.me");

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
}

/** Opens the login, signs in as "admin" with any password, and reads the alert that answers. */
async function loginAlert(): Promise<string> {
  renderAppAt("/admin");
  await screen.findByRole("heading", { name: "Log in to the admin area" });
  fill("Username", "admin");
  fill("Password", "whatever-1");
  submit();
  return (await screen.findByRole("alert")).textContent ?? "";
}

describe("admin login: admin account", () => {
  test("signed out, /admin shows the login with two modes and labelled fields", async () => {
    renderAppAt("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in to the admin area" })).toBeDefined();
    const tabs = screen.getByRole("tablist", { name: "Login method" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Admin account", "API key"]);
    expect(screen.getByLabelText("Username", { selector: "input" }).getAttribute("autocomplete")).toBe("username");
    expect(screen.getByLabelText("Password", { selector: "input" }).getAttribute("type")).toBe("password");
  });

  test("the eye button shows and hides the password", async () => {
    renderAppAt("/admin");
    await screen.findByRole("heading", { name: "Log in to the admin area" });
    const password = screen.getByLabelText("Password", { selector: "input" });
    const toggle = screen.getByRole("button", { name: "Show password" });
    fireEvent.click(toggle);
    expect(password.getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.getAttribute("type")).toBe("password");
  });

  test("empty fields are reported next to them, in the user's language, without a request", async () => {
    renderAppAt("/admin");
    await screen.findByRole("heading", { name: "Log in to the admin area" });
    submit();
    expect(await screen.findByText("Enter the username")).toBeDefined();
    expect(screen.getByText("Enter the password")).toBeDefined();
    expect(screen.getByLabelText("Username", { selector: "input" }).getAttribute("aria-invalid")).toBe("true");
    expect(sent()).toEqual([]);

    await act(() => i18n.changeLanguage("zh"));
    expect(await screen.findByText("请输入用户名")).toBeDefined();
  });

  test("a wrong password shows the server's message and clears the password", async () => {
    server.use(adminLogin());
    renderAppAt("/admin");
    await screen.findByRole("heading", { name: "Log in to the admin area" });
    fill("Username", "admin");
    fill("Password", "wrong-password");
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Login failed");
    expect(alert.textContent).toContain("Wrong username or password");
    expect((screen.getByLabelText("Password", { selector: "input" }) as HTMLInputElement).value).toBe("");
    expect(localStorage.getItem("pastebox_signed_in")).toBeNull();
  });

  test("success remembers who signed in (no token) and opens the admin area with the user's badge", async () => {
    server.use(adminLogin("root"));
    renderAppAt("/admin");
    await screen.findByRole("heading", { name: "Log in to the admin area" });
    await waitFor(() => expect(document.title).toBe("Log in - Pastebox"));
    fill("Username", "root");
    fill("Password", "right-password");
    // Enter in a field submits the form.
    fireEvent.submit(screen.getByLabelText("Password", { selector: "input" }).closest("form") as HTMLFormElement);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeDefined();
    expect(JSON.parse(localStorage.getItem("pastebox_signed_in") ?? "")).toEqual({ type: "admin", username: "root" });
    expectNoCredentialStored();
    expect(sent()[0]?.input).toEqual({ username: "root", password: "right-password" });
    // The web client marks its calls; the cookie, not a header, carries the session.
    expect(sent()[0]?.csrf).toBe("anonymous");
    expect(sent().every((call) => call.authorization === null)).toBe(true);
    expect(screen.getAllByTestId("user-name")[0]?.textContent).toBe("root");
    expect(toast.getToasts().map((item) => item.title)).toContain("Logged in as root");
    await waitFor(() => expect(document.title).toBe("Dashboard - Pastebox"));
  });

  test("an answer that does not say who signed in fails with a message", async () => {
    server.use({ "admin.login": () => ({ token: null, username: "", expiresAt: new Date() }) });
    expect(await loginAlert()).toContain("the server's answer did not say who is signed in");
  });

  test("too many attempts: the server's rate-limit message is shown", async () => {
    server.use({
      "admin.login": failsWith("TOO_MANY_REQUESTS", "Too many requests, try again in 600 seconds"),
    });
    expect(await loginAlert()).toContain("try again in 600 seconds");
  });

  test("the server unreachable: a network message", async () => {
    server.goOffline();
    expect(await loginAlert()).toContain("Could not reach the server");
  });
});

describe("admin login: API key", () => {
  test("a refused key: 'API key validation failed' with the reason, nothing stored", async () => {
    server.use({
      "session.signInWithKey": failsWith("UNAUTHORIZED", "Invalid API key"),
    });
    renderAppAt("/admin");
    fireEvent.click(await screen.findByRole("tab", { name: "API key" }));
    fill("API key", "pb_wrong");
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("API key validation failed");
    expect(alert.textContent).toContain("Invalid API key");
    expect(sent()[0]?.input).toEqual({ key: "pb_wrong" });
    expect(sent()[0]?.authorization).toBeNull();
    expect(localStorage.getItem("pastebox_signed_in")).toBeNull();
  });

  test("an empty key is reported without a request", async () => {
    renderAppAt("/admin");
    fireEvent.click(await screen.findByRole("tab", { name: "API key" }));
    submit();
    expect(await screen.findByText("Enter the API key")).toBeDefined();
    expect(sent()).toEqual([]);
  });

  test("a mount-only key lands in its module and sees only what it may use", async () => {
    const check = keyCheck({ mount: true }, "/docs", "Docs only");
    server.use({ "session.signInWithKey": () => ({ type: "apikey", ...check }) });
    const { location } = renderAppAt("/admin");
    fireEvent.click(await screen.findByRole("tab", { name: "API key" }));
    fill("API key", "pb_docs");
    submit();
    expect(await screen.findByRole("heading", { level: 1, name: "Mount management" })).toBeDefined();
    expect(location.history.at(-1)).toBe("/admin/mount-management");
    const sidebar = screen.getByRole("navigation", { name: "Admin modules" });
    expect(
      within(sidebar)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Mount management", "Shared links"]);
    expect(screen.getByText("Read-only view")).toBeDefined();
    // The key went to the server once, to be exchanged for a cookie session; it is kept nowhere.
    expect(sent()[0]).toMatchObject({ path: "session.signInWithKey", input: { key: "pb_docs" } });
    expectNoCredentialStored();
    expect(JSON.parse(localStorage.getItem("pastebox_signed_in") ?? "").key_info).toEqual({
      id: "key-1",
      name: "Docs only",
      basic_path: "/docs",
    });
  });
});
