// Slug guessing (docs/rules.md, Slugs and links): not-found answers are counted per address in the
// database, over every route that looks a share up by its slug and across processes; past the limit
// the address gets 429 before any lookup, so a guessed hit is neither found nor counted as a view.
// Generated slugs are long; a short slug from before still opens.
import { describe, expect, test } from "bun:test";
import superjson from "superjson";
import { createApp } from "../../../app/app";
import { createDatabase } from "../../../db/client";
import { createApiClient, createPaste, loginAdmin, type OpenedPaste } from "../../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../../test/harness";
import { RATE_LIMITS } from "../../system/rate-limit";

const LIMIT = RATE_LIMITS.slugMiss.limit;

for (const provider of DATABASE_PROVIDERS) {
  describe(`slug guessing is limited per address (${provider})`, () => {
    const { t, api } = useTestApp(provider);

    /** One lookup of `slug` by each slug route in turn, from `ip`, through `app`; answers the status. */
    async function lookUp(route: number, slug: string, ip: string, app: typeof t.app = t.app): Promise<number> {
      const { call } = createApiClient(() => app);
      switch (route % 8) {
        case 0:
          return (await call<OpenedPaste>("GET", `/paste/${slug}`, { ip })).status;
        case 1:
          return (await call("POST", `/paste/${slug}`, { ip, body: { password: "guess" }, procedure: "pastes.unlock" }))
            .status;
        case 2:
          return (await call("GET", `/raw/${slug}`, { ip })).status;
        case 3:
          return (await call("GET", `/public/files/${slug}`, { ip, procedure: "files.public.get" })).status;
        case 4:
          return (await call("GET", `/file-download/${slug}`, { ip })).status;
        case 5:
          return (await call("GET", `/office-preview/${slug}`, { ip })).status;
        case 6:
          return (await call("GET", `/public/shares/${slug}`, { ip, procedure: "shares.view" })).status;
        default: {
          const input = encodeURIComponent(JSON.stringify(superjson.serialize({ slug })));
          const response = await app.fetch(new Request(`http://localhost/trpc/pastes.view?input=${input}`), ip);
          return response.status;
        }
      }
    }

    test("misses on every slug route count together, across processes; past the limit a hit is neither found nor counted", async () => {
      const admin = await loginAdmin(api);
      const burning = await createPaste(api, admin, { content: "read me once", max_views: 1 });
      expect(burning.slug).toMatch(/^[A-Za-z0-9]{12}$/);
      const otherDb = createDatabase(t.config.databaseUrl, { pgSchema: t.pgSchema });
      const other = await createApp({ ...t, db: otherDb });
      try {
        const ip = "10.20.30.40";
        for (let i = 0; i < LIMIT; i++) {
          expect(await lookUp(i, `missing${i}`, ip, i % 2 ? other : t.app)).toBe(404);
        }
        // The next miss on each process is refused, and teaches that process the address is over the limit.
        expect(await lookUp(0, "missing-one-more", ip, t.app)).toBe(429);
        expect(await lookUp(1, "missing-one-more", ip, other)).toBe(429);
        // Every route, on either process, now refuses this address before looking anything up.
        for (let route = 0; route < 8; route++) {
          expect(await lookUp(route, burning.slug, ip, route % 2 ? other : t.app)).toBe(429);
        }
        const refused = await api.call<OpenedPaste>("GET", `/paste/${burning.slug}`, { ip, lang: "zh" });
        expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(refused.body.message).toBe(`请求过于频繁，请在 ${refused.headers.get("retry-after")} 秒后重试`);
        const row = await t.db.paste.findUniqueOrThrow({ where: { slug: burning.slug }, select: { views: true } });
        expect(row.views).toBe(0);

        // Another address is not limited: the paste is read once, then gone.
        const read = await api.call("GET", `/raw/${burning.slug}`, { ip: "10.20.30.41" });
        expect(read.status).toBe(200);
        expect(read.text).toBe("read me once");
      } finally {
        await otherDb.$disconnect();
      }
    });

    test("hits do not count toward the limit; a short slug made before still opens", async () => {
      const admin = await loginAdmin(api);
      const paste = await createPaste(api, admin, { content: "often read" });
      const ip = "10.20.30.50";
      for (let i = 0; i < LIMIT + 5; i++) expect(await lookUp(2, paste.slug, ip)).toBe(200);
      const legacy = await createPaste(api, admin, { content: "old link" });
      await t.db.paste.update({ where: { slug: legacy.slug }, data: { slug: "aB3xY9" } });
      const old = await api.call("GET", "/raw/aB3xY9", { ip });
      expect(old.status).toBe(200);
      expect(old.text).toBe("old link");
    });
  });
}
