import { beforeEach, describe, expect, test } from "bun:test";
import { paginationOf } from "@shared/schemas/common";
import type { ShareSetRecord } from "@shared/schemas/shares/share-sets";
import type { FileView } from "@shared/schemas/shares/shares";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { fileRecord } from "../../../../test/fixtures";
import { renderAppAt } from "../../../../test/render-app";
import { failsWith, keyCheck, mockTrpc, TrpcTestError } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";

const server = mockTrpc();

/** The inputs the page sent to a procedure, in order. */
const inputsTo = (path: string) => server.calls.filter((call) => call.path === path).map((call) => call.input);

/** A row of the list: unless told otherwise, a protected 2 MB PDF, 2 of 5 views used. */
function file(overrides: Partial<FileView>) {
  return fileRecord(overrides.slug ?? "report", {
    filename: "report.pdf",
    size: 2 * 1024 * 1024,
    remark: "Q1 numbers",
    has_password: true,
    max_views: 5,
    views: 2,
    ...overrides,
  });
}

let files: FileView[] = [];
let sets: ShareSetRecord[] = [];
const listInputs: unknown[] = [];

beforeEach(async () => {
  await i18n.changeLanguage("en");
  listInputs.length = 0;
  sets = [];
  files = [
    file({}),
    file({
      id: "f2",
      slug: "cat",
      filename: "cat.jpg",
      mimetype: "image/jpeg",
      size: 300_000,
      remark: null,
      has_password: false,
      max_views: 0,
      views: 7,
    }),
    file({
      id: "f3",
      slug: "old",
      filename: "old.zip",
      mimetype: "application/zip",
      is_expired: true,
      expires_at: new Date(Date.now() - 1000),
    }),
  ];
  const list = (input: unknown) => {
    listInputs.push(input);
    const { search } = input as { search?: string };
    const items = search ? files.filter((item) => item.filename.includes(search)) : files;
    return { files: items, pagination: paginationOf(items.length, 50, 0) };
  };
  server.use({ "files.list": list, "shareSets.list": () => ({ items: sets }) });
});

