import { beforeEach, describe, expect, test } from "bun:test";
import type { FsEntry } from "@shared/schemas/fs";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../test/eventually";
import { renderAppAt } from "../../test/render-app";
import { ADMIN_TOKEN, adminValidation, keyCheck, mockTrpc, storeKeySession } from "../../test/trpc-msw";
import i18n from "../i18n";

const server = mockTrpc();

function entry(overrides: Partial<FsEntry> & { name: string }): FsEntry {
  return {
    path: `/docs/${overrides.name}`,
    type: "file",
    size: 10,
    modified: new Date("2026-01-01T00:00:00Z"),
    mimetype: "text/plain",
    is_mount: false,
    mount_id: null,
    ...overrides,
  };
}

function listing(entries: FsEntry[], readonly = false) {
  return { path: "/docs", is_virtual: false, mount_id: "m1", readonly, cached: false, total: entries.length, entries };
}

const ENTRIES = [
  entry({ name: "b10.txt", size: 300 }),
  entry({ name: "b2.txt", size: 5 }),
  entry({ name: "reports", type: "directory", size: 0, modified: null, mimetype: null }),
];

function names(): string[] {
  return screen.getAllByTestId("entry").map((element) => element.getAttribute("data-name") ?? "");
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

describe("mount explorer (admin)", () => {
  beforeEach(() => localStorage.setItem("admin_token", ADMIN_TOKEN));

  test("breadcrumbs, folders first, sorting and selection", async () => {
    server.use({ ...adminValidation(), "fs.admin.list": () => listing(ENTRIES) });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    const crumbs = screen.getByTestId("breadcrumbs");
    expect(within(crumbs).getByRole("link", { name: "All mounts" }).getAttribute("href")).toBe("/mount-explorer");
    expect(within(crumbs).getByText("docs").getAttribute("aria-current")).toBe("page");
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

  test("a new folder name is checked, then created under the current folder", async () => {
    const made: unknown[] = [];
    server.use({
      ...adminValidation(),
      "fs.admin.list": () => listing([]),
      "fs.admin.mkdir": (input) => {
        made.push(input);
        return { path: "/docs/new" };
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
});

describe("mount explorer (API key)", () => {
  test("a read-only key lists through fs.mine and sees no write actions", async () => {
    const check = { ...keyCheck({ mount: true }, "/docs"), mount_read_only: true };
    storeKeySession(check);
    server.use({ "keys.validate": () => check, "fs.mine.list": () => listing(ENTRIES, true) });
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    expect(screen.queryByTestId("upload-button")).toBeNull();
    expect(screen.queryByTestId("mkdir-button")).toBeNull();
    fireEvent.click(screen.getByLabelText("Select b2.txt"));
    expect(screen.getByTestId("download-button")).toBeDefined();
    expect(screen.queryByTestId("rename-button")).toBeNull();
    expect(screen.queryByTestId("delete-button")).toBeNull();
  });
});
