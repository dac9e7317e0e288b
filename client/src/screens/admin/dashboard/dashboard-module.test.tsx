import { beforeEach, describe, expect, test } from "bun:test";
import type { DashboardStats } from "@shared/schemas/admin/dashboard";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { eventually } from "../../../../test/eventually";
import { renderAppAt } from "../../../../test/render-app";
import { stubRestRoutes } from "../../../../test/rest-stub";
import { mockTrpc, type ProcedureOutput, TrpcTestError } from "../../../../test/trpc-msw";
import { toast } from "../../../components/feedback/toast-store";
import i18n from "../../../i18n";
import { browserTzOffset } from "./activity";

const server = mockTrpc();
const rest = stubRestRoutes();

const DAYS = ["2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"];

function stats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    pastes: { total: 12, active: 9, expired: 3, today: 0, thisWeek: 6, thisMonth: 12 },
    files: {
      total: 5,
      active: 4,
      expired: 1,
      today: 0,
      thisWeek: 3,
      thisMonth: 5,
      total_bytes: 3 * 1024 * 1024,
      totalSize: "3MB",
    },
    storage: { configs: 2, mounts: 2 },
    storage_configs: [
      {
        id: "local",
        name: "Local storage",
        provider_type: "local",
        is_default: true,
        used_bytes: 2 * 1024 * 1024,
        file_count: 4,
        total_bytes: null,
      },
      {
        id: "r2",
        name: "R2 bucket",
        provider_type: "Cloudflare R2",
        is_default: false,
        used_bytes: 1024 * 1024,
        file_count: 1,
        total_bytes: 4 * 1024 * 1024,
      },
    ],
    apiKeys: { total: 3, active: 2, expired: 1 },
    mounts: { total: 2, active: 1, inactive: 1 },
    activity: {
      tz_offset: 480,
      days: DAYS.map((date, index) => ({ date, pastes: index, files: index % 2 })),
    },
    generated_at: new Date("2026-03-10T02:00:00Z"),
    ...overrides,
  };
}

const CACHE: ProcedureOutput<"cache.stats"> = {
  entries: 5,
  hits: 30,
  misses: 10,
  hit_rate: 0.75,
  mounts: [
    {
      mount_id: "m1",
      name: "Docs",
      mount_path: "/docs",
      cache_ttl: 300,
      entries: 5,
      hits: 30,
      misses: 10,
      hit_rate: 0.75,
    },
    { mount_id: "m2", name: "Media", mount_path: "/media", cache_ttl: 60, entries: 0, hits: 0, misses: 0, hit_rate: 0 },
  ],
  cache: { directory: { totalEntries: 5, hitRate: 0.75, missRate: 0.25 } },
  system: { memory: { used: 100, free: 900, total: 1000, rss: 80 }, uptime: 7_500 },
  timestamp: new Date("2026-03-01T10:00:00Z"),
};

beforeEach(async () => {
  await i18n.changeLanguage("en");
  rest.reset();
  server.signInAsAdmin({
    "dashboard.stats": () => stats(),
    "cache.stats": () => CACHE,
    "backups.status": () => ({ running: null, last_run: null, next_scheduled_at: null, pending_restore: null }),
  });
});

const textOf = (testId: string) => screen.getByTestId(testId).textContent ?? "";

