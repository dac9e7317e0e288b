import { beforeEach, describe, expect, test } from "bun:test";
import { createTRPCUntypedClient, type Operation, type TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AppRouter } from "../../../server/routers";
import { networkError, trpcError } from "../../test/client-errors";
import { errorMessageOf, isNetworkError, isUnauthorizedError } from "../lib/api/api-errors";
import type { AuthType } from "../lib/auth/store/auth-types";
import { offlineCacheInfo } from "./cache-store";
import type { OfflineDatabase, OfflineQueueItem } from "./db";
import { isQueuedOfflineError, offlineLink } from "./offline-link";
import { pendingWrites } from "./queue";
import { createTestDb, queuedPaste } from "./test/fake-db";

/** The network, as the last link: answers with `respond`, and records what reached it. */
function fakeServer(respond: (op: Operation) => Promise<unknown>) {
  const seen: string[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        seen.push(`${op.type} ${op.path}`);
        respond(op).then(
          (data) => {
            observer.next({ result: { type: "data", data } });
            observer.complete();
          },
          (error: unknown) => observer.error(error as TRPCClientError<AppRouter>),
        );
        return () => undefined;
      });
  return { link, seen };
}

/** A server that never answers (the network is down): each request that goes out fails as fetch does. */
const noAnswer = async (): Promise<never> => {
  throw networkError();
};

/** What a call failed with (the test reads the error itself). */
const failureOf = (call: Promise<unknown>) => call.catch((caught: unknown) => caught);

let db: OfflineDatabase;
/** Whether this browser already has the local database (existingDb finds it). */
let hasDb: boolean;
/** How often the link asked for the database to be created. */
let openedDb: number;
let isOnline: boolean;
let queued: OfflineQueueItem[];

function clientWith(
  respond: (op: Operation) => Promise<unknown>,
  auth: { authType: AuthType; scope: string | null } = { authType: "admin", scope: "admin:t1" },
) {
  const server = fakeServer(respond);
  const client = createTRPCUntypedClient<AppRouter>({
    links: [
      offlineLink({
        openDb: async () => {
          openedDb++;
          return db;
        },
        existingDb: async () => (hasDb ? db : null),
        isOnline: () => isOnline,
        currentAuth: () => auth,
        queuedMessage: () => "Saved offline; it will be sent when you are back online.",
        onQueued: (item) => queued.push(item),
      }),
      server.link,
    ],
  });
  return { client, seen: server.seen };
}

/** Offline, with no server to answer: the call still goes out (and fails there), as `operation`. */
async function expectSentWhileOffline(
  call: (client: ReturnType<typeof clientWith>["client"]) => Promise<unknown>,
  operation: string,
) {
  const { client, seen } = clientWith(noAnswer);
  isOnline = false;
  expect(isNetworkError(await failureOf(call(client)))).toBe(true);
  expect(seen).toEqual([operation]);
}

const pasteView = (slug: string) => ({
  slug,
  url: `http://x/paste/${slug}`,
  raw_url: `http://x/api/raw/${slug}`,
  content: "hello offline",
  format: "text",
  remark: null,
  has_password: false,
  requires_password: false,
  expires_at: null,
  max_views: 0,
  views: 1,
  created_at: new Date("2026-01-01T00:00:00Z"),
});

