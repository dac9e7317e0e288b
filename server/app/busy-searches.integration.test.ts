// A batch of searches from a caller whose search slots are all taken is refused whole (app/busy-searches.ts).
// Once a caller's credentials have been looked up for such a batch, its next batches with the same
// credentials are refused while its slots stay taken without being looked up again: the lookup, at a
// thousand refused batches a second in the hostile run, was most of the refusal's work
// (docs/performance.md). Only a refusal is taken without the lookup, never a right.
import { describe, expect, test } from "bun:test";
import { TRPC_MAX_BATCH_CALLS } from "@shared/constants";
import superjson from "superjson";
import { inSearchSlot, MAX_SEARCHES_PER_CALLER } from "../services/system/search-slots";
import { createApiKey, loginAdmin } from "../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../test/harness";

type BatchAnswer = { error?: { json: { message: string; data: { httpStatus: number; code: string } } } };

for (const provider of DATABASE_PROVIDERS) {
  describe(`busy searches (${provider})`, () => {
    const { t, api } = useTestApp(provider);

    const searchBatch = (auth: string, language = "en") => {
      const calls = Array.from({ length: TRPC_MAX_BATCH_CALLS }, () => ({ q: "file-1", source: "live" }));
      const input = Object.fromEntries(calls.map((call, i) => [i, superjson.serialize(call)]));
      const path = `/trpc/${calls.map(() => "fs.search").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
      return t.request("GET", path, { headers: { authorization: auth, "accept-language": language } });
    };

    test("a known caller with no slot free is refused without a lookup, in its language; a deleted key is refused once its searches end", async () => {
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { mount_permission: true, mount_read_only: true });
      const caller = { auth: { type: "apikey", keyId: key.id } as never, clientIp: "127.0.0.1" };
      const release: (() => void)[] = [];
      const held = Array.from({ length: MAX_SEARCHES_PER_CALLER }, () =>
        inSearchSlot(caller, () => new Promise<void>((resolve) => release.push(resolve))),
      );
      try {
        // Looked up: the key is found and its slots are full.
        const first = await searchBatch(key.auth);
        expect(first.status).toBe(429);
        expect(first.headers.get("retry-after")).toBe("1");
        // The key is deleted while its searches run: its next batch is still refused as busy, in
        // the caller's language, since its credentials are not looked up again.
        const deleted = await api.call("DELETE", `/admin/api-keys/${key.id}`, { auth: admin });
        expect(deleted.status).toBe(200);
        const again = await searchBatch(key.auth, "zh");
        expect(again.status).toBe(429);
        const answers = (await again.json()) as BatchAnswer[];
        expect(answers).toHaveLength(TRPC_MAX_BATCH_CALLS);
        for (const answer of answers) {
          expect(answer.error?.json.data.httpStatus).toBe(429);
          expect(answer.error?.json.message).toBe(
            `你已有 ${MAX_SEARCHES_PER_CALLER} 个搜索正在进行，请等其中一个完成后再试`,
          );
        }
        // Other credentials are looked up as before: an unknown key is refused as unknown, not busy.
        const unknown = await searchBatch("ApiKey not-a-key-at-all");
        expect(((await unknown.json()) as BatchAnswer[])[0]?.error?.json.data.httpStatus).toBe(401);
      } finally {
        for (const done of release) done();
        await Promise.all(held);
      }
      // Its searches over, the deleted key is looked up and refused as unknown.
      const after = await searchBatch(key.auth);
      const answers = (await after.json()) as BatchAnswer[];
      expect(answers[0]?.error?.json.data.httpStatus).toBe(401);
    });
  });
}
