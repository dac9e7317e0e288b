import { beforeEach, describe, expect, test } from "bun:test";
import { paginationOf } from "@shared/schemas/common";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { renderAppAt } from "../../../../test/render-app";
import { keyCheck, mockTrpc, TrpcTestError } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";
import type { PasteSummary } from "./paste-api";

const server = mockTrpc();

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

function summary(id: string, overrides: Partial<PasteSummary> = {}): PasteSummary {
  const now = new Date("2026-03-01T10:00:00Z");
  return {
    id,
    slug: `slug-${id}`,
    url: `https://paste.example.org/paste/slug-${id}`,
    raw_url: `https://paste.example.org/api/raw/slug-${id}`,
    format: "markdown",
    encrypted: false,
    remark: null,
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    is_expired: false,
    created_by: "admin",
    created_at: now,
    updated_at: now,
    preview: `Preview of ${id}`,
    content_length: 42,
    ...overrides,
  };
}

let pastes: PasteSummary[] = [];

function serveAdmin() {
  server.signInAsAdmin({
    "pastes.list": (input) => {
      const {
        search,
        page = 1,
        limit,
        cursor,
      } = input as {
        search?: string;
        page?: number;
        limit: number;
        cursor?: string;
      };
      const found = pastes.filter((paste) => !search || paste.slug.includes(search) || paste.preview.includes(search));
      // As the server does: a cursor (the id of the last row of the page before) starts the page right
      // below that row, and page and offset are then not used.
      const start = cursor ? found.findIndex((paste) => paste.id === cursor) + 1 : (page - 1) * limit;
      const rows = found.slice(start, start + limit);
      const last = rows.at(-1);
      return {
        pastes: rows,
        pagination: {
          ...paginationOf(found.length, limit, cursor ? 0 : start),
          nextCursor: last && start + limit < found.length ? last.id : null,
        },
      };
    },
    "pastes.get": (input) => {
      const paste = pastes.find((item) => item.id === input.id);
      if (!paste) throw new TrpcTestError("NOT_FOUND", "The paste does not exist or has been deleted");
      return { ...paste, content: `# Full content of ${paste.id}` };
    },
    "pastes.delete": (input) => {
      pastes = pastes.filter((item) => item.id !== input.id);
      return { deleted: 1 };
    },
    "pastes.batchDelete": (input) => {
      const { ids } = input;
      pastes = pastes.filter((item) => !ids.includes(item.id));
      return { deleted: ids.length };
    },
    "pastes.update": ({ id, remark, max_views }) => {
      pastes = pastes.map((item) =>
        item.id === id
          ? {
              ...item,
              ...(remark !== undefined ? { remark } : {}),
              ...(typeof max_views === "number" ? { max_views } : {}),
              updated_at: new Date(),
            }
          : item,
      );
      const paste = pastes.find((item) => item.id === id);
      if (!paste) throw new TrpcTestError("NOT_FOUND", "No such text");
      return { ...paste, content: "updated" };
    },
    "pastes.clearExpired": () => ({ deleted: 2 }),
  });
}

const table = () => screen.getByTestId("paste-table");
const listCalls = () => server.calls.filter((call) => call.path.endsWith(".list"));

