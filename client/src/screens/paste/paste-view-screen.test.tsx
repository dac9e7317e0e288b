import { describe, expect, test } from "bun:test";
import type { PasteView } from "@shared/schemas/pastes";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { publicPaste } from "../../../test/fixtures";
import { renderAppAt } from "../../../test/render-app";
import { failsWith, mockTrpc, type TrpcResolver, TrpcTestError } from "../../../test/trpc-msw";
import { toast } from "../../components/feedback/toast-store";
import i18n from "../../i18n";
import { authStore } from "../../lib/auth/store/session";

const server = mockTrpc();

function paste(overrides: Partial<PasteView> = {}) {
  return publicPaste("abc123", { content: "first line\n  <b>not bold</b>", ...overrides });
}

const PROTECTED = paste({
  content: null,
  has_password: true,
  requires_password: true,
  max_views: 3,
  views: 0,
});

function submitPassword(value: string) {
  fireEvent.change(screen.getByLabelText("Password", { selector: "input" }), { target: { value } });
  fireEvent.click(screen.getByRole("button", { name: "Open" }));
}

/** Opens the protected paste, answers its unlock with `unlock`, and types `password` at the prompt. */
async function submitAtPrompt(password: string, unlock: TrpcResolver<"pastes.unlock">) {
  server.use({ "pastes.view": () => PROTECTED, "pastes.unlock": unlock });
  renderAppAt("/paste/abc123");
  await screen.findByTestId("password-prompt");
  submitPassword(password);
}

