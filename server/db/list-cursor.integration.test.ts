// The management lists paged by cursor (docs/admin-lists.md), on both databases, pastes and file
// shares: every row comes exactly once, newest first, even rows created in the same millisecond and
// rows created while paging; with a search too; totals come from the kept counts and match; offset
// paging answers as before; a cursor that is not ours is a 400 in the caller's language.
import { describe, expect, test } from "bun:test";
import { pasteSummaryColumns } from "../services/pastes/paste-summary";
import { createApiKey, loginAdmin, type PastePage } from "../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../test/harness";

for (const provider of DATABASE_PROVIDERS) {
  describe(`lists by cursor (${provider})`, () => {
    const { t, api } = useTestApp(provider);
    test("pastes and files: each row once, newest first, with and without a search", async () => {
      const admin = await loginAdmin(api);
      const key = await createApiKey(api, admin, { text_permission: true, file_permission: true });
      const adminId = (await t.db.admin.findFirstOrThrow({ select: { id: true } })).id;
      const storage = (await t.db.storageConfig.findFirstOrThrow({ select: { id: true } })).id;
      // 25 rows, five created in each of five milliseconds: the cursor must break ties by id.
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 5));
      // A key's rows carry either spelling of it (the bare id is an imported row's): its list reads
      // each spelling apart and merges them (docs/admin-lists.md "Query plans").
      const creator = (i: number) => (i % 3 === 0 ? (i % 2 ? `apikey:${key.id}` : key.id) : `admin:${adminId}`);
      await t.db.paste.createMany({
        data: Array.from({ length: 25 }, (_, i) => ({
          slug: `p${i}`,
          content: i % 2 ? "odd one" : "even one",
          ...pasteSummaryColumns(i % 2 ? "odd one" : "even one", false),
          createdBy: creator(i),
          createdAt: at(i),
        })),
      });
      await t.db.fileShare.createMany({
        data: Array.from({ length: 25 }, (_, i) => ({
          slug: `f${i}`,
          filename: i % 2 ? `odd-${i}.txt` : `even-${i}.txt`,
          mimetype: "text/plain",
          size: i,
          storageConfigId: storage,
          storagePath: `f${i}.txt`,
          createdBy: creator(i),
          createdAt: at(i),
        })),
      });

      const readAll = async (path: string, auth: string, listOf: (body: Record<string, unknown>) => unknown) => {
        const slugs: string[] = [];
        let cursor: string | null = null;
        let total = -1;
        for (let round = 0; round < 20; round++) {
          const separator = path.includes("?") ? "&" : "?";
          const answer = await api.call(
            "GET",
            `${path}${separator}limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
            { auth },
          );
          expect(answer.status).toBe(200);
          const { items, pagination } = listOf(answer.body) as {
            items: { slug: string }[];
            pagination: { total: number; nextCursor: string | null; hasMore: boolean };
          };
          slugs.push(...items.map((item) => item.slug));
          total = pagination.total;
          expect(pagination.hasMore).toBe(pagination.nextCursor !== null);
          cursor = pagination.nextCursor;
          if (!cursor) break;
          if (round === 1 && path === "/admin/pastes") {
            // A row created while paging is newer than the cursor: it belongs to the first page, not here.
            await t.db.paste.create({
              data: { slug: "late", content: "late", ...pasteSummaryColumns("late", false), createdBy: creator(1) },
            });
          }
        }
        return { slugs, total };
      };
      const pastes = (body: Record<string, unknown>) => ({ items: body.data, pagination: body.pagination });
      const files = (body: Record<string, unknown>) => {
        const data = body.data as { files: unknown; pagination: unknown };
        return { items: data.files, pagination: data.pagination };
      };
      const expected = (prefix: string, keep: (i: number) => boolean) =>
        Array.from({ length: 25 }, (_, i) => i)
          .filter(keep)
          .reverse()
          .map((i) => `${prefix}${i}`);
      const sameMs = (slugs: string[]) => slugs.map((slug) => Math.floor(Number(slug.slice(1)) / 5));

      const allFiles = await readAll("/admin/files", admin, files);
      expect([...allFiles.slugs].sort()).toEqual(expected("f", () => true).sort());
      expect(sameMs(allFiles.slugs)).toEqual(sameMs(expected("f", () => true)));
      expect(allFiles.total).toBe(25);
      const oddFiles = await readAll("/admin/files?search=odd", admin, files);
      expect(sameMs(oddFiles.slugs)).toEqual(sameMs(expected("f", (i) => i % 2 === 1)));
      expect(new Set(oddFiles.slugs).size).toBe(12);
      expect(oddFiles.total).toBe(12);
      const keyFiles = await readAll("/user/files", key.auth, files);
      expect([...keyFiles.slugs].sort()).toEqual(expected("f", (i) => i % 3 === 0).sort());
      expect(keyFiles.total).toBe(9);
      // The merged pages keep the one query's order, ties within a millisecond too.
      const keyFilesAtOnce = await api.call("GET", "/user/files?offset=0&limit=50", {
        auth: key.auth,
        procedure: "files.list",
      });
      expect(keyFiles.slugs).toEqual(keyFilesAtOnce.body.data.files.map((file: { slug: string }) => file.slug));
      const keyPastes = await readAll("/user/pastes", key.auth, pastes);
      const keyPastesAtOnce = await api.call<PastePage>("GET", "/user/pastes?offset=0&limit=50", { auth: key.auth });
      expect(keyPastes.slugs).toEqual(keyPastesAtOnce.body.data.map((paste) => paste.slug));
      expect(keyPastes.slugs.length).toBe(9);
      const byCreator = await readAll(`/admin/pastes?created_by=${key.id}`, admin, pastes);
      expect(byCreator.slugs).toEqual(keyPastes.slugs);

      const allPastes = await readAll("/admin/pastes", admin, pastes);
      expect([...allPastes.slugs].sort()).toEqual(expected("p", () => true).sort());
      expect(sameMs(allPastes.slugs)).toEqual(sameMs(expected("p", () => true)));
      expect(allPastes.total).toBe(26);
      const oddPastes = await readAll("/admin/pastes?search=odd", admin, pastes);
      expect(new Set(oddPastes.slugs).size).toBe(12);
      expect(sameMs(oddPastes.slugs)).toEqual(sameMs(expected("p", (i) => i % 2 === 1)));

      // Offset paging is as it was, and shares the cursor's order.
      const second = await api.call<PastePage>("GET", "/admin/pastes?page=2&limit=4&created_by=admin", { auth: admin });
      expect(second.body.pagination).toMatchObject({ page: 2, offset: 4, limit: 4 });
      const byOffset = await api.call("GET", "/admin/files?offset=4&limit=4", { auth: admin, procedure: "files.list" });
      expect(byOffset.body.data.files.map((file: { slug: string }) => file.slug)).toEqual(allFiles.slugs.slice(4, 8));
    });

    test("a cursor that is not ours is refused in the caller's language", async () => {
      const admin = await loginAdmin(api);
      for (const cursor of ["garbage", Buffer.from('["x", 1]').toString("base64url")]) {
        const answer = await api.call<PastePage>("GET", `/admin/pastes?cursor=${cursor}`, { auth: admin, lang: "zh" });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe("列表游标无效，请从第一页重新开始");
      }
      const files = await api.call("GET", "/admin/files?cursor=garbage", { auth: admin });
      expect(files.status).toBe(400);
      expect(files.body.message).toBe("This list cursor is not valid: start again from the first page");
    });
  });
}
