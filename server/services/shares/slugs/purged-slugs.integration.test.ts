// A link whose paste or file share expired or used up its views answers 410 "gone" as the docs
// promise, also after its row was removed (a paste at its first refused visit, anything by the sweep):
// only a SHA-256 of the slug is kept, bounded and expiring, and an unknown link stays a counted 404.
// SQLite and Postgres.
import { beforeAll, describe, expect, test } from "bun:test";
import { createFileShare, loginAdmin } from "../../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../../test/harness";
import { sweepOnce } from "../../system/sweeper";
import { PURGED_SLUG_DAYS, trimPurgedSlugs } from "./purged-slugs";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DATABASE_PROVIDERS)("removed links on %s", (provider) => {
  const { t, api } = useTestApp(provider);
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(api);
  });

  async function createPaste(fields: Record<string, unknown>): Promise<string> {
    const answer = await t.request("POST", "/api/paste", { body: fields, headers: { authorization: admin } });
    expect(answer.status).toBe(201);
    return (await answer.json()).data.slug;
  }
  const uploadFile = (fields: Record<string, string>) => createFileShare(api, admin, fields, "bytes", "f.txt");
  async function visit(path: string) {
    const answer = await t.request("GET", path);
    return { status: answer.status, message: (await answer.json()).message as string };
  }

  test("a used-up paste answers 410 after its refused visit removed it, and after the sweep", async () => {
    const slug = await createPaste({ content: `once on ${provider}`, max_views: 1 });
    expect((await visit(`/api/paste/${slug}`)).status).toBe(200);
    // The refused visit removes the row ...
    expect(await visit(`/api/paste/${slug}`)).toEqual({ status: 410, message: "The view limit has been reached" });
    expect(await t.db.paste.count({ where: { slug } })).toBe(0);
    // ... and the link keeps saying why, in the caller's language too.
    expect(await visit(`/api/paste/${slug}`)).toEqual({ status: 410, message: "The view limit has been reached" });
    const zh = await t.request("GET", `/api/paste/${slug}`, { headers: { "accept-language": "zh-CN" } });
    expect(zh.status).toBe(410);
    expect((await zh.json()).message).not.toContain("view limit");

    const expiring = await createPaste({ content: `expiring on ${provider}` });
    await t.db.paste.updateMany({ where: { slug: expiring }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await sweepOnce(t);
    expect(await t.db.paste.count({ where: { slug: expiring } })).toBe(0);
    expect(await visit(`/api/paste/${expiring}`)).toEqual({ status: 410, message: "The paste has expired" });
  });

  test("a used-up or expired file share answers 410 once the sweep removed it; its page and downloads alike", async () => {
    const used = await uploadFile({ max_views: "1" });
    // Its last view an hour ago: the sweep may remove it (the last links have expired).
    expect((await visit(`/api/public/files/${used.slug}`)).status).toBe(200);
    await t.db.fileShare.updateMany({ where: { id: used.id }, data: { updatedAt: new Date(Date.now() - 3_600_000) } });
    const expired = await uploadFile({});
    await t.db.fileShare.updateMany({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await sweepOnce(t);
    expect(await t.db.fileShare.count({ where: { id: { in: [used.id, expired.id] } } })).toBe(0);
    expect(await visit(`/api/public/files/${used.slug}`)).toEqual({
      status: 410,
      message: "The view limit has been reached",
    });
    expect(await visit(`/api/public/files/${expired.slug}`)).toEqual({
      status: 410,
      message: "The file share has expired",
    });
    const download = await t.request("GET", `/api/file-download/${used.slug}`);
    expect(download.status).toBe(410);
    // The kinds stay apart: a file's removed slug is no paste's.
    expect((await visit(`/api/paste/${expired.slug}`)).status).toBe(404);
  });

  test("only hashes are kept; a removed link is no guess, an unknown one still a counted 404", async () => {
    const slug = await createPaste({ content: `hashed on ${provider}`, max_views: 1 });
    await visit(`/api/paste/${slug}`);
    await visit(`/api/paste/${slug}`);
    const rows = await t.db.purgedSlug.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.slugHash).not.toContain(slug);
    await t.db.rateLimitBucket.deleteMany({ where: { key: { contains: "slug" } } });
    const counted = () =>
      t.db.rateLimitBucket.aggregate({ _sum: { count: true }, where: { key: { contains: "slug" } } });
    expect((await visit(`/api/paste/${slug}`)).status).toBe(410);
    expect((await counted())._sum.count ?? 0).toBe(0);
    expect((await visit("/api/paste/nothing-here-at-all")).status).toBe(404);
    expect((await counted())._sum.count).toBe(1);
  });

  test(`kept ${PURGED_SLUG_DAYS} days and bounded in number: then the link is an unknown one (404)`, async () => {
    const slug = await createPaste({ content: `aging on ${provider}`, max_views: 1 });
    await visit(`/api/paste/${slug}`);
    expect((await visit(`/api/paste/${slug}`)).status).toBe(410);
    // Past the days kept, a visit no longer finds it, and the sweep's step removes the row.
    await t.db.purgedSlug.updateMany({ data: { purgedAt: new Date(Date.now() - (PURGED_SLUG_DAYS + 1) * DAY_MS) } });
    expect((await visit(`/api/paste/${slug}`)).status).toBe(404);
    await trimPurgedSlugs(t.db);
    expect(await t.db.purgedSlug.count()).toBe(0);

    for (let i = 0; i < 5; i++) {
      const more = await createPaste({ content: `bounded ${i} on ${provider}`, max_views: 1 });
      await visit(`/api/paste/${more}`);
      await visit(`/api/paste/${more}`);
    }
    expect(await t.db.purgedSlug.count()).toBe(5);
    await trimPurgedSlugs(t.db, new Date(), 3);
    expect(await t.db.purgedSlug.count()).toBeLessThanOrEqual(3);
  });
});