describe("dashboard module", () => {
  test("stat cards: totals with their active and expired parts", async () => {
    renderAppAt("/admin/dashboard");
    // The first visit loads the module and the chart library.
    await screen.findByTestId("stat-pastes", {}, { timeout: 8_000 });
    expect([textOf("stat-pastes-total"), textOf("stat-files-total")]).toEqual(["12", "5"]);
    const cardSays: Record<string, string[]> = {
      "stat-pastes": ["9 active", "3 expired"],
      "stat-files": ["3 MB in total"],
      "stat-keys": ["1 expired"],
      "stat-mounts": ["1 inactive"],
    };
    for (const [card, parts] of Object.entries(cardSays)) {
      for (const part of parts) expect(textOf(card)).toContain(part);
    }
    // The days are counted in the browser's time zone.
    const call = server.calls.find((item) => item.path === "dashboard.stats");
    expect(call?.input).toEqual({ tz_offset: browserTzOffset() });
  });

  test("storage use per config: a usage bar against a capacity, none without one", async () => {
    renderAppAt("/admin/dashboard");
    const bucket = await screen.findByTestId("storage-usage-R2 bucket");
    expect(bucket.textContent).toContain("1 MB of 4 MB (25%)");
    expect(bucket.textContent).toContain("1 file");
    expect(within(bucket).getByRole("meter").getAttribute("aria-valuenow")).toBe(String(1024 * 1024));
    const local = screen.getByTestId("storage-usage-Local storage");
    expect(local.textContent).toContain("2 MB · no limit");
    expect(local.textContent).toContain("Default");
    expect(within(local).queryByRole("meter")).toBeNull();
  });

  test("the week: one row per day for screen readers, in the zone the server counted", async () => {
    renderAppAt("/admin/dashboard");
    const panel = await screen.findByTestId("activity-panel");
    expect(panel.textContent).toContain("in your time zone (UTC+08:00)");
    // The chart (and its table) load on their own, after the rest of the module.
    const table = await within(panel).findByRole("table", { name: "Shares created per day" }, { timeout: 8_000 });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[6]?.textContent).toBe("Tuesday, March 1060");
    expect(rows[0]?.textContent).toBe("Wednesday, March 400");
    // The legend sums the week.
    expect(panel.textContent).toContain("Texts21");
    expect(panel.textContent).toContain("Files3");
    expect(within(panel).getByTestId("activity-chart")).toBeDefined();
  });

  test("an empty week says so", async () => {
    server.use({
      "dashboard.stats": () =>
        stats({ activity: { tz_offset: 0, days: DAYS.map((date) => ({ date, pastes: 0, files: 0 })) } }),
    });
    renderAppAt("/admin/dashboard");
    expect(await screen.findByText("Nothing was shared in the last 7 days.", {}, { timeout: 8_000 })).toBeDefined();
    expect(textOf("activity-panel")).toContain("(UTC)");
  });

  test("system: the server's version and health", async () => {
    renderAppAt("/admin/dashboard");
    await eventually(() => expect(textOf("server-health")).toBe("Healthy"));
    expect(textOf("server-version")).toBe("0.6.8");
    const panel = screen.getByTestId("system-panel");
    expect(panel.textContent).toContain("SQLite · answering");
    expect(panel.textContent).toContain("2 hr 5 min");
    expect(rest.requested).toContain("/api/health");
  });

  test("system: a failing database or no answer reads as unavailable", async () => {
    rest.set({
      health: {
        status: 503,
        body: { status: "error", version: "0.6.8", database: "error", provider: "postgres", uptime_seconds: 40 },
      },
    });
    renderAppAt("/admin/dashboard");
    await eventually(() => expect(textOf("server-health")).toBe("Unavailable"));
    expect(textOf("system-panel")).toContain("PostgreSQL · not answering");

    rest.set({ health: { status: 502, body: "Bad gateway" } });
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await eventually(() => expect(textOf("system-panel")).toContain("The server did not answer the health check."));
  });

  test("backups: none yet, no schedule, a link to the module", async () => {
    renderAppAt("/admin/dashboard");
    await eventually(() => expect(textOf("dashboard-backup")).toContain("No backup yet"));
    expect(textOf("dashboard-backup")).toContain("No schedule.");
    expect(screen.getByRole("link", { name: "Manage backups" }).getAttribute("href")).toBe("/admin/backups");
  });

  test("backups: the last run's outcome and the next scheduled run", async () => {
    const run = {
      id: "r1",
      trigger: "schedule" as const,
      started_at: new Date("2026-03-10T03:00:00Z"),
      finished_at: new Date("2026-03-10T03:00:09Z"),
      duration_ms: 9000,
      log: "",
    };
    server.use({
      "backups.status": () => ({
        running: null,
        last_run: { ...run, status: "failed", result: JSON.stringify({ error: "The bucket refused the upload" }) },
        next_scheduled_at: new Date("2026-03-11T03:00:00Z"),
        pending_restore: null,
      }),
    });
    renderAppAt("/admin/dashboard");
    await eventually(() => expect(textOf("dashboard-backup-last")).toContain("The bucket refused the upload"));
    expect(textOf("dashboard-backup-last")).toContain("The last backup failed");
    expect(screen.getByTestId("dashboard-backup-last").className).toContain("text-red-700");
    expect(textOf("dashboard-backup")).toContain("Next: ");

    server.use({
      "backups.status": () => ({
        running: null,
        last_run: {
          ...run,
          status: "succeeded",
          result: JSON.stringify({ name: "pastebox-x.tar", bytes: 3 * 1024 * 1024 }),
        },
        next_scheduled_at: null,
        pending_restore: null,
      }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await eventually(() => expect(textOf("dashboard-backup-last")).toContain("3 MB"));
    expect(screen.getByTestId("dashboard-backup-last").className).not.toContain("text-red-700");
    expect(screen.queryByTestId("dashboard-restore-pending")).toBeNull();

    // A restore uploaded from the Backups module waits for the restart: the dashboard says so.
    server.use({
      "backups.status": () => ({
        running: null,
        last_run: null,
        next_scheduled_at: null,
        pending_restore: {
          uploaded_at: new Date("2026-03-12T10:00:00Z"),
          backup_created_at: new Date("2026-03-10T03:00:00Z"),
          app_version: "0.6.8",
          source_provider: "sqlite",
          rows: 12,
          tables: { Paste: 12 },
          objects: { count: 0, bytes: 0 },
          secret_included: true,
          other_secret: false,
        },
      }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await eventually(() => expect(textOf("dashboard-restore-pending")).toContain("restart the server to finish it"));
  });

  test("cache: entries and hit rate per mount, clear all and clear one", async () => {
    const cleared: unknown[] = [];
    server.use({
      "cache.clear": (input) => {
        cleared.push(input);
        return { clearedCount: input ? 5 : 7, mounts: input ? 1 : 2, timestamp: new Date() };
      },
    });
    renderAppAt("/admin/dashboard");
    const docs = await screen.findByTestId("cache-row-Docs");
    expect(docs.textContent).toContain("/docs");
    expect(docs.textContent).toContain("75%");
    expect(textOf("cache-row-Media")).toContain("no reads yet");
    expect(textOf("cache-total-entries")).toBe("Entries: 5");

    fireEvent.click(screen.getByRole("button", { name: "Clear the cached listings of Docs" }));
    await eventually(() => expect(cleared).toEqual([{ mount_id: "m1" }]));
    await eventually(() => expect(toast.getToasts().map((item) => item.title)).toContain("Cleared 5 cached listings"));

    fireEvent.click(screen.getByTestId("cache-clear-all"));
    await eventually(() => expect(cleared).toHaveLength(2));
    expect(cleared[1]).toBeUndefined();
    await eventually(() => expect(toast.getToasts().map((item) => item.title)).toContain("Cleared 7 cached listings"));
    // The statistics are read again after each clear.
    await eventually(() =>
      expect(server.calls.filter((item) => item.path === "cache.stats").length).toBeGreaterThanOrEqual(3),
    );
  });

  test("a failed load says why and retries", async () => {
    let fail = true;
    server.use({
      "dashboard.stats": () => {
        if (fail) throw new TrpcTestError("INTERNAL", "The database is locked");
        return stats();
      },
    });
    renderAppAt("/admin/dashboard");
    // A server error is retried once before it is shown.
    expect(await screen.findByText("The statistics could not be loaded", {}, { timeout: 5_000 })).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("stat-pastes")).toBeDefined();
  });

  test("in Chinese", async () => {
    renderAppAt("/admin/dashboard");
    await screen.findByTestId("stat-pastes");
    await act(() => i18n.changeLanguage("zh"));
    expect(textOf("stat-pastes")).toContain("分享的文本");
    expect(textOf("stat-pastes")).toContain("3 个已过期");
    expect(screen.getByRole("heading", { name: "最近 7 天" })).toBeDefined();
    expect(screen.getByRole("heading", { name: "文件夹列表缓存" })).toBeDefined();
    // The storage the server created at first start is named in the reader's language; a name someone
    // typed is shown as typed.
    expect(textOf("storage-usage-Local storage")).toContain("本地存储");
    expect(textOf("storage-usage-Local storage")).not.toContain("Local storage");
    expect(textOf("storage-usage-R2 bucket")).toContain("R2 bucket");
  });
});
