// Bun's own limits follow the settings (http/serve.ts): the request body limit is what the largest
// allowed upload needs, not a fixed terabyte, and the clipboard socket's frame cap is what the item
// limit makes, so an oversized frame is refused (1009) before it is buffered. Both are read when the
// server starts: each case changes a setting, then starts a listener on the same app as a restart would.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createReadConnection } from "../db/read-connection";
import { connectDevice } from "../test/clipboard-device";
import { createTestDatabase, DATABASE_PROVIDERS, type ServedTestApp, serveTestApp } from "../test/harness";
import { type ServedApp, serveApp, serveLimits } from "./serve";

const MiB = 1024 * 1024;

for (const provider of DATABASE_PROVIDERS) {
  describe(`request limits follow the settings (${provider})`, () => {
    let served: ServedTestApp;
    beforeAll(async () => {
      served = await serveTestApp(provider);
    });
    afterAll(async () => {
      await served.stop();
    });

    const listeners: ServedApp[] = [];
    afterAll(async () => {
      await Promise.all(listeners.map((listener) => listener.stop(true)));
    });
    /** Changes the settings, then starts a listener on the same app, as the next start of the server would. */
    const restartWith = async (body: Record<string, unknown>) => {
      const answer = await served.api.call("PUT", "/admin/system-settings", { auth: served.admin, body });
      expect(answer.status).toBe(200);
      const { t } = served;
      const listener = await serveApp(t.app, t.clipboardHub, {
        port: 0,
        hostname: "127.0.0.1",
        logger: t.logger,
        reads: t.reads,
      });
      listeners.push(listener);
      return { listener, origin: `http://127.0.0.1:${listener.port}` };
    };

    test("the body limit is the max upload size plus a form's fields, as set when the server starts", async () => {
      const small = await restartWith({ max_upload_size: 2 });
      expect(small.listener.limits.maxRequestBodySize).toBeLessThan(16 * MiB);
      const upload = (origin: string, bytes: number) =>
        fetch(`${origin}/api/upload-direct/data.bin`, {
          method: "PUT",
          headers: { authorization: served.admin, "content-type": "application/octet-stream" },
          body: new Uint8Array(bytes),
        });
      expect((await upload(small.origin, 3 * MiB)).status).toBe(413);
      const large = await restartWith({ max_upload_size: 40 });
      expect(large.listener.limits.maxRequestBodySize).toBeGreaterThan(40 * MiB);
      expect((await upload(large.origin, 30 * MiB)).status).toBe(201);
      await restartWith({ max_upload_size: 100 });
    });

    test("a clipboard frame past the item limit is refused by Bun before the hub buffers it", async () => {
      const restarted = await restartWith({ clipboard_item_max_size: 1 });
      const room = await served.api.call("POST", "/clipboard/rooms", {
        auth: served.admin,
        body: {},
        procedure: "clipboard.create",
      });
      expect(room.status).toBe(201);
      const device = await connectDevice(restarted.origin, room.body.data.id);
      device.socket.send("x".repeat(8 * MiB));
      const closed = await device.closed;
      // 1009: Bun's "message too big", before any of the frame is handed to JavaScript.
      expect(closed.code).toBe(1009);
      await restartWith({ clipboard_item_max_size: 10 });
    });
  });
}

// The limits are read at start and every few seconds on an idle server too: on SQLite that read must
// not be what loads Prisma (~30 MiB resident, docs/decisions/0013-idle-without-prisma.md).
test("reading the limits on SQLite leaves Prisma unloaded and sees a stored setting", async () => {
  const database = await createTestDatabase("sqlite");
  const reads = createReadConnection(database.url, database.db);
  try {
    const { Database } = await import("bun:sqlite");
    const writer = new Database(database.url.slice("file:".length));
    writer.query(`INSERT INTO "SystemSetting" ("key", "value", "updatedAt") VALUES ('max_upload_size', '3', 0)`).run();
    writer.close();
    const limits = await serveLimits(reads);
    expect(limits.maxRequestBodySize).toBeGreaterThan(3 * MiB);
    expect(limits.maxRequestBodySize).toBeLessThan(16 * MiB);
    expect((database.db as unknown as { $isLoaded: boolean }).$isLoaded).toBe(false);
  } finally {
    reads.close();
    await database.cleanup();
  }
});