describe("file management module", () => {
  test("a table with type icons, size, views against the limit, protection and expiry", async () => {
    server.signInAsAdmin();
    renderAppAt("/admin/file-management");
    const row = await screen.findByTestId("file-row-report");
    expect(row.textContent).toContain("report.pdf");
    expect(row.textContent).toContain("2 MB");
    expect(row.textContent).toContain("2 / 5");
    expect(row.textContent).toContain("Q1 numbers");
    expect(row.querySelector('[data-kind="pdf"]')).not.toBeNull();
    expect(within(row).getByTitle("Password protected")).toBeDefined();
    expect(screen.getByTestId("file-row-cat").textContent).toContain("7 / ∞");
    expect(screen.getByTestId("file-row-old").textContent).toContain("Expired");
    expect(
      within(row).getByRole("link", { name: "Open the page of report.pdf (counts a view)" }).getAttribute("href"),
    ).toBe("http://localhost:3000/file/report");
  });

  test("a set of files is one card with its link, above the files; Show picks files or sets", async () => {
    sets = [
      {
        id: "s1",
        slug: "holiday",
        url: "http://localhost:3000/s/holiday",
        file_count: 3,
        total_size: 3 * 1024 * 1024,
        remark: null,
        has_password: true,
        expires_at: null,
        max_views: 10,
        views: 4,
        state: "active",
        created_by: "admin",
        created_at: new Date(),
      },
    ];
    server.signInAsAdmin();
    renderAppAt("/admin/file-management");
    const card = await screen.findByTestId("shared-link-holiday");
    expect(card.textContent).toContain("3 files, one link");
    expect(card.textContent).toContain("3 MB");
    expect(card.textContent).toContain("4 of 10");
    expect(card.textContent).toContain("http://localhost:3000/s/holiday");
    await screen.findByTestId("file-row-report");
    fireEvent.click(screen.getByTestId("file-management-filter-files"));
    await eventually(() => expect(screen.queryByTestId("shared-link-holiday")).toBeNull());
    expect(screen.getByTestId("file-row-report")).toBeDefined();
    fireEvent.click(screen.getByTestId("file-management-filter-sets"));
    await screen.findByTestId("shared-link-holiday");
    expect(screen.queryByTestId("file-row-report")).toBeNull();
  });

  test("search waits for 2 characters", async () => {
    server.signInAsAdmin();
    renderAppAt("/admin/file-management");
    await screen.findByTestId("file-row-report");
    fireEvent.change(screen.getByTestId("file-search"), { target: { value: "c" } });
    expect(await screen.findByText("Type at least 2 characters to search")).toBeDefined();
    fireEvent.change(screen.getByTestId("file-search"), { target: { value: "cat" } });
    await eventually(() => expect(screen.queryByTestId("file-row-report") === null).toBe(true));
    expect(listInputs.some((input) => (input as { search?: string }).search === "cat")).toBe(true);
  });

  test("batch delete asks first, names the files and their size, then deletes with the stored objects", async () => {
    server.signInAsAdmin();
    server.use({
      "files.batchDelete": (input) => {
        const ids = input.ids;
        files = files.filter((item) => !ids.includes(item.id));
        return { deleted: ids.length };
      },
    });
    renderAppAt("/admin/file-management");
    await screen.findByTestId("file-row-report");
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select report.pdf" })[0] as HTMLElement);
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select cat.jpg" })[0] as HTMLElement);
    expect(screen.getByTestId("file-selection").textContent).toContain("2 files selected");
    fireEvent.click(screen.getByTestId("delete-selected-files"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Delete 2 files?");
    expect(dialog.textContent).toContain("report.pdf");
    expect(dialog.textContent).toContain("cat.jpg");
    expect(inputsTo("files.batchDelete")).toEqual([]);
    fireEvent.click(screen.getByTestId("confirm-delete-files"));
    await eventually(() => expect(inputsTo("files.batchDelete")).toEqual([{ ids: ["f1", "f2"] }]));
    await eventually(() => expect(screen.queryByTestId("file-row-report") === null).toBe(true));
  });

  test("edit: a taken suffix is reported at its field; changes send only what changed", async () => {
    server.signInAsAdmin();
    server.use({
      "files.update": (input) => {
        if (input.slug === "taken")
          throw new TrpcTestError("CONFLICT", "The link suffix is already taken, try another");
        const file = files.find((item) => item.id === input.id);
        if (!file) throw new TrpcTestError("NOT_FOUND", "No such file");
        return file;
      },
    });
    renderAppAt("/admin/file-management");
    const row = await screen.findByTestId("file-row-report");
    fireEvent.click(within(row).getByRole("button", { name: "Edit report.pdf" }));
    const form = await screen.findByTestId("file-edit-form");
    fireEvent.change(within(form).getByLabelText("Link suffix", { selector: "input" }), { target: { value: "taken" } });
    fireEvent.click(within(form).getByLabelText("Remove the password"));
    fireEvent.click(screen.getByTestId("save-file"));
    expect(await within(form).findByText("The link suffix is already taken, try another")).toBeDefined();
    expect(inputsTo("files.update")).toEqual([{ id: "f1", slug: "taken", password: null }]);
  });

  test("edit: the server's refusal of the expiry is shown at the expiry field", async () => {
    server.signInAsAdmin();
    const message = "The expiry must be a number of hours, 0 or more";
    server.use({
      "files.update": failsWith("BAD_REQUEST", `expires_in: ${message}`, [{ path: "expires_in", message }]),
    });
    renderAppAt("/admin/file-management");
    const row = await screen.findByTestId("file-row-report");
    fireEvent.click(within(row).getByRole("button", { name: "Edit report.pdf" }));
    const form = await screen.findByTestId("file-edit-form");
    const expiry = within(form).getByLabelText("Expiry", { selector: "select" });
    fireEvent.change(expiry, { target: { value: "1d" } });
    fireEvent.click(screen.getByTestId("save-file"));
    await eventually(() => expect(expiry.getAttribute("aria-invalid")).toBe("true"));
    const description = (expiry.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(description).toContain(message);
    expect(inputsTo("files.update")).toEqual([{ id: "f1", expires_in: 24 }]);
  });

  test("a key with file permission manages its files through the same procedures (the server scopes them)", async () => {
    server.signInWithKey(keyCheck({ file: true }));
    renderAppAt("/admin/file-management");
    await screen.findByTestId("file-row-report");
    expect(listInputs.length).toBeGreaterThan(0);
    expect(server.calls.some((call) => call.path === "files.list")).toBe(true);
  });
});