/** Saving happens after the answer is passed on; wait until it landed. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await Bun.sleep(10);
  }
  throw new Error("condition not met");
}

beforeEach(() => {
  db = createTestDb();
  hasDb = true;
  openedDb = 0;
  isOnline = true;
  queued = [];
});

describe("offline link: reads", () => {
  test("online, a paste is fetched and kept; offline it is answered from the cache without the network", async () => {
    const { client, seen } = clientWith(async () => pasteView("abc"));
    const online = await client.query("pastes.view", { slug: "abc" });
    expect(offlineCacheInfo(online)).toBeNull();
    await eventually(async () => (await db.pastes.count()) === 1);

    isOnline = false;
    const offline = await client.query("pastes.view", { slug: "abc" });
    expect(offline).toMatchObject({ slug: "abc", content: "hello offline" });
    expect(offlineCacheInfo(offline)).not.toBeNull();
    expect(seen).toEqual(["query pastes.view"]);
  });

  test("a browser without the local database gets none for a read: nothing is kept in it, nothing loaded", async () => {
    hasDb = false;
    const { client } = clientWith(async () => pasteView("abc"));
    expect(await client.query("pastes.view", { slug: "abc" })).toMatchObject({ content: "hello offline" });
    await Bun.sleep(50);
    expect(openedDb).toBe(0);
    expect(await db.pastes.count()).toBe(0);
  });

  test("offline without a local copy, the request still goes out (the service worker may have it)", async () => {
    await expectSentWhileOffline((client) => client.query("pastes.view", { slug: "never-seen" }), "query pastes.view");
  });

  test("'online' but no answer (server down): the local copy is used", async () => {
    let isDown = false;
    const { client } = clientWith(async () => {
      if (isDown) throw networkError();
      return pasteView("abc");
    });
    await client.query("pastes.view", { slug: "abc" });
    await eventually(async () => (await db.pastes.count()) === 1);
    isDown = true;
    expect(offlineCacheInfo(await client.query("pastes.view", { slug: "abc" }))).not.toBeNull();
  });

  test("a real error from the server (404) is passed on, never masked by the cache", async () => {
    let answer: "ok" | "gone" = "ok";
    const { client } = clientWith(async () => {
      if (answer === "gone") {
        throw trpcError("NOT_FOUND", 404, "Not found");
      }
      return pasteView("abc");
    });
    await client.query("pastes.view", { slug: "abc" });
    await eventually(async () => (await db.pastes.count()) === 1);
    answer = "gone";
    const error = await failureOf(client.query("pastes.view", { slug: "abc" }));
    expect((error as Error).message).toBe("Not found");
  });

  test("listings are answered offline only to the session that fetched them", async () => {
    const listing = {
      path: "/docs",
      is_virtual: false,
      mount_id: "m",
      readonly: false,
      cached: false,
      total: 0,
      items: [],
    };
    const admin = clientWith(async () => listing, { authType: "admin", scope: "admin:root" });
    await admin.client.query("fs.list", { path: "/docs" });
    await eventually(async () => (await db.directories.count()) === 1);
    isOnline = false;
    expect(offlineCacheInfo(await admin.client.query("fs.list", { path: "/docs/" }))).not.toBeNull();

    const key = clientWith(noAnswer, { authType: "apikey", scope: "apikey:k1" });
    const error = await failureOf(key.client.query("fs.list", { path: "/docs" }));
    expect(isNetworkError(error)).toBe(true);
  });

  test("other queries pass straight through and are not stored", async () => {
    const { client, seen } = clientWith(async () => ({ version: "0.6.8" }));
    await client.query("system.version", undefined);
    expect(seen).toEqual(["query system.version"]);
    expect(await db.pastes.count()).toBe(0);
  });
});

describe("offline link: writes", () => {
  test("offline, creating a paste is queued at once with who made it and fails as 'saved offline'", async () => {
    const { client, seen } = clientWith(async () => ({ slug: "never" }));
    isOnline = false;
    const error = await failureOf(client.mutation("pastes.create", { content: "written offline", format: "text" }));
    expect(seen).toEqual([]);
    expect(isQueuedOfflineError(error)).toBe(true);
    // The screens show it like a server's message, and it is neither a network error nor a 401.
    expect(errorMessageOf(error, { network: "NETWORK", fallback: "FALLBACK" })).toBe(
      "Saved offline; it will be sent when you are back online.",
    );
    expect(isNetworkError(error)).toBe(false);
    expect(isUnauthorizedError(error)).toBe(false);
    expect(queued).toHaveLength(1);
    const [item] = await pendingWrites(db);
    expect(item).toMatchObject(queuedPaste({ content: "written offline", format: "text" }, "admin:t1"));
  });

  test("offline, a write that may not wait goes to the network (and fails there)", async () => {
    await expectSentWhileOffline((client) => client.mutation("keys.create", { name: "k" }), "mutation keys.create");
    expect(await db.offlineQueue.count()).toBe(0);
  });

  test("'online' but no answer at all (no way through): the write is queued too", async () => {
    const { client, seen } = clientWith(noAnswer);
    const error = await failureOf(client.mutation("fs.mkdir", { path: "/docs/new" }));
    expect(seen).toEqual(["mutation fs.mkdir"]);
    expect(isQueuedOfflineError(error)).toBe(true);
    expect((await pendingWrites(db)).map((item) => item.type)).toEqual(["fs.mkdir"]);
  });

  test("online, a refusal from the server is the screen's to show, not queued", async () => {
    const { client } = clientWith(async () => {
      throw trpcError("CONFLICT", 409, "Already exists");
    });
    const error = await failureOf(client.mutation("fs.mkdir", { path: "/docs" }));
    expect((error as Error).message).toBe("Already exists");
    expect(isQueuedOfflineError(error)).toBe(false);
    expect(await db.offlineQueue.count()).toBe(0);
  });

  test("online, writes go to the server and nothing is queued", async () => {
    const { client, seen } = clientWith(async () => ({ slug: "abc123" }));
    expect(await client.mutation("pastes.create", { content: "x", format: "text" })).toEqual({ slug: "abc123" });
    expect(seen).toEqual(["mutation pastes.create"]);
    expect(await db.offlineQueue.count()).toBe(0);
  });
});
