// Home with its source editor (CodeMirror; typing is driven through the editor view here, through the
// keyboard and the clipboard in client/e2e/pastes/pastes.spec.ts and markdown-roundtrip.spec.ts).
import { describe, expect, test } from "bun:test";
import { EditorView } from "@codemirror/view";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eventually } from "../../../test/eventually";
import { pasteRecord, publicSettings } from "../../../test/fixtures";
import { renderAppAt } from "../../../test/render-app";
import {
  failsWith,
  keyCheck,
  mockTrpc,
  type ProcedureInput,
  type TrpcResolvers,
  type TrpcTestError,
} from "../../../test/trpc-msw";
import { authStore } from "../../lib/auth/store/session";
import { DRAFT_STORAGE_KEY } from "../../lib/pastes/editor/draft-store";
import { publishSyncedPaste } from "../../lib/pastes/synced-pastes";

const server = mockTrpc();

function storeDraft(draft: Record<string, unknown>) {
  localStorage.setItem(
    DRAFT_STORAGE_KEY,
    JSON.stringify({ v: 1, content: "", mode: "text", slug: "", expiry: "never", maxViews: "", remark: "", ...draft }),
  );
}

/** The server's answer to a create with this input (pastes.create). */
function created(input: ProcedureInput<"pastes.create">) {
  return pasteRecord(input.slug ?? "Ab3dE9", {
    content: input.content,
    format: input.format ?? "text",
    remark: input.remark ?? null,
    has_password: Boolean(input.password),
    expires_at: input.expires_at ? new Date(input.expires_at) : null,
    max_views: Number(input.max_views ?? 0),
  });
}

const editor = () => document.querySelector<HTMLElement>(".cm-content") as HTMLElement;
const plainArea = () => document.querySelector<HTMLTextAreaElement>('[data-testid="plain-editor"] textarea');
/** Home shows a plain text area until the text is first used: focusing it starts the source editor. */
async function findEditor() {
  await waitFor(() => expect(editor() ?? plainArea()).not.toBeNull());
  const area = plainArea();
  if (area) fireEvent.focus(area);
  return waitFor(() => expect(editor()).not.toBeNull()).then(editor);
}
const editorView = () => EditorView.findFromDOM(editor()) as EditorView;
const editorText = () => editorView().state.sliceDoc();
/** Types into the source editor as a user edit, replacing what it holds. */
const typeText = (text: string) =>
  editorView().dispatch({ changes: { from: 0, to: editorView().state.doc.length, insert: text }, userEvent: "input" });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create share link" }));

/** Signed in as the admin, Home open on `draft` with its editor ready; the server gives `answers`. */
async function openSignedIn(draft: Record<string, unknown>, answers: TrpcResolvers = {}) {
  server.signInAsAdmin(answers);
  storeDraft(draft);
  renderAppAt("/");
  return findEditor();
}

/** A create the server refuses with this code and (translated) message. */
const refusedWith = (code: TrpcTestError["appCode"], message: string) => ({
  "pastes.create": failsWith(code, message),
});