describe("text management", () => {
  test("lists the texts: suffix, remark, preview, views against the limit, protection and expiry states", async () => {
    pastes = [
      summary("a", { remark: "Team notes", max_views: 5, views: 2, has_password: true }),
      summary("b", { is_expired: true, expires_at: new Date("2026-02-01T00:00:00Z") }),
      summary("c", { max_views: 1, views: 1, is_expired: true }),
    ];
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-a");
    const rowA = within(screen.getByTestId("paste-row-slug-a"));
    expect(rowA.getByText("Team notes")).toBeDefined();
    expect(rowA.getByText("Preview of a")).toBeDefined();
    expect(rowA.getByText("2 / 5")).toBeDefined();
    expect(rowA.getByText("Password protected")).toBeDefined();
    expect(within(screen.getByTestId("paste-row-slug-b")).getByText("Expired")).toBeDefined();
    expect(within(screen.getByTestId("paste-row-slug-c")).getByText("Used up")).toBeDefined();
    expect(screen.getByText("1–3 of 3")).toBeDefined();
    // Phones get the same rows as cards.
    expect(screen.getByTestId("paste-card-slug-a")).toBeDefined();
    expect(screen.getByRole("button", { name: "Clear expired" })).toBeDefined();
  });

  test("search waits for typing to pause and needs 2 characters", async () => {
    pastes = [summary("a"), summary("b")];
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-a");
    const search = screen.getByLabelText("Search texts");
    fireEvent.change(search, { target: { value: "b" } });
    expect(screen.getByText("Type at least 2 characters to search.")).toBeDefined();
    fireEvent.change(search, { target: { value: "g-b" } });
    await eventually(() => expect(screen.queryByTestId("paste-row-slug-a") === null).toBe(true));
    expect(screen.queryByTestId("paste-row-slug-b") !== null).toBe(true);
    const searches = listCalls().map((call) => (call.input as { search?: string }).search ?? null);
    expect(searches).toEqual([null, "g-b"]);
    fireEvent.change(search, { target: { value: "zzz" } });
    await eventually(() =>
      expect(document.querySelector("main")?.textContent ?? "").toContain("Nothing matches “zzz”"),
    );
    // The search box's own clear button, or the one under "nothing matches": both clear.
    const clearButtons = screen.getAllByRole("button", { name: "Clear search" });
    expect(clearButtons.length).toBe(2);
    fireEvent.click(clearButtons[1] as HTMLElement);
    await screen.findByTestId("paste-row-slug-a");
  });

  test("pages through the list", async () => {
    pastes = Array.from({ length: 25 }, (_, index) => summary(String(index)));
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-0");
    fireEvent.change(screen.getByLabelText("Per page"), { target: { value: "20" } });
    await eventually(() => expect(screen.queryByText("1–20 of 25") !== null).toBe(true));
    expect(screen.getByText("Page 1 of 2")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await eventually(() => expect(screen.queryByText("21–25 of 25") !== null).toBe(true));
    expect(screen.queryByTestId("paste-row-slug-24") !== null).toBe(true);
    expect(screen.queryByTestId("paste-row-slug-0") === null).toBe(true);
    // The second page is asked below the first page's last row, not by skipping rows.
    expect(listCalls().at(-1)?.input).toMatchObject({ page: 2, limit: 20, cursor: "19" });
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await eventually(() => expect(screen.queryByText("1–20 of 25") !== null).toBe(true));
    expect(screen.queryByTestId("paste-row-slug-0") !== null).toBe(true);
  });

  test("preview shows the whole text without counting a view", async () => {
    pastes = [summary("a", { format: "text" })];
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-a");
    fireEvent.click(within(table()).getByRole("button", { name: "Preview slug-a" }));
    expect(await screen.findByText("# Full content of a")).toBeDefined();
    expect(server.calls.some((call) => call.path === "pastes.view")).toBe(false);
  });

  test("edit sends only what changed", async () => {
    pastes = [summary("a", { remark: "old", max_views: 0 })];
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-a");
    fireEvent.click(within(table()).getByRole("button", { name: "Edit slug-a" }));
    const form = within(await screen.findByTestId("paste-edit-form"));
    fireEvent.change(form.getByLabelText("Remark"), { target: { value: "new remark" } });
    fireEvent.change(form.getByLabelText("Max views"), { target: { value: "7" } });
    fireEvent.click(form.getByLabelText("Add a password"));
    fireEvent.click(form.getByRole("button", { name: "Save changes" }));
    expect(await form.findByText("Enter the password")).toBeDefined();
    fireEvent.change(form.getByLabelText("New password", { selector: "input" }), { target: { value: "s3cret" } });
    fireEvent.click(form.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved")).toBeDefined();
    expect(server.calls.find((call) => call.path === "pastes.update")?.input).toEqual({
      id: "a",
      remark: "new remark",
      max_views: 7,
      password: "s3cret",
    });
    await eventually(() => expect(screen.getByTestId("paste-row-slug-a").textContent).toContain("new remark"));
  });

  test("delete one after confirming, and batch delete the selection", async () => {
    pastes = [summary("a"), summary("b"), summary("c")];
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-a");
    fireEvent.click(within(table()).getByRole("button", { name: "Delete slug-a" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Delete this text?")).toBeDefined();
    fireEvent.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Text deleted")).toBeDefined();
    await eventually(() => expect(screen.queryByTestId("paste-row-slug-a") === null).toBe(true));

    const deleteSelected = screen.getByRole("button", { name: "Delete selected" }) as HTMLButtonElement;
    expect(deleteSelected.disabled).toBe(true);
    fireEvent.click(within(table()).getByRole("checkbox", { name: "Select slug-b" }));
    fireEvent.click(within(table()).getByRole("checkbox", { name: "Select slug-c" }));
    expect(screen.getByText("2 selected")).toBeDefined();
    fireEvent.click(deleteSelected);
    const batch = within(await screen.findByRole("dialog"));
    expect(batch.getByText("Delete 2 texts?")).toBeDefined();
    fireEvent.click(batch.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("2 texts deleted")).toBeDefined();
    expect(server.calls.find((call) => call.path === "pastes.batchDelete")?.input).toEqual({ ids: ["b", "c"] });
    expect(await screen.findByText("No texts yet")).toBeDefined();
  });

  test("the admin clears expired texts after confirming", async () => {
    pastes = [summary("a")];
    serveAdmin();
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-a");
    fireEvent.click(screen.getByRole("button", { name: "Clear expired" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Clear expired" }));
    expect(await screen.findByText("2 expired texts deleted")).toBeDefined();
  });

  test("an API key with text permission manages its own texts, without clear expired", async () => {
    const check = keyCheck({ text: true });
    pastes = [summary("mine", { created_by: "apikey:key-1" })];
    server.signInWithKey(check, {
      "pastes.list": (input) => {
        const { limit } = input as { limit: number };
        return { pastes, pagination: paginationOf(pastes.length, limit, 0) };
      },
    });
    renderAppAt("/admin/text-management");
    await screen.findByTestId("paste-row-slug-mine");
    expect(server.calls.some((call) => call.path === "pastes.clearExpired")).toBe(false);
    expect(screen.queryByRole("button", { name: "Clear expired" })).toBeNull();
  });
});
