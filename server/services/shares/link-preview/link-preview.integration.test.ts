// The cards chat apps show for share links (docs/link-previews.md), through the app's fetch handler on
// SQLite and Postgres: a crawler gets OpenGraph tags without the app's script, naming a file share's
// file and size, a folder, a paste; a password or browser encryption shows only "protected"; nothing
// is counted as a view; a browser still gets the app. An open image share's card has a small picture
// (og:image, a JPEG at most 600 px, no view counted), a protected one none; a set names its files.
import { beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import {
  createFileShare,
  createMount,
  createPaste,
  defaultStorageId,
  loginAdmin,
  type SharedFile,
  type UploadedEntry,
} from "../../../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../../../test/harness";

const DISCORD = "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe.each(DATABASE_PROVIDERS)("link previews on %s", (provider) => {
  const { t, api } = useTestApp(provider);
  let admin: string;

  /** The OpenGraph tags of a page as a crawler reads it, and the page. */
  async function card(path: string, userAgent = DISCORD, language = "en") {
    const response = await t.app.fetch(
      new Request(`http://localhost${path}`, { headers: { "User-Agent": userAgent, "Accept-Language": language } }),
      "127.0.0.1",
    );
    const html = await response.text();
    const tags = Object.fromEntries(
      [...html.matchAll(/<meta property="(og:[a-z_]+)" content="([^"]*)">/g)].map((match) => [match[1], match[2]]),
    );
    return { status: response.status, html, tags };
  }

  async function uploadFile(
    name: string,
    content: string | Uint8Array<ArrayBuffer>,
    fields: Record<string, string> = {},
    type = "application/pdf",
  ) {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.set(field, value);
    form.set("file", new File([content], name, { type }));
    const uploaded = await api.call<SharedFile>("POST", "/upload", { auth: admin, body: form });
    expect(uploaded.status).toBe(201);
    return uploaded.body.data.slug as string;
  }

  beforeAll(async () => {
    admin = await loginAdmin(api);
    const storageId = await defaultStorageId(t.db);
    await createMount(api, admin, { mount_path: "/pub", storage_config_id: storageId, folder: `pub-${Date.now()}` });
    await api.call("POST", "/admin/fs/update", {
      auth: admin,
      body: { path: "/pub/trip/day-1.txt", content: "x" },
      procedure: "fs.update",
    });
  });

  test("a file share's card names the file and its size; no script, no view counted", async () => {
    const slug = await uploadFile("Q3 report <final>.pdf", "x".repeat(2048));
    const { status, html, tags } = await card(`/file/${slug}`);
    expect(status).toBe(200);
    expect(tags).toMatchObject({
      "og:title": "Q3 report &lt;final&gt;.pdf",
      "og:description": "File · 2 KB",
      "og:url": `http://localhost:8787/file/${slug}`,
      "og:site_name": "Pastebox",
    });
    expect(html).not.toContain("<script");
    const row = await t.db.fileShare.findUniqueOrThrow({ where: { slug }, select: { views: true } });
    expect(row.views).toBe(0);
  });

  test("a folder and a paste get their own cards, in the crawler's language", async () => {
    const folder = await api.call("POST", "/admin/fs/share", {
      auth: admin,
      body: { path: "/pub/trip" },
      procedure: "fs.share",
    });
    expect((await card(`/s/${folder.body.data.slug}`)).tags).toMatchObject({
      "og:title": "trip",
      "og:description": "Shared folder",
    });
    expect((await card(`/s/${folder.body.data.slug}`, DISCORD, "zh-CN")).tags["og:description"]).toBe("分享的文件夹");
    const paste = await createPaste(api, admin, { content: "# Packing list\n\n- tent\n- stove" });
    expect((await card(`/paste/${paste.slug}`)).tags).toMatchObject({
      "og:title": "Packing list",
      "og:description": "Shared text · 30 characters",
    });
    const views = await t.db.paste.findUniqueOrThrow({ where: { slug: paste.slug }, select: { views: true } });
    expect(views.views).toBe(0);
  });

  test("a password or browser encryption shows only that the share is protected", async () => {
    const slug = await uploadFile("salaries.pdf", "secret", { password: "hunter22" });
    const locked = await card(`/file/${slug}`);
    expect(locked.tags["og:title"]).toBe("Protected share");
    expect(locked.html).not.toContain("salaries");
    const secretPaste = await createPaste(api, admin, { content: "my secret plan", password: "hunter22" });
    const pasteCard = await card(`/paste/${secretPaste.slug}`);
    expect(pasteCard.tags["og:title"]).toBe("Protected share");
    expect(pasteCard.html).not.toContain("secret plan");
    const gone = await card("/file/NoSuchSlug123");
    expect(gone.tags["og:title"]).toBe("Share not available");
  });

  test("a browser gets the app, not the card", async () => {
    const slug = await uploadFile("notes.pdf", "notes");
    const { tags } = await card(`/file/${slug}`, BROWSER);
    expect(tags["og:title"]).toBeUndefined();
  });

  test("an open image share's card has a small picture; a protected one none; neither counts a view", async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer(),
    );
    const slug = await uploadFile("beach.png", photo, {}, "image/png");
    const { tags, html } = await card(`/file/${slug}`);
    const image = tags["og:image"] ?? "";
    expect(image).toBe(`http://localhost:8787/api/public/link-previews/file/${slug}/image`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const picture = await t.request("GET", new URL(image).pathname, { headers: { "User-Agent": DISCORD } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await picture.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 600, height: 400 });
    expect(bytes.length).toBeLessThan(photo.length);
    expect((await t.db.fileShare.findUniqueOrThrow({ where: { slug }, select: { views: true } })).views).toBe(0);

    // A password: no picture in the card, and the picture's route answers 404.
    const locked = await uploadFile("private.png", photo, { password: "hunter22" }, "image/png");
    const lockedCard = await card(`/file/${locked}`);
    expect(lockedCard.tags["og:image"]).toBeUndefined();
    expect(lockedCard.html).not.toContain("private.png");
    expect((await t.request("GET", `/api/public/link-previews/file/${locked}/image`)).status).toBe(404);
    // Not an image: the text card only.
    const pdf = await uploadFile("doc.pdf", "pdf bytes");
    expect((await card(`/file/${pdf}`)).tags["og:image"]).toBeUndefined();
    expect((await t.request("GET", `/api/public/link-previews/file/${pdf}/image`)).status).toBe(404);
    expect((await t.request("GET", `/api/public/link-previews/paste/${pdf}/image`)).status).toBe(404);

    // An image shared in place from the explorer gets its picture too.
    const form = new FormData();
    form.set("path", "/pub/trip");
    form.set("file", new File([photo], "sunset.png", { type: "image/png" }));
    await api.call<UploadedEntry>("POST", "/admin/fs/upload", { auth: admin, body: form });
    const shared = await api.call("POST", "/admin/fs/share", {
      auth: admin,
      body: { path: "/pub/trip/sunset.png" },
      procedure: "fs.share",
    });
    const inPlace = await card(`/s/${shared.body.data.slug}`);
    expect(inPlace.tags["og:image"]).toBe(
      `http://localhost:8787/api/public/link-previews/s/${shared.body.data.slug}/image`,
    );
    expect((await t.request("GET", new URL(inPlace.tags["og:image"] ?? "").pathname)).status).toBe(200);
  });

  test("a set of files names its count and bytes; a protected set says only that", async () => {
    const storageConfigId = await defaultStorageId(t.db);
    const make = async (password?: string) => {
      const files = [
        await createFileShare(api, admin, { s3_config_id: storageConfigId }, "x".repeat(1024), "a.txt"),
        await createFileShare(api, admin, { s3_config_id: storageConfigId }, "y".repeat(1024), "b.txt"),
      ];
      const set = await api.call("POST", "/admin/share-sets", {
        auth: admin,
        body: { file_ids: files.map((file) => file.id), ...(password ? { password } : {}) },
        procedure: "shareSets.create",
      });
      return { slug: set.body.data.slug as string, files };
    };
    const open = await make();
    expect((await card(`/s/${open.slug}`)).tags).toMatchObject({
      "og:title": "2 shared files",
      "og:description": "Files · 2 KB in all",
    });
    // A member's own link is dead: its card says so.
    expect((await card(`/file/${open.files[0]?.slug}`)).tags["og:title"]).toBe("Share not available");
    const locked = await make("hunter22");
    const lockedCard = await card(`/s/${locked.slug}`);
    expect(lockedCard.tags["og:title"]).toBe("Protected share");
    expect(lockedCard.html).not.toContain("a.txt");
    expect((await t.db.shareSet.findUniqueOrThrow({ where: { slug: open.slug }, select: { views: true } })).views).toBe(
      0,
    );
  });
});
