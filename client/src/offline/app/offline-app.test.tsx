// The offline app through the real app: its tRPC client (offline link), React Query settings and
// screens, against msw; IndexedDB is fake-indexeddb. "Offline" is navigator.onLine false plus a
// server that cannot be reached.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, render, screen } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { eventually } from "../../../test/eventually";
import { fsEntry, fsListing, pasteRecord, publicPaste } from "../../../test/fixtures";
import { renderAppAt } from "../../../test/render-app";
import { mockTrpc, storeAdminSession, TrpcTestError } from "../../../test/trpc-msw";
import { toast } from "../../components/feedback/toast-store";
import { AppReads } from "../../lib/api/app-reads";
import { authStore } from "../../lib/auth/store/session";
import { AppProviders } from "../../providers";
import { saveQueryResult } from "../cache-store";
import { NETWORK_TOAST_MS, OFFLINE_FALLBACK_META, SYNC_SUMMARY_KEY } from "../constants";
import type { OfflineDatabase } from "../db";
import { setOfflineDbForTests } from "../local-db";
import { enqueueWrite, pendingWrites } from "../queue";
import { runOfflineSync } from "../sync";
import { createTestDb } from "../test/fake-db";
import { OfflineApp } from "./offline-app";
import { NETWORK_TOAST_ID, startOfflineRuntime } from "./offline-runtime";

const server = mockTrpc();
let db: OfflineDatabase;

function setOnline(value: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => value });
}

function goOffline() {
  setOnline(false);
  server.goOffline();
}

const sharedText = (slug: string) => publicPaste(slug, { content: `text kept for offline: ${slug}` });

const docsListing = fsListing("/docs", [fsEntry("/docs/notes.md", { mimetype: "text/markdown" })]);

beforeEach(() => {
  db = createTestDb();
  setOfflineDbForTests(db);
  setOnline(true);
  toast.clear();
});

afterEach(() => {
  setOfflineDbForTests(undefined);
  setOnline(true);
  document.head.querySelector(`meta[name="${OFFLINE_FALLBACK_META}"]`)?.remove();
});

describe("reading offline", () => {
  test("a paste opened online is readable offline, from the local database", async () => {
    server.use({ "pastes.view": (input) => sharedText(input.slug) });
    const online = renderAppAt("/paste/abc123");
    expect((await screen.findByTestId("plain-body")).textContent).toBe("text kept for offline: abc123");
    await eventually(() => expect(server.calls.length).toBeGreaterThan(0));
    for (let i = 0; i < 100 && (await db.pastes.count()) === 0; i++) await act(() => Bun.sleep(10));
    online.unmount();

    goOffline();
    renderAppAt("/paste/abc123");
    expect((await screen.findByTestId("plain-body")).textContent).toBe("text kept for offline: abc123");
  });

  test("the mount explorer shows a cached folder offline, marked as an offline copy", async () => {
    server.signInAsAdmin({ "fs.list": () => docsListing });
    const online = renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    expect(screen.queryByTestId("offline-copy-badge")).toBeNull();
    for (let i = 0; i < 100 && (await db.directories.count()) === 0; i++) await act(() => Bun.sleep(10));
    online.unmount();

    goOffline();
    renderAppAt("/mount-explorer/docs");
    await screen.findAllByTestId("entry");
    expect((await screen.findByTestId("offline-copy-badge")).textContent).toContain("Offline copy");
  });
});

describe("the offline fallback document", () => {
  test("the address it was served for shows the fallback page in the shell; elsewhere the app", async () => {
    const meta = document.createElement("meta");
    meta.name = OFFLINE_FALLBACK_META;
    meta.content = "1";
    document.head.append(meta);
    server.use({ "pastes.view": (input) => sharedText(input.slug) });
    authStore.reload({ force: true });
    const location = memoryLocation({ path: "/upload", record: true });
    render(
      <Router hook={location.hook}>
        <AppProviders>
          <OfflineApp withServiceWorker={false} />
        </AppProviders>
      </Router>,
    );
    expect((await screen.findByTestId("offline-fallback")).textContent).toContain(
      "This page is temporarily unavailable",
    );
    // Inside the shell (its navigation is there); going elsewhere in the app shows the app.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeDefined();
    act(() => location.navigate("/paste/xyz"));
    expect((await screen.findByTestId("plain-body")).textContent).toBe("text kept for offline: xyz");
    expect(screen.queryByTestId("offline-fallback")).toBeNull();
  });
});

describe("network notices and session changes", () => {
  test("going offline and back online each show a 3-second toast", async () => {
    const stop = startOfflineRuntime({ reads: new AppReads(), withServiceWorker: false });
    try {
      setOnline(false);
      window.dispatchEvent(new Event("offline"));
      const offline = toast.getToasts().find((item) => item.id === NETWORK_TOAST_ID);
      expect(offline).toMatchObject({ title: "You are offline", tone: "warning", duration: NETWORK_TOAST_MS });
      expect(NETWORK_TOAST_MS).toBe(3_000);
      setOnline(true);
      window.dispatchEvent(new Event("online"));
      const online = toast.getToasts().filter((item) => item.id === NETWORK_TOAST_ID);
      expect(online).toHaveLength(1);
      expect(online[0]).toMatchObject({ title: "Back online", tone: "success", duration: NETWORK_TOAST_MS });
    } finally {
      stop();
    }
  });

  test("when the session ends, its cached listings leave the device", async () => {
    storeAdminSession();
    authStore.reload({ force: true });
    const stop = startOfflineRuntime({ reads: new AppReads(), withServiceWorker: false });
    try {
      await saveQueryResult(db, "fs.list", { path: "/docs" }, docsListing, { owner: "o", now: Date.now() });
      expect(await db.directories.count()).toBe(1);
      await act(() => authStore.logout());
      for (let i = 0; i < 100 && (await db.directories.count()) > 0; i++) await Bun.sleep(10);
      expect(await db.directories.count()).toBe(0);
    } finally {
      stop();
    }
  });
});

