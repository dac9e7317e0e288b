// Text sharing over REST on SQLite and Postgres: creation rules, views, passwords, expiry, the raw link,
// exact view limits under concurrency, and management by the admin and by API keys.
import { beforeAll, describe, expect, test } from "bun:test";
import { decryptText, encryptText, generateLinkKey } from "@shared/encryption/encrypted-share";
import { pasteSummaryColumns } from "../../services/pastes/paste-summary";
import { sweepOnce } from "../../services/system/sweeper";
import {
  createApiKey,
  createPaste as createPasteRow,
  loginAdmin,
  type OpenedPaste,
  type PastePage,
  present,
} from "../../test/api-client";
import { DATABASE_PROVIDERS, freshIps, useTestApp } from "../../test/harness";

describe.each(DATABASE_PROVIDERS)("pastes on %s", (provider) => {
  let admin: string;
  const freshIp = freshIps(9, provider);

  const { t, api, call } = useTestApp(provider);

  const createKey = (fields: Record<string, unknown>) => createApiKey(api, admin, fields);

  const createPaste = (fields: Record<string, unknown>, auth = admin) => createPasteRow(api, auth, fields);

  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  describe("creating", () => {
    test("a generated slug is 6 letters and digits; the answer has the paste's fields", async () => {
      const paste = await createPaste({ content: "# Hello", remark: "greeting" });
      expect(paste.slug).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(paste).toMatchObject({
        content: "# Hello",
        remark: "greeting",
        format: "markdown",
        has_password: false,
        max_views: 0,
        views: 0,
      });
      expect(paste.created_by).toStartWith("admin:");
      expect(paste.url).toBe(`http://localhost:8787/paste/${paste.slug}`);
      expect(paste.raw_url).toBe(`http://localhost:8787/api/raw/${paste.slug}`);
      expect(paste).not.toHaveProperty("password");
    });

    test("a custom slug is used; taken is 409 'link suffix already taken'", async () => {
      const slug = `my-notes_${provider}`;
      expect((await createPaste({ content: "a", slug })).slug).toBe(slug);
      const again = await call("POST", "/paste", { auth: admin, body: { content: "b", slug } });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("The link suffix is already taken, try another");
    });

    test("slug, content and max views rules, in the caller's language", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ content: "x", slug: "has space" }, "slug: Only letters, digits, hyphens and underscores"],
        [{ content: "x", slug: "a".repeat(51) }, "slug: At most 50 characters"],
        [{ content: "x", slug: "admin" }, "slug: This word is reserved; choose another"],
        [{ content: "   \n " }, "content: The content cannot be empty"],
        [{ content: "x", max_views: -1 }, "max_views: Max views must be a whole number"],
        [{ content: "x", expires_at: "2001-01-01T00:00:00Z" }, "The expiry must be in the future"],
      ];
      for (const [body, message] of cases) {
        const result = await call("POST", "/paste", { auth: admin, body });
        expect(result.status).toBe(400);
        expect(result.body.message).toContain(message);
      }
      const zh = await call("POST", "/paste", { auth: admin, body: { content: "" }, lang: "zh-CN" });
      expect(zh.body.message).toContain("内容不能为空");
    });

    test("creating needs admin or a key with text permission", async () => {
      expect((await call("POST", "/paste", { body: { content: "x" }, procedure: "pastes.create" })).status).toBe(401);
      const fileOnly = await createKey({ file_permission: true });
      expect(
        (await call("POST", "/paste", { auth: fileOnly.auth, body: { content: "x" }, procedure: "pastes.create" }))
          .status,
      ).toBe(403);
      const text = await createKey({ text_permission: true });
      const paste = await createPaste({ content: "from a key" }, text.auth);
      expect(paste.created_by).toBe(`apikey:${text.id}`);
    });
  });

  describe("viewing", () => {
    test("GET of an unprotected paste delivers it and counts a view", async () => {
      const { slug } = await createPaste({ content: "plain", format: "text" });
      const first = await call<OpenedPaste>("GET", `/paste/${slug}`);
      expect(first.body.data).toMatchObject({
        slug,
        content: "plain",
        format: "text",
        views: 1,
        requires_password: false,
      });
      expect((await call<OpenedPaste>("GET", `/paste/${slug}`)).body.data.views).toBe(2);
      expect((await call<OpenedPaste>("GET", "/paste/nope-nope")).status).toBe(404);
    });

    test("a protected paste: GET gives no content and counts nothing; a wrong password says so; the right one delivers", async () => {
      const { slug } = await createPaste({ content: "secret text", password: "hunter22" });
      const locked = await call<OpenedPaste>("GET", `/paste/${slug}`);
      expect(locked.body.data).toMatchObject({ requires_password: true, has_password: true, content: null, views: 0 });
      const wrong = await call("POST", `/paste/${slug}`, { body: { password: "nope" }, ip: freshIp() });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe("Wrong password");
      const right = await call("POST", `/paste/${slug}`, {
        body: { password: "hunter22" },
        procedure: "pastes.unlock",
      });
      expect(right.body.data).toMatchObject({ content: "secret text", views: 1 });
      const stored = await t.db.paste.findUniqueOrThrow({ where: { slug }, select: { passwordHash: true } });
      expect(stored.passwordHash).toStartWith("$argon2id$");
    });

    test("the remark is the owner's: no public answer carries it (open, locked, unlocked, raw)", async () => {
      const open = await createPaste({ content: "hello", remark: "owner note open" });
      const locked = await createPaste({ content: "hi", remark: "owner note locked", password: "hunter22" });
      const answers = [
        await call<OpenedPaste>("GET", `/paste/${open.slug}`),
        await call<OpenedPaste>("GET", `/paste/${locked.slug}`),
        await call("POST", `/paste/${locked.slug}`, { body: { password: "hunter22" }, procedure: "pastes.unlock" }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.body)).not.toContain("owner note");
        expect(answer.body.data).not.toHaveProperty("remark");
      }
    });

    // 21 deliberately slow password hashes: over 30 s on a loaded 2-core machine.
    test("password guesses are limited per address and paste", async () => {
      const { slug } = await createPaste({ content: "s", password: "right-one" });
      const ip = freshIp();
      for (let i = 0; i < 20; i++)
        await call("POST", `/paste/${slug}`, { body: { password: `guess-${i}` }, ip, procedure: "pastes.unlock" });
      const blocked = await call("POST", `/paste/${slug}`, { body: { password: "right-one" }, ip });
      expect(blocked.status).toBe(429);
      expect(
        (
          await call("POST", `/paste/${slug}`, {
            body: { password: "right-one" },
            ip: freshIp(),
            procedure: "pastes.unlock",
          })
        ).status,
      ).toBe(200);
    }, 120_000);

    test("max_views=2: two deliveries, then 410 'view limit reached', then the paste is purged", async () => {
      const { slug } = await createPaste({ content: "twice", max_views: 2 });
      expect((await call<OpenedPaste>("GET", `/paste/${slug}`)).status).toBe(200);
      expect((await call<OpenedPaste>("GET", `/paste/${slug}`)).status).toBe(200);
      const third = await call<OpenedPaste>("GET", `/paste/${slug}`);
      expect(third.status).toBe(410);
      expect(third.body.message).toBe("The view limit has been reached");
      expect(await t.db.paste.findUnique({ where: { slug } })).toBeNull();
    });

    test("past its expiry a paste answers 410 'expired' and is purged", async () => {
      const { slug } = await createPaste({
        content: "soon gone",
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      });
      expect((await call<OpenedPaste>("GET", `/paste/${slug}`)).status).toBe(200);
      await t.db.paste.update({ where: { slug }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const gone = await call<OpenedPaste>("GET", `/paste/${slug}`, { lang: "zh" });
      expect(gone.status).toBe(410);
      expect(gone.body.message).toBe("文本已过期");
      expect(await t.db.paste.findUnique({ where: { slug } })).toBeNull();
    });

    test("the raw link: text/plain, honours the password and counts views", async () => {
      const { slug } = await createPaste({ content: "raw *text* <b>", password: "pw-raw-1", max_views: 2 });
      const missing = await call("GET", `/raw/${slug}`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get("content-type")).toStartWith("text/plain");
      const wrong = await call("GET", `/raw/${slug}?password=bad`, { ip: freshIp() });
      expect(wrong.status).toBe(401);
      expect(wrong.text).toBe("Wrong password");
      const right = await call("GET", `/raw/${slug}?password=pw-raw-1`);
      expect(right.status).toBe(200);
      expect(right.text).toBe("raw *text* <b>");
      expect(right.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await call("GET", `/raw/${slug}?password=pw-raw-1`)).status).toBe(200);
      const limit = await call("GET", `/raw/${slug}?password=pw-raw-1`);
      expect(limit.status).toBe(410);
      expect(limit.text).toBe("The view limit has been reached");
    });

    test("200 concurrent requests against max_views=10 give exactly 10 deliveries", async () => {
      const { slug } = await createPaste({ content: "race", max_views: 10 });
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          i % 2 === 0 ? call<OpenedPaste>("GET", `/paste/${slug}`) : call("GET", `/raw/${slug}`),
        ),
      );
      const delivered = results.filter((r) => r.status === 200);
      expect(delivered).toHaveLength(10);
      for (const r of results.filter((r) => r.status !== 200)) expect([404, 410]).toContain(r.status);
      expect(await t.db.paste.findUnique({ where: { slug } })).toBeNull();
    });
  });

  describe("managing", () => {
    test("admin list: newest first, paginated, searchable by slug, remark and content", async () => {
      const tag = `q${provider}${Date.now()}`;
      await createPaste({ content: `alpha ${tag}` });
      await createPaste({ content: "beta", remark: `Remark ${tag.toUpperCase()}` });
      await createPaste({ content: "gamma", slug: `${tag}-slug` });
      const found = await call<PastePage>("GET", `/admin/pastes?search=${tag}`, { auth: admin });
      expect(found.body.pagination?.total).toBe(3);
      expect(found.body.data.map((p: { preview: string }) => p.preview)).toEqual(["gamma", "beta", `alpha ${tag}`]);
      expect(found.body.data[0]).not.toHaveProperty("content");
      const page2 = await call<PastePage>("GET", `/admin/pastes?search=${tag}&page=2&limit=2`, { auth: admin });
      expect(page2.body.pagination).toMatchObject({ total: 3, page: 2, limit: 2, offset: 2, hasMore: false });
      expect(page2.body.data).toHaveLength(1);
    });

    test("search takes % and _ literally, in content, remark and slug, ignoring ASCII case", async () => {
      const tag = `w${provider}${Date.now()}`;
      await createPaste({ content: `${tag} a 100% match` });
      await createPaste({ content: `${tag} 1000 matches` });
      await createPaste({ content: "beta", remark: `${tag} A_C remark` });
      await createPaste({ content: `${tag} abc` });
      const contents = async (search: string) => {
        const found = await call<PastePage>("GET", `/admin/pastes?search=${encodeURIComponent(search)}`, {
          auth: admin,
        });
        expect(found.status).toBe(200);
        return {
          total: found.body.pagination?.total,
          previews: found.body.data.map((p: { preview: string }) => p.preview),
        };
      };
      expect(await contents(`${tag} a 100%`)).toEqual({ total: 1, previews: [`${tag} a 100% match`] });
      expect((await contents("100%")).previews).toEqual([`${tag} a 100% match`]);
      expect((await contents("a_c")).previews).toEqual(["beta"]);
      expect((await contents("% match")).total).toBe(1);
      expect((await contents(`${tag}%`)).total).toBe(0);
      expect((await contents(`${tag.toUpperCase()} ABC`)).previews).toEqual([`${tag} abc`]);
      // A key's search stays inside its own pastes.
      const key = await createKey({ text_permission: true });
      await createPaste({ content: `${tag} key's 100% own` }, key.auth);
      const mine = await call<PastePage>("GET", `/user/pastes?search=${encodeURIComponent("100%")}`, {
        auth: key.auth,
      });
      expect(mine.body.data.map((p: { preview: string }) => p.preview)).toEqual([`${tag} key's 100% own`]);
      expect((await contents("100%")).total).toBe(2);
      // A backslash is a character like any other.
      await createPaste({ content: `${tag} C:\\temp\\x` });
      expect((await contents("\\temp")).previews).toEqual([`${tag} C:\\temp\\x`]);
    });

    test("a NUL in a list's search or creator filter is a clear 400, on pastes and file shares", async () => {
      // SQLite's full-text query ended its string at the NUL and answered 500 (found by fuzz-api).
      for (const list of ["pastes", "files"]) {
        for (const query of ["search=a%00bc", "created_by=x%00y", "offset=43&search=ab%00cd&created_by=admin"]) {
          const answer = await call("GET", `/admin/${list}?${query}`, { auth: admin });
          expect(answer.status).toBe(400);
          expect(answer.body.message).toContain("NUL");
        }
      }
      expect((await call("GET", "/admin/pastes?search=abc", { auth: admin })).status).toBe(200);
    });

    test("the search's trigram index follows every edit and delete (docs/admin-lists.md)", async () => {
      const tag = `ix${provider}${Date.now()}`;
      const paste = await createPaste({ content: `first ${tag}-old words`, remark: `note ${tag}-mark` });
      const ids = async (search: string) =>
        (
          await call<PastePage>("GET", `/admin/pastes?search=${encodeURIComponent(search)}`, { auth: admin })
        ).body.data.map((p: { id: string }) => p.id);
      expect(await ids(`${tag}-old`)).toEqual([paste.id]);
      expect(await ids(`${tag}-MARK`)).toEqual([paste.id]);
      const edited = await call("PUT", `/admin/pastes/${paste.id}`, {
        auth: admin,
        body: { content: `second ${tag}-new words`, remark: `note ${tag}-changed` },
      });
      expect(edited.status).toBe(200);
      expect(await ids(`${tag}-old`)).toEqual([]);
      expect(await ids(`${tag}-mark`)).toEqual([]);
      expect(await ids(`${tag}-new`)).toEqual([paste.id]);
      expect(await ids(`${tag}-changed`)).toEqual([paste.id]);
      expect(
        (await call("DELETE", `/admin/pastes/${paste.id}`, { auth: admin, procedure: "pastes.delete" })).status,
      ).toBe(200);
      expect(await ids(`${tag}-new`)).toEqual([]);
    });

    test("among many pastes sharing most of a term's trigrams, the search finds exactly those holding it", async () => {
      // Enough rows for the search to ask its index for the term's rare trigrams only (db/literal-search.ts).
      const tag = `rare${provider}${Date.now()}`;
      const contentOf = (i: number) =>
        i % 100 === 7 ? `Paste ${i}: needle${tag}words here` : `Paste ${i}: plain words here`;
      const rows = Array.from({ length: 800 }, (_, i) => ({
        slug: `${tag}-${i}`,
        content: contentOf(i),
        ...pasteSummaryColumns(contentOf(i), false),
        remark: i === 400 ? `NEEDLE${tag.toUpperCase()}WORDS` : null,
        createdBy: "admin:bulk",
      }));
      await t.db.paste.createMany({ data: rows });
      const search = async (term: string) => {
        const found = await call<PastePage>("GET", `/admin/pastes?search=${encodeURIComponent(term)}&limit=50`, {
          auth: admin,
        });
        expect(found.status).toBe(200);
        return {
          total: found.body.pagination?.total,
          slugs: found.body.data.map((p) => p.slug).sort(),
        };
      };
      const holding = [7, 107, 207, 307, 400, 407, 507, 607, 707].map((i) => `${tag}-${i}`).sort();
      expect(await search(`needle${tag}words`)).toEqual({ total: holding.length, slugs: holding });
      // Trigrams every row holds, and one that spans the needle and a common word.
      expect((await search(`${tag}words here`)).slugs).toEqual(holding.filter((slug) => slug !== `${tag}-400`));
      expect((await search(`${tag}-12`)).total).toBe(11);
      await t.db.paste.deleteMany({ where: { createdBy: "admin:bulk" } });
    });

    test("admin get, update (content, remark, expiry, max views, password set and removed) and delete", async () => {
      const paste = await createPaste({ content: "v1" });
      const got = await call("GET", `/admin/pastes/${paste.id}`, { auth: admin, procedure: "pastes.get" });
      expect(got.body.data.content).toBe("v1");
      const expires = new Date(Date.now() + 3_600_000).toISOString();
      const updated = await call("PUT", `/admin/pastes/${paste.id}`, {
        auth: admin,
        body: { content: "v2", remark: "edited", expires_at: expires, max_views: 5, password: "new-pass-1" },
        procedure: "pastes.update",
      });
      expect(updated.body.data).toMatchObject({ content: "v2", remark: "edited", max_views: 5, has_password: true });
      expect(new Date(updated.body.data.expires_at ?? "").toISOString()).toBe(new Date(expires).toISOString());
      expect(
        (await call("POST", `/paste/${paste.slug}`, { body: { password: "new-pass-1" }, procedure: "pastes.unlock" }))
          .body.data.content,
      ).toBe("v2");
      const cleared = await call("PUT", `/admin/pastes/${paste.id}`, {
        auth: admin,
        body: { password: null, remark: null, expires_at: null },
        procedure: "pastes.update",
      });
      expect(cleared.body.data).toMatchObject({ has_password: false, remark: null, expires_at: null, content: "v2" });
      expect(
        (await call("DELETE", `/admin/pastes/${paste.id}`, { auth: admin, procedure: "pastes.delete" })).body.data,
      ).toEqual({ deleted: 1 });
      expect((await call("GET", `/admin/pastes/${paste.id}`, { auth: admin, procedure: "pastes.get" })).status).toBe(
        404,
      );
    });

    test("batch delete needs a selection; clear-expired removes expired and used-up pastes only", async () => {
      const a = await createPaste({ content: "a" });
      const b = await createPaste({ content: "b" });
      expect(
        (
          await call("POST", "/admin/pastes/batch-delete", {
            auth: admin,
            body: { ids: [] },
            procedure: "pastes.batchDelete",
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await call("POST", "/admin/pastes/batch-delete", {
            auth: admin,
            body: { ids: [a.id, b.id] },
            procedure: "pastes.batchDelete",
          })
        ).body.data,
      ).toEqual({ deleted: 2 });
      const live = await createPaste({ content: "live", max_views: 3 });
      const expired = await createPaste({ content: "old", expires_at: new Date(Date.now() + 60_000).toISOString() });
      await t.db.paste.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1) } });
      const usedUp = await createPaste({ content: "used", max_views: 1 });
      await call<OpenedPaste>("GET", `/paste/${usedUp.slug}`);
      const cleared = await call("POST", "/admin/pastes/clear-expired", {
        auth: admin,
        body: { clearExpired: true },
        procedure: "pastes.clearExpired",
      });
      expect(cleared.body.data.deleted).toBeGreaterThanOrEqual(2);
      expect(await t.db.paste.findUnique({ where: { id: expired.id } })).toBeNull();
      expect(await t.db.paste.findUnique({ where: { id: usedUp.id } })).toBeNull();
      expect(await t.db.paste.findUnique({ where: { id: live.id }, select: { id: true } })).not.toBeNull();
    });

    test("an API key sees and changes only its own pastes", async () => {
      const one = await createKey({ text_permission: true });
      const two = await createKey({ text_permission: true });
      const mine = await createPaste({ content: "one's" }, one.auth);
      const theirs = await createPaste({ content: "two's" }, two.auth);
      const list = await call<PastePage>("GET", "/user/pastes?limit=50&offset=0", { auth: one.auth });
      expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([mine.id]);
      expect((await call("GET", `/user/pastes/${theirs.id}`, { auth: one.auth, procedure: "pastes.get" })).status).toBe(
        404,
      );
      expect(
        (
          await call("PUT", `/user/pastes/${theirs.id}`, {
            auth: one.auth,
            body: { content: "hijack" },
            procedure: "pastes.update",
          })
        ).status,
      ).toBe(404);
      expect(
        (await call("DELETE", `/user/pastes/${theirs.id}`, { auth: one.auth, procedure: "pastes.delete" })).status,
      ).toBe(404);
      expect(
        (
          await call("POST", "/user/pastes/batch-delete", {
            auth: one.auth,
            body: { ids: [theirs.id] },
            procedure: "pastes.batchDelete",
          })
        ).status,
      ).toBe(404);
      expect(
        (await call("GET", `/admin/pastes/${theirs.id}`, { auth: admin, procedure: "pastes.get" })).body.data.content,
      ).toBe("two's");
      expect(
        (
          await call("PUT", `/user/pastes/${mine.id}`, {
            auth: one.auth,
            body: { content: "edited" },
            procedure: "pastes.update",
          })
        ).body.data.content,
      ).toBe("edited");
      expect((await call<PastePage>("GET", "/admin/pastes", { auth: one.auth })).status).toBe(403);
    });

    test("extending an expired paste through PUT expires_at opens it to visitors again (docs/admin-lists.md)", async () => {
      const paste = await createPaste({ content: "late", expires_at: new Date(Date.now() + 60_000).toISOString() });
      await t.db.paste.update({ where: { id: paste.id }, data: { expiresAt: new Date(Date.now() - 1) } });
      // As the owner's list shows it until a visit or the sweep purges it (docs/rules.md).
      const listed = await call("GET", `/admin/pastes/${paste.id}`, { auth: admin, procedure: "pastes.get" });
      expect(listed.body.data.is_expired).toBe(true);
      const until = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
      const extended = await call("PUT", `/admin/pastes/${paste.id}`, {
        auth: admin,
        body: { expires_at: until },
        procedure: "pastes.update",
      });
      expect(extended.status).toBe(200);
      expect(extended.body.data).toMatchObject({ content: "late", is_expired: false });
      expect(new Date(present(extended.body.data.expires_at, "the new expiry")).toISOString()).toBe(until);
      const opened = await call<OpenedPaste>("GET", `/paste/${paste.slug}`);
      expect(opened.status).toBe(200);
      expect(opened.body.data.content).toBe("late");
      // A date already past is refused, and the paste keeps its new expiry.
      const past = await call("PUT", `/admin/pastes/${paste.id}`, {
        auth: admin,
        body: { expires_at: "2001-01-01T00:00:00Z" },
      });
      expect(past.status).toBe(400);
      expect((await t.db.paste.findUniqueOrThrow({ where: { id: paste.id } })).expiresAt?.toISOString()).toBe(until);
    });

    test("the periodic sweep purges expired and used-up pastes", async () => {
      const expired = await createPaste({ content: "e", expires_at: new Date(Date.now() + 60_000).toISOString() });
      await t.db.paste.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1) } });
      const usedUp = await createPaste({ content: "u", max_views: 1 });
      await call("GET", `/raw/${usedUp.slug}`);
      await sweepOnce(t);
      expect(await t.db.paste.findUnique({ where: { id: expired.id } })).toBeNull();
      expect(await t.db.paste.findUnique({ where: { id: usedUp.id } })).toBeNull();
    });
  });

  describe("encrypted in the browser (docs/encrypted-shares.md)", () => {
    const secret = "# Plan\n\n- the server never reads this line\n";

    test("only the envelope is stored and served; the link key decrypts it; raw answers it as JSON", async () => {
      const key = generateLinkKey();
      const envelope = await encryptText(secret, key);
      const created = await createPaste({ content: envelope, encrypted: true, format: "markdown" });
      expect(created.encrypted).toBe(true);
      const stored = await t.db.paste.findUnique({ where: { id: created.id } });
      expect(stored?.content).toBe(envelope);
      expect(stored?.content).not.toContain("server never reads");
      const viewed = await call<OpenedPaste>("GET", `/paste/${created.slug}`);
      expect(viewed.body.data).toMatchObject({ encrypted: true, content: envelope, views: 1 });
      expect(await decryptText(present(viewed.body.data.content, "the content"), key)).toBe(secret);
      const raw = await call("GET", `/raw/${created.slug}`);
      expect(raw.status).toBe(200);
      expect(raw.headers.get("content-type")).toStartWith("application/json");
      expect(raw.headers.get("x-pastebox-encrypted")).toBe("1");
      expect(raw.text).toBe(envelope);
      await t.viewCounter.settled();
      expect((await t.db.paste.findUnique({ where: { id: created.id } }))?.views).toBe(2);
      const plain = await call<OpenedPaste>("GET", `/paste/${(await createPaste({ content: "plain" })).slug}`);
      expect(plain.body.data.encrypted).toBe(false);
    });

    test("burn after reading: the ciphertext is delivered once, then 410", async () => {
      const created = await createPaste({
        content: await encryptText(secret, generateLinkKey()),
        encrypted: true,
        max_views: 1,
      });
      expect((await call<OpenedPaste>("GET", `/paste/${created.slug}`)).status).toBe(200);
      expect((await call<OpenedPaste>("GET", `/paste/${created.slug}`)).status).toBe(410);
    });

    test("refused with 400 and nothing stored: content that is no envelope, a password sent to the server", async () => {
      const before = await t.db.paste.count();
      const notEnvelope = await call("POST", "/paste", { auth: admin, body: { content: secret, encrypted: true } });
      expect(notEnvelope.status).toBe(400);
      expect(notEnvelope.body.message).toContain("envelope of format 1");
      const withPassword = await call("POST", "/paste", {
        auth: admin,
        lang: "zh",
        body: { content: await encryptText(secret, generateLinkKey()), encrypted: true, password: "pw" },
      });
      expect(withPassword.status).toBe(400);
      expect(withPassword.body.message).toContain("密码只留在浏览器");
      expect(await t.db.paste.count()).toBe(before);
    });

    test("management: no preview of ciphertext, no search in it, no plain content or server password put on it", async () => {
      const envelope = await encryptText(secret, generateLinkKey());
      const tag = `enc${provider}${Date.now()}`;
      const created = await createPaste({ content: envelope, encrypted: true, remark: tag });
      const listed = await call<PastePage>("GET", `/admin/pastes?search=${tag}`, { auth: admin });
      expect(listed.body.data[0]).toMatchObject({ encrypted: true, preview: "", content_length: envelope.length });
      const probe = JSON.parse(envelope).data.slice(0, 12);
      expect(
        (await call<PastePage>("GET", `/admin/pastes?search=${probe}`, { auth: admin })).body.pagination?.total,
      ).toBe(0);
      for (const body of [{ content: "now in clear" }, { password: "server-side" }]) {
        const refused = await call("PUT", `/admin/pastes/${created.id}`, { auth: admin, body });
        expect(refused.status).toBe(400);
      }
      const renamed = await call("PUT", `/admin/pastes/${created.id}`, {
        auth: admin,
        body: { remark: "kept encrypted" },
        procedure: "pastes.update",
      });
      expect(renamed.body.data).toMatchObject({ encrypted: true, content: envelope, remark: "kept encrypted" });
    });
  });
});
