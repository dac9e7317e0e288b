// A slow reader cannot pin downloads without end (http/downloads/open-downloads.ts): past the bound of downloads
// one address holds open, the next answers 429 with Retry-After in the caller's language, before a view
// is counted; other addresses are served, and a download gives its place back when its body is read,
// cancelled or fails. Share links, the zip of a shared folder and WebDAV GET count alike. In-process
// through the app's fetch handler with a bound of 3 (the default is 32); and over a real socket, where
// clients in other processes read a few bytes and go away: Bun cancels the body when the connection
// closes, and that gives the place back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createFileShare, createMount, defaultStorageId, loginAdmin } from "../../test/api-client";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp, useTestApp } from "../../test/harness";

const BOUND = 3;

for (const provider of DATABASE_PROVIDERS) {
  describe(`open downloads per address (${provider})`, () => {
    const { t, api } = useTestApp(provider, { maxDownloadsPerAddress: BOUND });
    const get = (path: string, address: string, headers: Record<string, string> = {}) =>
      t.app.fetch(new Request(`http://localhost${path}`, { headers }), address);

    test("past the bound an address gets 429 before a view counts; others are served; places come back", async () => {
      const admin = await loginAdmin(api);
      const share = await createFileShare(api, admin, {}, "x".repeat(256 * 1024), "big.bin");
      const path = `/api/file-download/${share.slug}`;
      const views = async () => (await t.db.fileShare.findUniqueOrThrow({ where: { slug: share.slug } })).views;

      // Slow readers: answers whose bodies nobody reads.
      const held = await Promise.all(Array.from({ length: BOUND }, () => get(path, "10.30.0.1")));
      expect(held.map((answer) => answer.status)).toEqual(held.map(() => 200));
      const counted = await views();

      const refused = await get(path, "10.30.0.1", { "accept-language": "zh-CN" });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(((await refused.json()) as { message: string }).message).toBe(
        `你的地址同时打开的下载过多（最多 ${BOUND} 个），请等其中一个完成`,
      );
      expect(await views()).toBe(counted);

      // Another address is counted apart; a HEAD or a 304 opens nothing and is not refused.
      const other = await get(path, "10.30.0.2");
      expect(other.status).toBe(200);
      await other.arrayBuffer();
      expect((await t.app.fetch(new Request(`http://localhost${path}`, { method: "HEAD" }), "10.30.0.1")).status).toBe(
        200,
      );

      // A body read to its end gives its place back, and so does one the client cancels.
      expect((await held[0]?.arrayBuffer())?.byteLength).toBe(256 * 1024);
      const again = await get(path, "10.30.0.1");
      expect(again.status).toBe(200);
      await held[1]?.body?.cancel();
      const third = await get(path, "10.30.0.1");
      expect(third.status).toBe(200);
      expect((await get(path, "10.30.0.1")).status).toBe(429);
      for (const answer of [held[2], again, third]) await answer?.body?.cancel();
      expect(t.openDownloads.count()).toBe(0);
    });

    test("a shared folder's zip and WebDAV GET count against the same bound", async () => {
      const admin = await loginAdmin(api);
      await createMount(api, admin, {
        mount_path: "/dl",
        storage_config_id: await defaultStorageId(t.db),
        folder: "dl",
      });
      const put = await t.app.fetch(
        new Request("http://localhost/dav/dl/a.txt", {
          method: "PUT",
          headers: { authorization: admin },
          body: "y".repeat(128 * 1024),
        }),
        "10.30.1.9",
      );
      expect(put.status).toBe(201);
      const shared = await api.call("POST", "/admin/fs/share", {
        auth: admin,
        body: { path: "/dl" },
        procedure: "fs.share",
      });
      expect(shared.status).toBe(201);
      const zipPath = `/api/public/shares/${shared.body.data.slug}/zip`;

      const address = "10.30.1.1";
      const held = [
        await get(zipPath, address),
        await get("/dav/dl/a.txt", address, { authorization: admin }),
        await get(zipPath, address),
      ];
      expect(held.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect((await get("/dav/dl/a.txt", address, { authorization: admin })).status).toBe(429);
      expect((await get(zipPath, address)).status).toBe(429);
      for (const answer of held) await answer.body?.cancel();
      expect((await get("/dav/dl/a.txt", address, { authorization: admin })).status).toBe(200);
    });
  });
}

/**
 * A client in its own process: reads the first bytes of `url` and says so, then holds the connection
 * until `leave()`: it aborts its fetch (`abort`), or the process is killed (`killed`).
 */
function slowClient(url: string, how: "abort" | "killed") {
  const script = `
    const controller = new AbortController();
    const answer = await fetch(${JSON.stringify(url)}, { signal: controller.signal });
    const first = await answer.body.getReader().read();
    console.log(answer.status, first.value.byteLength);
    for await (const _ of console) { controller.abort(); break; }
    setInterval(() => {}, 1000);
  `;
  const child = Bun.spawn(["bun", "-e", script], { stdin: "pipe", stdout: "pipe", stderr: "ignore" });
  const firstLine = (async () => {
    const reader = child.stdout.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n")) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    return text.trim();
  })();
  const leave = () => {
    if (how === "killed") child.kill("SIGKILL");
    else {
      child.stdin.write("leave\n");
      child.stdin.flush();
    }
  };
  return { child, firstLine, leave };
}

for (const provider of DATABASE_PROVIDERS) {
  describe(`open downloads over a real socket (${provider})`, () => {
    let served: ServedTestApp;
    beforeAll(async () => {
      served = await serveTestApp(provider, { overrides: { maxDownloadsPerAddress: BOUND } });
    });
    afterAll(async () => {
      await served?.stop();
    });

    test("a client that reads a few bytes and disconnects gives its place back", async () => {
      // Far more than the loopback socket's buffers hold: the body is still being sent when the client leaves.
      const share = await createFileShare(served.api, served.admin, {}, new Uint8Array(24 * 1024 * 1024), "big.bin");
      const url = `${served.origin}/api/file-download/${share.slug}`;
      const clients = [slowClient(url, "abort"), slowClient(url, "abort"), slowClient(url, "killed")];
      try {
        for (const client of clients) expect(await client.firstLine).toMatch(/^200 \d+$/);
        // All three are connected and mid-body: the address is at its bound.
        expect(served.t.openDownloads.count()).toBe(BOUND);
        const refused = await fetch(url);
        expect(refused.status).toBe(429);
        await refused.body?.cancel();

        for (const client of clients) client.leave();
        const deadline = Date.now() + 15_000;
        while (served.t.openDownloads.count() > 0 && Date.now() < deadline) await Bun.sleep(50);
        expect(served.t.openDownloads.count()).toBe(0);
        const served200 = await fetch(url);
        expect(served200.status).toBe(200);
        expect((await served200.arrayBuffer()).byteLength).toBe(24 * 1024 * 1024);
        expect(served.t.openDownloads.count()).toBe(0);
      } finally {
        for (const client of clients) client.child.kill("SIGKILL");
      }
    });
  });
}