describe("home", () => {
  test("signed out: anyone may write, but sharing asks to log in", async () => {
    storeDraft({ content: "hello" });
    renderAppAt("/");
    const prompt = await screen.findByTestId("login-prompt");
    expect(prompt.textContent).toContain("Log in to share");
    expect(within(prompt).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/admin?next=%2F");
    expect(screen.queryByRole("button", { name: "Create share link" })).toBeNull();
    // Said above the editor too, before anything is written, with the way to log in.
    const notice = screen.getByTestId("login-notice");
    expect(notice.textContent).toContain("creating a share link needs a login");
    const editor = await screen.findByTestId("plain-editor");
    expect(notice.compareDocumentPosition(editor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(notice).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/admin?next=%2F");
  });

  test("a key without text permission is told so", async () => {
    const check = keyCheck({ file: true }, "/", "files");
    server.signInWithKey(check);
    storeDraft({ content: "hello" });
    renderAppAt("/");
    expect(await screen.findByText("This API key cannot share texts")).toBeDefined();
    const notice = screen.getByTestId("login-notice");
    expect(within(notice).getByRole("link", { name: "Switch account" })).toBeDefined();
  });

  test("the draft is restored, counted, and saved again as it changes", async () => {
    storeDraft({ content: "Hello brave new world", slug: "kept", maxViews: "3" });
    renderAppAt("/");
    await findEditor();
    expect(editorText()).toBe("Hello brave new world");
    expect(screen.getByText("Your draft was restored")).toBeDefined();
    expect(screen.getByTestId("editor-stats").textContent).toContain("4 words");
    expect(screen.getByTestId("editor-stats").textContent).toContain("21 characters");
    expect((screen.getByTestId("slug-input") as HTMLInputElement).value).toBe("kept");
    typeText("Changed text");
    await eventually(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "").toContain("Changed text"));
    expect(screen.getByText("Draft saved in this browser")).toBeDefined();
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).not.toContain("password");
  });

  test("a plain text area holds the draft until it is used, then the source editor takes over with the text", async () => {
    storeDraft({ content: "Hello", mode: "text" });
    renderAppAt("/");
    const area = await waitFor(() => plainArea() as HTMLTextAreaElement);
    expect(area.value).toBe("Hello");
    expect(area.getAttribute("aria-label")).toBe("Text to share");
    expect(editor()).toBeNull();
    type(area, "Hello there");
    expect(screen.getByTestId("editor-stats").textContent).toContain("2 words");
    fireEvent.focus(area);
    await waitFor(() => expect(editor()).not.toBeNull());
    expect(editorText()).toBe("Hello there");
    expect(plainArea()).toBeNull();
  });

  test("the link suffix is checked as it is typed", async () => {
    renderAppAt("/");
    const slug = await screen.findByTestId("slug-input");
    type(slug, "admin");
    expect(screen.getByText("This word is reserved; choose another")).toBeDefined();
    expect(slug.getAttribute("aria-invalid")).toBe("true");
    type(slug, "my notes");
    expect(screen.getByText("Only letters, digits, hyphens and underscores")).toBeDefined();
    type(slug, "my-notes");
    expect(slug.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText(/^Valid\./)).toBeDefined();
    expect(screen.getByText("8 / 50")).toBeDefined();
  });

  test("empty content is refused before anything is sent", async () => {
    await openSignedIn({ content: "   " });
    create();
    expect(await screen.findByText("The content cannot be empty")).toBeDefined();
    expect(editor().getAttribute("aria-invalid")).toBe("true");
    expect(server.calls.filter((call) => call.path === "pastes.create")).toEqual([]);
  });

  test("a taken suffix (409) is shown at the suffix field", async () => {
    await openSignedIn(
      { content: "hello", slug: "taken" },
      refusedWith("CONFLICT", "The link suffix is already taken, try another"),
    );
    create();
    expect(await screen.findByText("The link suffix is already taken, try another")).toBeDefined();
    expect(screen.getByTestId("slug-input").getAttribute("aria-invalid")).toBe("true");
    // Editing the suffix clears the server's verdict.
    type(screen.getByTestId("slug-input"), "taken-2");
    expect(screen.queryByText("The link suffix is already taken, try another")).toBeNull();
  });

  test("a paste queued offline and synced later: its link shows and the draft is cleared", async () => {
    await openSignedIn({ content: "written offline", slug: "later", expiry: "1d" });
    // What the offline sync announces once the queued create went through (offline/sync.ts).
    act(() => publishSyncedPaste({ paste: created({ content: "written offline", slug: "later" }), password: "pw" }));
    await screen.findByTestId("share-result");
    expect((screen.getByTestId("share-link") as HTMLInputElement).value).toBe("https://paste.example.org/paste/later");
    expect((screen.getByTestId("raw-link") as HTMLInputElement).value).toBe("https://paste.example.org/api/raw/later");
    await eventually(() => {
      const stored = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}");
      expect([stored.content ?? "", stored.slug ?? ""]).toEqual(["", ""]);
    });
  });

  test("a synced paste with other text than the draft leaves the draft alone", async () => {
    await openSignedIn({ content: "something else" });
    act(() => publishSyncedPaste({ paste: created({ content: "older text", slug: "older" }), password: "" }));
    expect(screen.queryByTestId("share-result")).toBeNull();
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}").content).toBe("something else");
  });

  test("created: the server's link, raw link with the password, what it allows, and a countdown", async () => {
    await openSignedIn(
      { content: "hello there", slug: "notes", expiry: "1d", maxViews: "2", remark: "For Bob" },
      { "pastes.create": created },
    );
    fireEvent.change(screen.getByLabelText("Password", { selector: "input" }), { target: { value: "pw 1" } });
    const before = Date.now();
    create();
    await screen.findByTestId("share-result");
    const input = server.calls.find((call) => call.path === "pastes.create")?.input as Record<string, unknown>;
    expect(input).toMatchObject({
      content: "hello there",
      format: "text",
      slug: "notes",
      remark: "For Bob",
      password: "pw 1",
      max_views: 2,
    });
    const expiresAt = (input.expires_at as Date).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 86_400_000);

    expect((screen.getByTestId("share-link") as HTMLInputElement).value).toBe("https://paste.example.org/paste/notes");
    expect((screen.getByTestId("raw-link") as HTMLInputElement).value).toBe(
      "https://paste.example.org/api/raw/notes?password=pw+1",
    );
    expect(screen.getByTestId("share-countdown").textContent).toMatch(/hides in (60|59) seconds/);
    expect(screen.getByText("Password protected")).toBeDefined();
    expect(screen.getByText("2 views at most")).toBeDefined();
    // The shared text left the draft; the habits stayed.
    const draft = () => JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}");
    await eventually(() => expect(draft().content ?? "").toBe(""));
    expect(draft().expiry).toBe("1d");

    fireEvent.click(screen.getByRole("button", { name: "Hide now" }));
    expect(await screen.findByTestId("share-hidden")).toBeDefined();
    expect(screen.queryByTestId("share-link")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Create another" }));
    expect((await findEditor()).getAttribute("aria-invalid")).toBeNull();
  });

  test("the expiry starts from the admin's default for new pastes (3 days, not a preset) and is what is sent", async () => {
    await openSignedIn(
      { content: "kept three days" },
      { "settings.maxUploadSize": () => publicSettings({ default_paste_expiry: 3 }), "pastes.create": created },
    );
    const expiry = within(screen.getByRole("group", { name: "Expires after" }));
    const radio = (name: string) => expiry.getByRole<HTMLInputElement>("radio", { name });
    await eventually(() => expect(radio("3 days").checked).toBe(true));
    expect(expiry.getAllByRole("radio")).toHaveLength(6);
    const before = Date.now();
    create();
    await screen.findByTestId("share-result");
    const sent = server.calls.find((call) => call.path === "pastes.create")?.input as { expires_at: Date };
    expect(sent.expires_at.getTime()).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(sent.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);
    // Not chosen, so not remembered: a later change of the admin's default applies to the next paste.
    const stored = () => JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}");
    await eventually(() => expect(stored().content ?? "").toBe(""));
    expect(stored().expiry ?? null).toBeNull();
  });

  test("another expiry than the admin's default may be chosen, and the draft keeps it", async () => {
    await openSignedIn(
      { content: "kept forever" },
      { "settings.maxUploadSize": () => publicSettings({ default_paste_expiry: 7 }), "pastes.create": created },
    );
    const expiry = within(screen.getByRole("group", { name: "Expires after" }));
    await eventually(() => expect(expiry.getByRole<HTMLInputElement>("radio", { name: "7 days" }).checked).toBe(true));
    // 7 days is a preset: listed once.
    expect(expiry.getAllByRole("radio")).toHaveLength(5);
    fireEvent.click(expiry.getByRole("radio", { name: "Never" }));
    await eventually(() => expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}").expiry).toBe("never"));
    create();
    await screen.findByTestId("share-result");
    expect(server.calls.find((call) => call.path === "pastes.create")?.input).toMatchObject({ expires_at: null });
  });

  test("the session ended while writing: logged out centrally, told why, the text kept", async () => {
    await openSignedIn(
      { content: "precious words" },
      refusedWith("UNAUTHORIZED", "Your admin session has expired, please log in again"),
    );
    create();
    expect(await screen.findByText(/Your login ended before the link was created/)).toBeDefined();
    expect(authStore.getState().authType).toBe("none");
    expect(editorText()).toBe("precious words");
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toContain("precious words");
    expect(await screen.findByTestId("login-prompt")).toBeDefined();
  });

  test("switching modes keeps the text", async () => {
    storeDraft({ content: "same text", mode: "text" });
    renderAppAt("/");
    await findEditor();
    const markdown = screen.getByRole("radio", { name: "Markdown" });
    expect(screen.getByRole("radio", { name: "Plain text" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(markdown);
    await eventually(() => expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}").mode).toBe("markdown"));
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? "{}").content).toBe("same text");
  });
});
