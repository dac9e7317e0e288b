// What one address can hold open: a body trickling a byte at a time is cut with 408 once it has
// waited the stall bound, an upload that moves data is not, and past the cap of requests in flight an
// address gets 429 while others are served. In-process through the app's fetch handler, with a short
// stall bound (the default is 30 s).
import { describe, expect, test } from "bun:test";
import { loginAdmin } from "../test/api-client";
import { DATABASE_PROVIDERS, useTestApp } from "../test/harness";
import { MIN_PROGRESS_BYTES } from "./request-guard";

const STALL_MS = 1_500;
const CAP = 3;

/** A body that sends `chunk` every `everyMs`, `times` times (or forever). */
function trickle(chunk: Uint8Array, everyMs: number, times = Number.POSITIVE_INFINITY) {
  let sent = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => {
        if (sent++ >= times) {
          clearInterval(timer);
          controller.close();
          return;
        }
        try {
          controller.enqueue(chunk);
        } catch {
          clearInterval(timer);
        }
      }, everyMs);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return { stream, stop: () => clearInterval(timer) };
}

for (const provider of DATABASE_PROVIDERS) {
  describe(`request guard (${provider})`, () => {
    const { t, api } = useTestApp(provider, { bodyStallMs: STALL_MS, maxRequestsPerAddress: CAP });
    const post = (path: string, body: ReadableStream, ip: string, headers: Record<string, string> = {}) =>
      t.app.fetch(
        new Request(`http://localhost/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body,
          duplex: "half",
        } as RequestInit),
        ip,
      );

    test("a body trickling a byte at a time is cut with 408 after the stall bound, nothing stored", async () => {
      const before = await t.db.paste.count();
      const slow = trickle(new TextEncoder().encode(" "), 100);
      const started = performance.now();
      const answer = await post("/paste", slow.stream, "10.20.0.1", { "accept-language": "zh-CN" });
      const waited = performance.now() - started;
      slow.stop();
      expect(answer.status).toBe(408);
      expect(((await answer.json()) as { message: string }).message).toContain("请求内容停止传输");
      expect(waited).toBeGreaterThanOrEqual(STALL_MS - 50);
      expect(waited).toBeLessThan(STALL_MS * 3);
      expect(await t.db.paste.count()).toBe(before);
    });

    test("an upload that keeps moving data is not cut, however long it takes", async () => {
      const admin = await loginAdmin(api);
      // 40 chunks of 16 KiB, one every 100 ms: 4 s in all, well past the 1.5 s bound.
      const boundary = "guard-boundary";
      const head = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
      const chunk = new Uint8Array(MIN_PROGRESS_BYTES).fill(97);
      let step = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (step === 0) controller.enqueue(head);
          else if (step <= 40) {
            await Bun.sleep(100);
            controller.enqueue(chunk);
          } else if (step === 41) controller.enqueue(tail);
          else controller.close();
          step++;
        },
      });
      const started = performance.now();
      const answer = await post("/upload", body, "10.20.0.2", {
        authorization: admin,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      });
      expect(performance.now() - started).toBeGreaterThan(STALL_MS * 2);
      expect(answer.status).toBe(201);
      expect(((await answer.json()) as { data: { size: number } }).data.size).toBe(40 * MIN_PROGRESS_BYTES);
    });

    test("past the cap of bodies in flight an address gets 429; its reads and other addresses are served", async () => {
      const held = Array.from({ length: CAP }, () => trickle(new Uint8Array([32]), 100));
      const holding = held.map((slow) => post("/paste", slow.stream, "10.20.0.3"));
      await Bun.sleep(100);
      const newPaste = (address: string) =>
        t.app.fetch(
          new Request("http://localhost/api/paste", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ content: "one more" }),
          }),
          address,
        );
      const refused = await newPaste("10.20.0.3");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect(((await refused.json()) as { message: string }).message).toContain(`at most ${CAP}`);
      // A read holds nothing open: it is served while the address's bodies are held.
      expect((await t.app.fetch(new Request("http://localhost/api/version"), "10.20.0.3")).status).toBe(200);
      expect((await newPaste("10.20.0.4")).status).not.toBe(429);
      for (const slow of held) slow.stop();
      expect((await Promise.all(holding)).map((answer) => answer.status)).toEqual(held.map(() => 408));
      // Once they end, the address is served again.
      expect((await newPaste("10.20.0.3")).status).not.toBe(429);
    });
  });
}
