import { beforeEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { renderAppAt } from "../../../../test/render-app";
import { mockTrpc, type ProcedureOutput } from "../../../../test/trpc-msw";
import i18n from "../../../i18n";

const server = mockTrpc();

type Task = ProcedureOutput<"fsTasks.list">[number];

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: "t-running",
    type: "copy",
    items: [{ path: "/local/album", target_path: "/s3/album" }],
    status: "running",
    progress: 0.25,
    total: 8,
    done: 2,
    skipped: 0,
    failed: 0,
    error: null,
    created_by: "apikey:k1",
    created_by_name: "Sync job",
    created_at: new Date("2026-03-10T02:00:00Z"),
    finished_at: null,
    ...overrides,
  };
}

const partial = task({
  id: "t-partial",
  type: "move",
  items: [
    { path: "/local/a.txt", target_path: "/s3/" },
    { path: "/local/gone.txt", target_path: "/s3/" },
  ],
  status: "partial",
  progress: 1,
  total: 2,
  done: 1,
  failed: 1,
  created_by: "admin:a1",
  created_by_name: "admin",
  finished_at: new Date("2026-03-10T02:01:00Z"),
});

beforeEach(async () => {
  await i18n.changeLanguage("en");
  server.signInAsAdmin({
    "fsTasks.list": () => [task(), partial],
    "keys.list": () => [],
    "fsTasks.get": (input) => ({
      ...partial,
      files:
        input.file_status === "failed"
          ? [
              {
                path: "/local/gone.txt",
                target_path: "/s3",
                status: "failed",
                error: "The file or folder does not exist",
              },
            ]
          : [
              { path: "/local/a.txt", target_path: "/s3/a.txt", status: "done" },
              {
                path: "/local/gone.txt",
                target_path: "/s3",
                status: "failed",
                error: "The file or folder does not exist",
              },
            ],
      files_matching: input.file_status === "failed" ? 1 : 2,
    }),
    "fsTasks.cancel": () => ({ cancelled: true }),
    "fsTasks.retry": () => ({ retried: true }),
  });
});

describe("tasks module", () => {
  test("each task shows its state, progress, counts and who started it; cancel and retry where they apply", async () => {
    renderAppAt("/admin/tasks");
    const running = await screen.findByTestId("task-t-running", {}, { timeout: 20_000 });
    expect(within(running).getByTestId("task-status").textContent).toBe("Running");
    expect(running.textContent).toContain("2 of 8 done");
    expect(running.textContent).toContain("Sync job");
    expect(running.textContent).toContain("to /s3/album");
    expect(within(running).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
    expect(within(running).queryByTestId("task-retry")).toBeNull();

    const ended = screen.getByTestId("task-t-partial");
    expect(within(ended).getByTestId("task-status").textContent).toBe("Partly completed");
    expect(ended.textContent).toContain("1 failed");
    expect(ended.textContent).toContain("and 1 more item");
    expect(within(ended).queryByTestId("task-cancel")).toBeNull();

    fireEvent.click(within(running).getByRole("button", { name: "Cancel Copy /local/album" }));
    await eventually(() => expect(server.calls.some((call) => call.path === "fsTasks.cancel")).toBe(true));
    expect(server.calls.find((call) => call.path === "fsTasks.cancel")?.input).toEqual({ id: "t-running" });
    fireEvent.click(within(ended).getByRole("button", { name: "Retry failed files of Move /local/a.txt" }));
    await eventually(() =>
      expect(server.calls.find((call) => call.path === "fsTasks.retry")?.input).toEqual({ id: "t-partial" }),
    );
  });

  test("the files dialog opens on the failed files with their reasons, and shows all on request", async () => {
    renderAppAt("/admin/tasks");
    const ended = await screen.findByTestId("task-t-partial", {}, { timeout: 20_000 });
    fireEvent.click(within(ended).getByRole("button", { name: "The files of Move /local/a.txt" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByTestId("task-file-list");
    expect(within(dialog).getAllByTestId("task-file")).toHaveLength(1);
    expect(within(dialog).getByTestId("task-file-error").textContent).toBe("The file or folder does not exist");
    fireEvent.click(within(dialog).getByLabelText("Failed files only"));
    await eventually(() => expect(within(dialog).getAllByTestId("task-file")).toHaveLength(2));
    expect(
      within(dialog)
        .getAllByTestId("task-file-status")
        .map((badge) => badge.textContent),
    ).toEqual(["Done", "Failed"]);
  });

  test("the filters ask the server for one state and one creator", async () => {
    server.use({ "keys.list": () => [{ id: "k1", name: "Sync job" }] as ProcedureOutput<"keys.list"> });
    renderAppAt("/admin/tasks");
    await screen.findByTestId("task-t-running", {}, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "partial" } });
    await eventually(() =>
      expect(server.calls.filter((call) => call.path === "fsTasks.list").at(-1)?.input).toMatchObject({
        status: "partial",
      }),
    );
    await eventually(() => expect(screen.getByLabelText("Started by").textContent).toContain("Sync job"));
    fireEvent.change(screen.getByLabelText("Started by"), { target: { value: "k1" } });
    await eventually(() =>
      expect(server.calls.filter((call) => call.path === "fsTasks.list").at(-1)?.input).toMatchObject({
        status: "partial",
        created_by: "k1",
      }),
    );
  });

  test("no task in 7 days says where tasks come from", async () => {
    server.use({ "fsTasks.list": () => [] });
    renderAppAt("/admin/tasks");
    expect(await screen.findByText("No tasks in the last 7 days", {}, { timeout: 20_000 })).toBeDefined();
  });
});