describe("syncing the queue", () => {
  const created = pasteRecord("new123");

  function signInAsAdmin() {
    storeAdminSession();
    authStore.reload({ force: true });
  }

  /** Queues a write as the admin's sign-in made it while offline. */
  const queueAsAdmin = (procedurePath: string, input: unknown, timestamp = 1) =>
    enqueueWrite(db, { procedurePath, input, authType: "admin", sessionScope: "admin:admin", timestamp });

  /** Sends the queue as it is sent when the app comes back online on the home page. */
  const syncOnHome = () => runOfflineSync({ db, reads: new AppReads(), pathname: () => "/" });

  test("queued writes are sent in order under the sign-in that made them (its cookie, no token); a refusal is reported, translated", async () => {
    signInAsAdmin();
    await queueAsAdmin("pastes.create", { content: "written offline", format: "text" });
    await queueAsAdmin("fs.mkdir", { path: "/docs/new" }, 2);
    server.use({
      "pastes.create": () => created,
      "fs.mkdir": () => {
        throw new TrpcTestError("CONFLICT", "A file or folder with this name already exists");
      },
    });
    const summary = await syncOnHome();
    expect(server.calls.map((call) => [call.path, call.authorization, call.csrf])).toEqual([
      ["pastes.create", null, "admin:admin"],
      ["fs.mkdir", null, "admin:admin"],
    ]);
    expect(summary).toMatchObject({
      synced: 1,
      createdPastes: [{ slug: "new123", url: created.url }],
      remaining: 0,
      touchesPastes: true,
    });
    expect(summary?.failed).toEqual([{ type: "fs.mkdir", message: "A file or folder with this name already exists" }]);
    expect(await pendingWrites(db)).toEqual([]);
    const toasts = toast.getToasts();
    expect(toasts.map((item) => item.title)).toEqual([
      "1 change made offline was sent",
      "Could not sync: create a folder",
    ]);
    // The new paste's link is in the toast, to copy or open, whatever screen is showing.
    expect(toasts[0]?.description).toBe(`Your new paste is online: ${created.url}`);
    expect(toasts[0]?.actions.map((action) => action.label)).toEqual(["Copy link", "Open the paste"]);
    expect(toasts[1]?.description).toBe("A file or folder with this name already exists");
  });

  test("a folder queued by an older page under the admin's old procedure name is made through fs.mkdir", async () => {
    signInAsAdmin();
    // What a page from before the fs procedures were merged left in IndexedDB (see procedureOf).
    await db.offlineQueue.add({
      type: "fs.mkdir",
      endpoint: "/trpc/fs.admin.mkdir",
      method: "POST",
      data: { path: "/docs/old" },
      sessionScope: "admin:admin",
      authType: "admin",
      timestamp: 1,
      status: "pending",
    });
    const made: unknown[] = [];
    server.use({
      "fs.mkdir": (input) => {
        made.push(input);
        return fsEntry("/docs/old", { type: "directory" });
      },
    });
    const summary = await syncOnHome();
    expect(server.calls.map((call) => call.path)).toEqual(["fs.mkdir"]);
    expect(made).toEqual([{ path: "/docs/old" }]);
    expect(summary).toMatchObject({ synced: 1, failed: [], remaining: 0 });
    expect(await pendingWrites(db)).toEqual([]);
  });

  test("a write made by another sign-in is not sent under this one, and says why", async () => {
    signInAsAdmin();
    await enqueueWrite(db, {
      procedurePath: "pastes.delete",
      input: { id: "p1" },
      authType: "apikey",
      sessionScope: "apikey:k9",
      timestamp: 1,
    });
    const summary = await syncOnHome();
    expect(server.calls).toEqual([]);
    expect(summary?.failed).toEqual([
      { type: "paste.delete", message: "It was made while signed in as someone else. Sign in as them to send it." },
    ]);
  });

  test("on an admin page, paste changes reload it; the result is shown after the reload", async () => {
    signInAsAdmin();
    await queueAsAdmin("pastes.delete", { id: "p1" });
    server.use({ "pastes.delete": () => ({ deleted: 1 }) });
    let reloads = 0;
    await runOfflineSync({
      db,
      reads: new AppReads(),
      pathname: () => "/admin/text-management",
      reload: () => {
        reloads += 1;
      },
    });
    expect(reloads).toBe(1);
    expect(JSON.parse(sessionStorage.getItem(SYNC_SUMMARY_KEY) ?? "null")).toMatchObject({ synced: 1 });
    sessionStorage.removeItem(SYNC_SUMMARY_KEY);
  });

  test("server unreachable: nothing is lost, the user is told they still wait", async () => {
    signInAsAdmin();
    await queueAsAdmin("fs.mkdir", { path: "/x" });
    server.goOffline();
    const summary = await syncOnHome();
    expect(summary?.remaining).toBe(1);
    expect(await pendingWrites(db)).toHaveLength(1);
    expect(toast.getToasts().map((item) => item.title)).toEqual(["1 change is still waiting"]);
  });
});
