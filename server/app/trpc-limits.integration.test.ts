// What one /trpc request can make the server do: a batch carries at most TRPC_MAX_BATCH_CALLS calls
// (refused whole, the same on GET and POST, in the caller's language), and a caller runs at most
// MAX_SEARCHES_PER_CALLER searches at once (paste, share and explorer search; 429 past that); a folder
// listing is one page however large the folder (REST's CloudPaste call alone gathers it whole).
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRPC_MAX_BATCH_CALLS } from "@shared/constants";
import { FS_LIST_PAGE_DEFAULT } from "@shared/schemas/explorer/explorer";
import superjson from "superjson";
import { appRouter } from "../routers";
import { inSearchSlot, MAX_SEARCHES_PER_CALLER } from "../services/system/search-slots";
import { createApiKey, createMount, createPaste, loginAdmin, type PastePage } from "../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../test/harness";

type BatchAnswer = { result?: { data: unknown }; error?: { json: { message: string; data: { httpStatus: number } } } };

for (const provider of DATABASE_PROVIDERS) {
  describe(`tRPC batches and searches are bounded (${provider})`, () => {
    const { t, api } = useTestApp(provider);

    /** One batched GET of `calls`, each with its input, as the client's batch link sends it. */
    async function batchGet(calls: { path: string; input: unknown }[], headers: Record<string, string>) {
      const input = Object.fromEntries(calls.map((call, i) => [i, superjson.serialize(call.input)]));
      const path = `/trpc/${calls.map((call) => call.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
      const response = await t.request("GET", path, { headers });
      return { status: response.status, body: (await response.json()) as BatchAnswer[] | BatchAnswer };
    }

    const messageOf = (body: BatchAnswer[] | BatchAnswer) =>
      (Array.isArray(body) ? body[0] : body)?.error?.json.message;

    /**
     * Runs `check` while every search slot of the key is taken, counting the router's error formatter
     * calls (the work of shaping refusals, not its time); the slots are freed afterwards.
     */
    async function withSlotsTaken(keyId: string, check: (shaped: () => number) => Promise<void>) {
      const caller = { auth: { type: "apikey", keyId } as never, clientIp: "127.0.0.1" };
      const release: (() => void)[] = [];
      const held = Array.from({ length: MAX_SEARCHES_PER_CALLER }, () =>
        inSearchSlot(caller, () => new Promise<void>((resolve) => release.push(resolve))),
      );
      const config = appRouter._def._config as unknown as { errorFormatter: (options: never) => unknown };
      const formatter = config.errorFormatter;
      let shaped = 0;
      config.errorFormatter = (options) => {
        shaped++;
        return formatter(options);
      };
      try {
        await check(() => shaped);
      } finally {
        config.errorFormatter = formatter;
        for (const done of release) done();
        await Promise.all(held);
      }
    }

    test("a batch past the cap is refused whole with 400, on GET and POST, in the caller's language", async () => {
      const admin = await loginAdmin(api);
      const calls = Array.from({ length: TRPC_MAX_BATCH_CALLS + 1 }, () => ({
        path: "pastes.list",
        input: { limit: 1 },
      }));
      const refused = await batchGet(calls, { authorization: admin, "accept-language": "zh" });
      expect(refused.status).toBe(400);
      expect(messageOf(refused.body)).toBe(
        `一次请求最多包含 ${TRPC_MAX_BATCH_CALLS} 个调用，本次有 ${calls.length} 个`,
      );

      // POST carries mutations: none of them runs.
      const path = `/trpc/${calls.map(() => "pastes.create").join(",")}?batch=1`;
      const body = Object.fromEntries(calls.map((_, i) => [i, superjson.serialize({ content: "never stored" })]));
      const posted = await t.request("POST", path, { body, headers: { authorization: admin } });
      expect(posted.status).toBe(400);
      expect(messageOf((await posted.json()) as BatchAnswer[])).toBe(
        `One request may carry at most ${TRPC_MAX_BATCH_CALLS} calls; this one has ${calls.length}`,
      );

      const list = await api.call<PastePage>("GET", "/admin/pastes", { auth: admin });
      expect(list.body.data).toEqual([]);
      const allowed = await batchGet(calls.slice(1), { authorization: admin });
      expect(allowed.status).toBe(200);
      expect((allowed.body as BatchAnswer[]).every((answer) => answer.result)).toBe(true);
    });

    test("searches past the caller's concurrent limit answer 429; plain lists and later searches pass", async () => {
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { text_permission: true, file_permission: true });
      for (let i = 0; i < 3; i++) await createPaste(api, key.auth, { content: `needle ${i} ${"x".repeat(50_000)}` });
      const searches = Array.from({ length: MAX_SEARCHES_PER_CALLER + 2 }, (_, i) => ({
        path: i % 2 ? "files.list" : "pastes.list",
        input: { limit: 10, search: "needle" },
      }));
      const busy = await batchGet(searches, { authorization: key.auth, "accept-language": "zh" });
      const answers = busy.body as BatchAnswer[];
      const refused = answers.filter((answer) => answer.error);
      expect(answers.filter((answer) => answer.result).length).toBe(MAX_SEARCHES_PER_CALLER);
      expect(refused.length).toBe(2);
      for (const answer of refused) {
        expect(answer.error?.json.data.httpStatus).toBe(429);
        expect(answer.error?.json.message).toBe(
          `你已有 ${MAX_SEARCHES_PER_CALLER} 个搜索正在进行，请等其中一个完成后再试`,
        );
      }

      // Lists without a search take no slot; the slots are free again once the searches end.
      const lists = await batchGet(
        searches.map((call) => ({ ...call, input: { limit: 10 } })),
        { authorization: key.auth },
      );
      expect((lists.body as BatchAnswer[]).every((answer) => answer.result)).toBe(true);
      const again = await api.call<PastePage>("GET", "/user/pastes?search=needle", { auth: key.auth });
      expect(again.status).toBe(200);
      // Another caller is counted apart: the admin's search is not refused for the key's.
      const adminSearch = await batchGet(searches.slice(0, MAX_SEARCHES_PER_CALLER), { authorization: admin });
      expect((adminSearch.body as BatchAnswer[]).every((answer) => answer.result)).toBe(true);
    });

    // The hostile run's search phase (docs/performance.md): 4 callers' batches of 16 searches from one
    // read-only key, 17,000-40,000 refusals in 10 s, each through tRPC's middlewares, its input's
    // parsing and an error built and shaped for it. A batch of searches from a caller whose slots are
    // all taken is now refused whole before tRPC: the same answers, the error shaped once. Counted as
    // work (calls of the router's error formatter), not time.
    test("a batch of searches from a caller with no slot free is refused whole: 429 each, shaped once", async () => {
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { mount_permission: true, mount_read_only: true });
      await withSlotsTaken(key.id, async (shaped) => {
        const calls = Array.from({ length: TRPC_MAX_BATCH_CALLS }, () => ({
          path: "fs.search",
          input: { q: "file-1", source: "live" },
        }));
        const refused = await batchGet(calls, { authorization: key.auth, "accept-language": "zh" });
        expect(refused.status).toBe(429);
        const answers = refused.body as BatchAnswer[];
        expect(answers).toHaveLength(calls.length);
        for (const answer of answers) {
          expect(answer.error?.json.data.httpStatus).toBe(429);
          expect(answer.error?.json.message).toBe(
            `你已有 ${MAX_SEARCHES_PER_CALLER} 个搜索正在进行，请等其中一个完成后再试`,
          );
        }
        expect(shaped()).toBe(1);
      });
      // Once a slot is free, the key's searches run (a mount-less key finds nothing, but is not refused).
      const ran = await batchGet([{ path: "fs.search", input: { q: "file-1", source: "live" } }], {
        authorization: key.auth,
      });
      expect(ran.status).toBe(200);
    });

    // Paste and file lists with a search take a slot each as explorer searches do: a batch of 16 of them
    // from one caller with no slot free went through tRPC call by call, an error shaped for each.
    // Counted as work (calls of the router's error formatter), not time.
    test("a batch of paste and file list searches with no slot free is refused whole; lists without one run", async () => {
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { text_permission: true, file_permission: true });
      await withSlotsTaken(key.id, async (shaped) => {
        const calls = Array.from({ length: TRPC_MAX_BATCH_CALLS }, (_, i) => ({
          path: i % 2 ? "files.list" : "pastes.list",
          input: { limit: 10, search: "needle" },
        }));
        const refused = await batchGet(calls, { authorization: key.auth });
        expect(refused.status).toBe(429);
        const answers = refused.body as BatchAnswer[];
        expect(answers).toHaveLength(calls.length);
        for (const answer of answers) expect(answer.error?.json.data.httpStatus).toBe(429);
        // Once per procedure named.
        expect(shaped()).toBe(2);
        // Lists without a search, or with a blank one, take no slot: they run.
        const lists = await batchGet(
          calls.map((call, i) => ({ ...call, input: i % 2 ? { limit: 10 } : { limit: 10, search: "  " } })),
          { authorization: key.auth },
        );
        expect(lists.status).toBe(200);
        expect((lists.body as BatchAnswer[]).every((answer) => answer.result)).toBe(true);
      });
    });

    test("fs.list without limit answers one page with a cursor; REST's call without limit the whole folder", async () => {
      const admin = await loginAdmin(api);
      const storage = await t.db.storageConfig.findFirstOrThrow({
        where: { isDefault: true },
        select: { id: true, rootPath: true },
      });
      await createMount(api, admin, { mount_path: "/big", storage_config_id: storage.id, folder: "big" });
      const files = FS_LIST_PAGE_DEFAULT + 50;
      const folder = join(storage.rootPath ?? "", "big");
      mkdirSync(folder, { recursive: true });
      for (let i = 0; i < files; i++) writeFileSync(join(folder, `f${String(i).padStart(4, "0")}.txt`), "x");

      type Listing = { items: unknown[]; next_cursor: string | null; has_more: boolean };
      const listed = await batchGet([{ path: "fs.list", input: { path: "/big" } }], { authorization: admin });
      const first = superjson.deserialize<Listing>((listed.body as BatchAnswer[])[0]?.result?.data as never);
      expect(first.items).toHaveLength(FS_LIST_PAGE_DEFAULT);
      expect(first.has_more).toBe(true);
      const rest = await batchGet([{ path: "fs.list", input: { path: "/big", cursor: first.next_cursor } }], {
        authorization: admin,
      });
      const second = superjson.deserialize<Listing>((rest.body as BatchAnswer[])[0]?.result?.data as never);
      expect(second.items).toHaveLength(50);
      expect(second.next_cursor).toBeNull();

      const whole = await api.call("GET", "/admin/fs/list?path=/big", { auth: admin, procedure: "fs.list" });
      expect(whole.status).toBe(200);
      expect(whole.body.data.items).toHaveLength(files);
      expect(whole.body.data.has_more).toBe(false);
    });
  });
}
