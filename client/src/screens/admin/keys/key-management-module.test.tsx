import { beforeEach, describe, expect, test } from "bun:test";
import type { ApiKeyView } from "@shared/schemas/auth/api-keys";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { renderAppAt } from "../../../../test/render-app";
import { failsWith, mockTrpc, TrpcTestError } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";

const server = mockTrpc();
const DAY = 86_400_000;

function view(overrides: Partial<ApiKeyView>): ApiKeyView {
  const now = new Date();
  return {
    id: "k1",
    name: "Backup script",
    key_prefix: "pb_abcde",
    is_custom: false,
    text_permission: true,
    file_permission: true,
    mount_permission: false,
    mount_read_only: false,
    basic_path: "/",
    last_used: null,
    expires_at: null,
    is_expired: false,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

const KEYS = [
  view({ id: "k1", name: "Backup script", expires_at: new Date(Date.now() + 30 * DAY) }),
  view({
    id: "k2",
    name: "Docs reader",
    key_prefix: "pb_zzzzz",
    text_permission: false,
    file_permission: false,
    mount_permission: true,
    mount_read_only: true,
    basic_path: "/docs",
    last_used: new Date(Date.now() - 5 * 60_000),
  }),
  view({
    id: "k3",
    name: "Old uploader",
    key_prefix: "my-custo",
    is_custom: true,
    text_permission: false,
    expires_at: new Date(Date.now() - DAY),
    is_expired: true,
  }),
];

let keys: ApiKeyView[] = [];

beforeEach(async () => {
  await i18n.changeLanguage("en");
  keys = [...KEYS];
  server.signInAsAdmin({ "keys.list": () => keys });
});

// Expectations take booleans, not elements: a failed expect prints its value, and printing a
// happy-dom element takes seconds.
const isDialogOpen = () => document.querySelector("[role=dialog]") !== null;

// Both the table (wide screens) and the cards (narrow) are in the DOM; CSS shows one.
const table = async () => within(await screen.findByRole("table", { name: "API keys" }));
const rowOf = async (name: string) => (await screen.findByRole("rowheader", { name })).closest("tr") as HTMLElement;

/** The input of the page's last call to a procedure, or null if it made none. */
const lastInputTo = (path: string) => server.calls.filter((call) => call.path === path).at(-1)?.input ?? null;

/** The key's table row shows each of these texts. */
async function expectRowShows(name: string, texts: string[]) {
  const row = within(await rowOf(name));
  for (const text of texts) expect(row.queryByText(text) !== null).toBe(true);
}

describe("key management", () => {
  test("lists the keys: masked key, permission badges, base path, expiry states, last use", async () => {
    renderAppAt("/admin/key-management");
    await expectRowShows("Backup script", ["pb_abcde••••", "Text", "Files", "Never used"]);
    await expectRowShows("Docs reader", ["Mount", "Read-only", "/docs", "Never", "5 minutes ago"]);
    await expectRowShows("Old uploader", ["Expired", "Custom"]);
    // The whole key is never on screen, only its prefix.
    expect(document.body.textContent).not.toContain("pb_abcde0");
  });

  test("select-all, row selection and the delete button that needs a selection", async () => {
    renderAppAt("/admin/key-management");
    const inTable = await table();
    const remove = screen.getByRole("button", { name: "Delete selected" }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute("title")).toBe("Select at least one key to delete.");

    const selectAll = inTable.getByRole("checkbox", { name: "Select all keys" }) as HTMLInputElement;
    fireEvent.click(selectAll);
    expect(screen.getByText("3 keys selected")).toBeDefined();
    expect(remove.disabled).toBe(false);

    fireEvent.click(inTable.getByRole("checkbox", { name: "Select key Docs reader" }));
    expect(screen.getByText("2 keys selected")).toBeDefined();
    expect(selectAll.checked).toBe(false);
    expect(selectAll.indeterminate).toBe(true);

    fireEvent.click(selectAll);
    expect(selectAll.checked).toBe(true);
    fireEvent.click(selectAll);
    expect(screen.getByText("Select keys to delete them.")).toBeDefined();
    expect(remove.disabled).toBe(true);
  });

  test("deleting the selection asks first, then deletes exactly those keys", async () => {
    server.use({
      "keys.batchDelete": (input) => {
        const { ids } = input;
        keys = keys.filter((key) => !ids.includes(key.id));
        return { deleted: ids.length };
      },
    });
    renderAppAt("/admin/key-management");
    const inTable = await table();
    fireEvent.click(inTable.getByRole("checkbox", { name: "Select key Backup script" }));
    fireEvent.click(inTable.getByRole("checkbox", { name: "Select key Old uploader" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete selected" }));

    const dialog = await screen.findByRole("dialog", { name: "Delete 2 API keys?" });
    expect(within(dialog).getByText("Backup script")).toBeDefined();
    expect(within(dialog).getByText("Old uploader")).toBeDefined();
    expect(lastInputTo("keys.batchDelete")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    // The dialog stays (busy) until the server answers, then the list no longer has the keys.
    await eventually(() => expect(lastInputTo("keys.batchDelete")).toEqual({ ids: ["k1", "k3"] }));
    await eventually(() => expect(isDialogOpen()).toBe(false));
    await eventually(() => expect(screen.queryByRole("rowheader", { name: "Backup script" }) === null).toBe(true));
    expect(screen.getByRole("rowheader", { name: "Docs reader" })).toBeDefined();
    expect(screen.getByText("Deleted 2 keys")).toBeDefined();
  });

  test("cancelling the confirmation deletes nothing", async () => {
    renderAppAt("/admin/key-management");
    const inTable = await table();
    fireEvent.click(inTable.getByRole("checkbox", { name: "Select key Backup script" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete selected" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this API key?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await eventually(() => expect(isDialogOpen()).toBe(false));
    expect(server.calls.some((call) => call.path === "keys.batchDelete")).toBe(false);
  });

  test("create: validation messages, then the one-time reveal with a copy button", async () => {
    server.use({
      "keys.create": () => {
        const row = view({
          id: "k9",
          name: "Sync",
          key_prefix: "pb_newke",
          text_permission: false,
          file_permission: false,
          mount_permission: true,
          basic_path: "/docs/team",
        });
        keys = [row, ...keys];
        return { ...row, key: "pb_newkey_whole_secret_value" };
      },
    });
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    renderAppAt("/admin/key-management");
    await table();
    fireEvent.click(screen.getAllByRole("button", { name: "Create key" })[0] as HTMLElement);
    const dialog = within(await screen.findByRole("dialog", { name: "Create API key" }));

    fireEvent.click(dialog.getByRole("radio", { name: "Custom" }));
    fireEvent.change(dialog.getByLabelText("Custom key", { selector: "input" }), { target: { value: "bad key" } });
    fireEvent.click(dialog.getByRole("button", { name: "Create key" }));
    expect(await dialog.findByText("Enter a name for the key")).toBeDefined();
    expect(dialog.getByText("Enter the number of days")).toBeDefined();
    expect(dialog.getByText("Only letters, digits, underscore and hyphen")).toBeDefined();
    expect(lastInputTo("keys.create")).toBeNull();

    fireEvent.change(dialog.getByLabelText("Name", { selector: "input" }), { target: { value: "Sync" } });
    // Read-only appears only with mount permission.
    expect(dialog.queryByRole("switch", { name: "Read-only mount access" }) === null).toBe(true);
    fireEvent.click(dialog.getByRole("checkbox", { name: "Mount" }));
    fireEvent.click(dialog.getByRole("switch", { name: "Read-only mount access" }));
    fireEvent.change(dialog.getByLabelText("Base path", { selector: "input" }), { target: { value: "docs//team/" } });
    expect(dialog.getByText(/Saved as \/docs\/team/)).toBeDefined();
    fireEvent.change(dialog.getByLabelText("Number of days", { selector: "input" }), { target: { value: "10" } });
    fireEvent.change(dialog.getByLabelText("Custom key", { selector: "input" }), { target: { value: "" } });
    const before = Date.now();
    fireEvent.click(dialog.getByRole("button", { name: "Create key" }));

    const reveal = within(await screen.findByRole("dialog", { name: "Copy your new API key" }));
    expect(lastInputTo("keys.create")).toMatchObject({
      name: "Sync",
      text_permission: false,
      file_permission: false,
      mount_permission: true,
      mount_read_only: true,
      basic_path: "/docs/team",
    });
    const expiresAt = (lastInputTo("keys.create") as { expires_at: Date }).expires_at.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * DAY - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * DAY);
    expect((reveal.getByLabelText("Your API key") as HTMLTextAreaElement).value).toBe("pb_newkey_whole_secret_value");
    expect(reveal.getByText(/only time the whole key is shown/)).toBeDefined();
    await act(async () => {
      fireEvent.click(reveal.getByRole("button", { name: "Copy" }));
    });
    expect(written).toEqual(["pb_newkey_whole_secret_value"]);
    expect(await reveal.findByRole("button", { name: "Copied" })).toBeDefined();

    fireEvent.click(reveal.getByRole("button", { name: "I have copied it" }));
    await eventually(() => expect(isDialogOpen()).toBe(false));
    expect(await screen.findByRole("rowheader", { name: "Sync" })).toBeDefined();
  });

  test("create: a custom key already in use is reported at that field", async () => {
    server.use({
      "keys.create": failsWith("CONFLICT", "That key is already in use"),
    });
    renderAppAt("/admin/key-management");
    await table();
    fireEvent.click(screen.getAllByRole("button", { name: "Create key" })[0] as HTMLElement);
    const dialog = within(await screen.findByRole("dialog", { name: "Create API key" }));
    fireEvent.change(dialog.getByLabelText("Name", { selector: "input" }), { target: { value: "Dup" } });
    fireEvent.change(dialog.getByLabelText("Custom key", { selector: "input" }), {
      target: { value: "taken-key-1234567" },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Create key" }));
    const field = dialog.getByLabelText("Custom key", { selector: "input" });
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(dialog.getByText("That key is already in use")).toBeDefined();
  });

  test("create: a name another key has is reported at the name field (409)", async () => {
    server.use({
      "keys.create": failsWith(
        "CONFLICT",
        "Another API key already has that name",
        undefined,
        "errors.apiKeyNameTaken",
      ),
    });
    renderAppAt("/admin/key-management");
    await table();
    fireEvent.click(screen.getAllByRole("button", { name: "Create key" })[0] as HTMLElement);
    const dialog = within(await screen.findByRole("dialog", { name: "Create API key" }));
    fireEvent.change(dialog.getByLabelText("Name", { selector: "input" }), { target: { value: "Docs reader" } });
    fireEvent.click(dialog.getByRole("button", { name: "Create key" }));
    const field = dialog.getByLabelText("Name", { selector: "input" });
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(dialog.getByText("Another API key already has that name")).toBeDefined();
    expect(dialog.getByLabelText("Custom key", { selector: "input" }).getAttribute("aria-invalid")).not.toBe("true");
  });

  test("edit: starts from the key, keeps the expiry unless changed, and saves", async () => {
    server.use({
      "keys.update": () => {
        return { ...(KEYS[1] as ApiKeyView), name: "Docs team" };
      },
    });
    renderAppAt("/admin/key-management");
    const inTable = await table();
    fireEvent.click(inTable.getByRole("button", { name: "Edit key Docs reader" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit API key" }));
    expect((dialog.getByLabelText("Name", { selector: "input" }) as HTMLInputElement).value).toBe("Docs reader");
    expect((dialog.getByRole("checkbox", { name: "Mount" }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByRole("switch", { name: "Read-only mount access" }).getAttribute("aria-checked")).toBe("true");
    expect(dialog.getByRole("radio", { name: "Keep" }).getAttribute("aria-checked")).toBe("true");
    expect(dialog.queryByLabelText("Custom key") === null).toBe(true);
    fireEvent.change(dialog.getByLabelText("Name", { selector: "input" }), { target: { value: "Docs team" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(lastInputTo("keys.update")).not.toBeNull());
    expect(lastInputTo("keys.update")).toEqual({
      id: "k2",
      name: "Docs team",
      text_permission: false,
      file_permission: false,
      mount_permission: true,
      mount_read_only: true,
      basic_path: "/docs",
    });
    expect(await screen.findByText("Key “Docs team” saved")).toBeDefined();
  });

  test("no keys: an empty state that offers to create one", async () => {
    keys = [];
    renderAppAt("/admin/key-management");
    expect(await screen.findByRole("heading", { name: "No API keys yet" })).toBeDefined();
    expect(screen.getAllByRole("button", { name: "Create key" })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Delete selected" }) === null).toBe(true);
  });

  test("a failed load says why and offers to try again", async () => {
    let attempts = 0;
    server.use({
      "keys.list": () => {
        attempts += 1;
        // A 5xx is retried once automatically; both attempts fail here.
        if (attempts <= 2) throw new TrpcTestError("INTERNAL", "Internal server error");
        return keys;
      },
    });
    renderAppAt("/admin/key-management");
    const alert = await screen.findByRole("alert", {}, { timeout: 4_000 });
    expect(alert.textContent).toContain("The API keys could not be loaded.");
    expect(alert.textContent).toContain("Internal server error");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("rowheader", { name: "Backup script" })).toBeDefined();
    expect(attempts).toBe(3);
  }, 10_000);

  test("Chinese texts", async () => {
    await i18n.changeLanguage("zh");
    renderAppAt("/admin/key-management");
    expect(await screen.findByRole("table", { name: "API 密钥" })).toBeDefined();
    expect(screen.getByRole("button", { name: "删除所选" })).toBeDefined();
    expect(screen.getAllByText("已过期").length).toBeGreaterThan(0);
  });
});