describe("paste page", () => {
  test("a plain-text paste: shown exactly as written, with views, expiry and actions", async () => {
    server.use({
      "pastes.view": () => paste({ max_views: 5, views: 2, expires_at: new Date(Date.now() + 3 * 86_400_000) }),
    });
    renderAppAt("/paste/abc123");
    const body = await screen.findByTestId("plain-body");
    expect(body.tagName).toBe("PRE");
    expect(body.textContent).toBe("first line\n  <b>not bold</b>");
    expect(body.querySelector("b")).toBeNull();
    expect(screen.queryByTestId("markdown-body")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Shared text");
    expect(screen.getByTestId("paste-views").textContent).toBe("2 of 5 views");
    expect(screen.getByText("Expires in 3 days")).toBeDefined();
    expect(screen.getByRole("button", { name: "Copy text" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Copy link" })).toBeDefined();
    expect(screen.getByTestId("open-raw").getAttribute("href")).toBe("/api/raw/abc123");
    // Fetched once: each fetch would count a view.
    expect(server.calls.filter((call) => call.path === "pastes.view").length).toBe(1);
  });

  test("the tab is named by the paste's first line; a QR code of the page's link is drawn when asked", async () => {
    server.use({ "pastes.view": () => paste({ format: "markdown", content: "# Release notes\n\n- first" }) });
    renderAppAt("/paste/abc123");
    await screen.findByTestId("markdown-body");
    await waitFor(() => expect(document.title).toBe("Release notes - Pastebox"));
    const toggle = screen.getByRole("button", { name: "Show QR code" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect((await screen.findByTestId("share-qr")).getAttribute("alt")).toBe("QR code of the share link");
    expect(screen.getByRole("button", { name: "Hide QR code" }).getAttribute("aria-expanded")).toBe("true");
  });

  test("a plain-text paste's first line of words names the tab, as written", async () => {
    server.use({ "pastes.view": () => paste({ content: "\n  # plain words\nsecond" }) });
    renderAppAt("/paste/abc123");
    await screen.findByTestId("plain-body");
    await waitFor(() => expect(document.title).toBe("# plain words - Pastebox"));
  });

  test("a Markdown paste: asked for and shown as the server rendered it", async () => {
    server.use({
      "pastes.view": () =>
        paste({
          format: "markdown",
          content: "# Notes\n\n- [x] done",
          html: '<h1>Notes</h1>\n<ul>\n<li><input checked="" disabled="" type="checkbox" aria-label="done"> done</li>\n</ul>\n',
        }),
    });
    renderAppAt("/paste/abc123");
    const body = await screen.findByTestId("markdown-body");
    expect(body.querySelector("h1")?.textContent).toBe("Notes");
    expect(body.querySelector("input")?.getAttribute("aria-label")).toBe("done");
    expect(server.calls.filter((call) => call.path === "pastes.view").map((call) => call.input)).toEqual([
      { slug: "abc123", html: true },
    ]);
  });

  test("a protected paste: a wrong password says so and leaves the admin signed in; the right one opens it", async () => {
    server.signInAsAdmin({
      "pastes.view": () => PROTECTED,
      "pastes.unlock": (input) => {
        const { password } = input;
        if (password !== "right") throw new TrpcTestError("WRONG_PASSWORD", "Wrong password");
        return { ...PROTECTED, content: "the secret", requires_password: false, views: 1 };
      },
    });
    renderAppAt("/paste/abc123");
    await screen.findByTestId("password-prompt");
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("Enter the password")).toBeDefined();

    submitPassword("wrong");
    expect(await screen.findByText("Wrong password. Check it and try again.")).toBeDefined();
    // A share password is not a login: the session and its storage stay, and no toast says otherwise.
    expect(authStore.getState().authType).toBe("admin");
    expect(localStorage.getItem("pastebox_signed_in")).not.toBeNull();
    expect(toast.getToasts()).toEqual([]);

    submitPassword("right");
    expect((await screen.findByTestId("plain-body")).textContent).toBe("the secret");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Shared text");
    expect(screen.getByTestId("paste-views").textContent).toBe("1 of 3 views");
    // The raw link carries the password.
    expect(screen.getByTestId("open-raw").getAttribute("href")).toBe("/api/raw/abc123?password=right");
    expect(server.calls.filter((call) => call.path === "pastes.unlock").at(-1)?.input).toEqual({
      html: true,
      slug: "abc123",
      password: "right",
    });
  });

  test("too many attempts: the server's wait message", async () => {
    await submitAtPrompt("guess", failsWith("TOO_MANY_REQUESTS", "Too many requests, try again in 60 seconds"));
    expect(await screen.findByText("Too many requests, try again in 60 seconds")).toBeDefined();
  });

  test("the last allowed view says so", async () => {
    server.use({ "pastes.view": () => paste({ max_views: 2, views: 2 }) });
    renderAppAt("/paste/abc123");
    expect(await screen.findByText("This was the last view allowed")).toBeDefined();
  });

  const goneCases: [string, () => never, string][] = [
    ["missing", failsWith("NOT_FOUND", "The paste does not exist or has been deleted"), "This text does not exist"],
    ["expired", failsWith("GONE", "The paste has expired"), "This text has expired"],
    ["used up", failsWith("GONE", "The view limit has been reached"), "View limit reached"],
    ["used up (answered in Chinese)", failsWith("GONE", "已达到查看次数上限"), "View limit reached"],
    ["gone, reason unknown", failsWith("GONE", "Gone"), "This text is no longer available"],
  ];
  for (const [name, refuse, heading] of goneCases) {
    test(`a ${name} paste has its own screen`, async () => {
      server.use({ "pastes.view": refuse });
      renderAppAt("/paste/abc123");
      expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeDefined();
      expect(screen.getByRole("link", { name: "Share a text of your own" }).getAttribute("href")).toBe("/");
    });
  }

  test("the limit reached while typing the password: the limit screen", async () => {
    await submitAtPrompt("right", failsWith("GONE", "The view limit has been reached"));
    expect(await screen.findByRole("heading", { level: 1, name: "View limit reached" })).toBeDefined();
  });

  test("no connection: says so and offers to try again", async () => {
    server.goOffline();
    renderAppAt("/paste/abc123");
    expect(await screen.findByRole("heading", { level: 1, name: "The text could not be opened" })).toBeDefined();
    expect(screen.getByText("Could not reach the server. Check your connection and try again.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });

  test("Chinese texts", async () => {
    await i18n.changeLanguage("zh");
    server.use({ "pastes.view": () => PROTECTED });
    renderAppAt("/paste/abc123");
    expect(await screen.findByText("此文本受密码保护")).toBeDefined();
    expect(screen.getByRole("button", { name: "打开" })).toBeDefined();
  });
});
