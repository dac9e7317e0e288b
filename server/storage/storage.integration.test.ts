// One round trip, run against both drivers: local disk and a real S3-compatible server (s3rver, which
// verifies SigV4), so that services can rely on the same behaviour from either.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { s3Env, tempDir } from "../test/harness";
import type { StorageDriver } from "./driver";
import { createLocalDriver } from "./local/local";
import { createS3Driver } from "./s3/s3";

const localRoot = tempDir("storage");
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));

const drivers: [string, () => StorageDriver][] = [
  ["local", () => createLocalDriver(localRoot)],
  [
    "s3",
    () => {
      return createS3Driver({ ...s3Env(), region: "us-east-1", forcePathStyle: true });
    },
  ],
];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

describe.each(drivers)("%s storage driver", (_name, makeDriver) => {
  const driver = makeDriver();
  const base = `rt-${crypto.randomUUID()}/`;

  test("put a stream, head and get it back byte-identical", async () => {
    const put = await driver.put(`${base}hello world.txt`, streamOf("hello ", "world ", "中文"), {
      contentType: "text/plain",
    });
    expect(put.size).toBe(Buffer.byteLength("hello world 中文"));
    const head = await driver.head(`${base}hello world.txt`);
    expect(head?.size).toBe(put.size);
    expect(head?.etag).toBeTruthy();
    const got = await driver.get(`${base}hello world.txt`);
    expect(await readAll(got.body)).toBe("hello world 中文");
    expect(got.size).toBe(put.size);
  });

  test("a byte range returns just those bytes; an impossible range is refused", async () => {
    await driver.put(`${base}digits.txt`, "0123456789", { contentType: "text/plain" });
    const got = await driver.get(`${base}digits.txt`, { range: { start: 2, end: 5 } });
    expect(await readAll(got.body)).toBe("2345");
    expect(got.range).toEqual({ start: 2, end: 5 });
    expect(got.size).toBe(10);
    const tail = await driver.get(`${base}digits.txt`, { range: { start: 7 } });
    expect(await readAll(tail.body)).toBe("789");
    await expect(driver.get(`${base}digits.txt`, { range: { start: 50 } })).rejects.toMatchObject({
      code: "RANGE_NOT_SATISFIABLE",
    });
  });

  test("list one level with folders as prefixes, and recursively", async () => {
    await driver.put(`${base}tree/a.txt`, "a");
    await driver.put(`${base}tree/b.txt`, "b");
    await driver.put(`${base}tree/sub/c.txt`, "c");
    const level = await driver.list(`${base}tree/`, { delimiter: "/" });
    expect(level.objects.map((o) => o.key)).toEqual([`${base}tree/a.txt`, `${base}tree/b.txt`]);
    expect(level.prefixes).toEqual([`${base}tree/sub/`]);
    const all = await driver.list(`${base}tree/`);
    expect(all.objects.map((o) => o.key)).toEqual([`${base}tree/a.txt`, `${base}tree/b.txt`, `${base}tree/sub/c.txt`]);
  });

  test("listing pages with a continuation token, in key order", async () => {
    for (const name of ["p1", "p2", "p3", "p4", "p5"]) await driver.put(`${base}pages/${name}`, name);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await driver.list(`${base}pages/`, { maxKeys: 2, continuationToken: token });
      expect(page.objects.length).toBeLessThanOrEqual(2);
      keys.push(...page.objects.map((o) => o.key));
      token = page.nextContinuationToken ?? undefined;
    } while (token);
    expect(keys).toEqual(["p1", "p2", "p3", "p4", "p5"].map((n) => `${base}pages/${n}`));
  });

  test("a recursive listing pages through nested folders in S3's key order, every key once", async () => {
    // "a-b" sorts before "a/…" ("-" < "/"), though the folder "a" sorts before the file "a-b" by name.
    const names = ["a-b.txt", "a/x.txt", "a/y/z.txt", "a0.txt", "b/empty/", "c.txt"];
    for (const name of names) await driver.put(`${base}order/${name}`, new Uint8Array(name.endsWith("/") ? 0 : 1));
    for (const maxKeys of [1, 2, 1000]) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await driver.list(`${base}order/`, { maxKeys, continuationToken: token });
        keys.push(...page.objects.map((o) => o.key.slice(`${base}order/`.length)));
        token = page.nextContinuationToken ?? undefined;
      } while (token);
      expect(keys).toEqual(names);
    }
  });

  test("copy, delete and delete many", async () => {
    await driver.put(`${base}copy/source.bin`, new Uint8Array([1, 2, 3]));
    await driver.copy(`${base}copy/source.bin`, `${base}copy/target.bin`);
    expect(new Uint8Array(await new Response((await driver.get(`${base}copy/target.bin`)).body).arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    await driver.delete(`${base}copy/source.bin`);
    expect(await driver.head(`${base}copy/source.bin`)).toBeNull();
    await driver.put(`${base}copy/x`, "x");
    await driver.deleteMany([`${base}copy/target.bin`, `${base}copy/x`]);
    expect((await driver.list(`${base}copy/`)).objects).toEqual([]);
  });

  test("folder markers: an empty folder is its marker, copied, listed, and removed once empty", async () => {
    await driver.put(`${base}marked/empty/`, new Uint8Array(0), { size: 0 });
    expect(await driver.head(`${base}marked/empty/`)).not.toBeNull();
    expect((await driver.list(`${base}marked/`, { delimiter: "/" })).prefixes).toEqual([`${base}marked/empty/`]);
    expect((await driver.list(`${base}marked/`)).objects.map((o) => o.key)).toEqual([`${base}marked/empty/`]);
    await driver.copy(`${base}marked/empty/`, `${base}marked/copy/`);
    expect(await driver.head(`${base}marked/copy/`)).not.toBeNull();
    await driver.deleteMany([`${base}marked/empty/`, `${base}marked/copy/`]);
    expect(await driver.head(`${base}marked/empty/`)).toBeNull();
    expect((await driver.list(`${base}marked/`)).objects).toEqual([]);
  });

  test("a missing key is NOT_FOUND on get and copy, null on head", async () => {
    await expect(driver.get(`${base}missing`)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(driver.copy(`${base}missing`, `${base}elsewhere`)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await driver.head(`${base}missing`)).toBeNull();
  });

  test("a failing upload stream leaves no object behind", async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("partial"));
        controller.error(new Error("client went away"));
      },
    });
    await expect(driver.put(`${base}broken.txt`, failing)).rejects.toThrow();
    expect(await driver.head(`${base}broken.txt`)).toBeNull();
  });
});

describe("s3 driver payload signing", () => {
  /**
   * Runs `upload` through a proxy in front of s3rver that records each PUT's x-amz-content-sha256
   * (the Host header is kept, so the signature still matches), and answers what it saw.
   */
  async function payloadHashesOf(
    unsignedPayload: boolean | undefined,
    upload: (driver: StorageDriver) => Promise<unknown>,
  ) {
    const env = s3Env();
    const seen: string[] = [];
    const proxy = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const url = new URL(request.url);
        if (request.method === "PUT") seen.push(request.headers.get("x-amz-content-sha256") ?? "");
        const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
        return fetch(`${env.endpoint}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
        });
      },
    });
    try {
      const driver = createS3Driver({
        ...env,
        endpoint: proxy.url.origin,
        region: "us-east-1",
        forcePathStyle: true,
        unsignedPayload,
      });
      await upload(driver);
      return seen;
    } finally {
      proxy.stop(true);
    }
  }
  const key = () => `signing-${crypto.randomUUID()}.bin`;
  // Two parts and a small PUT, each a body in memory that the SDK would otherwise hash.
  const twoParts = () => new Uint8Array(5 * 1024 * 1024 + 10).fill(7);
  const inParts = { multipart: {}, size: 5 * 1024 * 1024 + 10 };

  test("over plain HTTP (the default there) every body's SHA-256 is signed", async () => {
    const hashes = await payloadHashesOf(undefined, async (driver) => {
      await driver.put(key(), streamOf("small"));
      await driver.put(key(), new Blob([twoParts()]).stream(), inParts);
    });
    expect(hashes).toHaveLength(3);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("unsigned (the default over HTTPS): parts go as UNSIGNED-PAYLOAD, stored byte-identical", async () => {
    const name = key();
    const hashes = await payloadHashesOf(true, async (driver) => {
      await driver.put(name, new Blob([twoParts()]).stream(), inParts);
      const stored = await driver.get(name);
      expect(Buffer.from(await new Response(stored.body).arrayBuffer()).equals(Buffer.from(twoParts()))).toBe(true);
    });
    expect(hashes).toEqual(["UNSIGNED-PAYLOAD", "UNSIGNED-PAYLOAD"]);
  });
});

describe("local driver recursive listing", () => {
  test("the first page of a large tree comes without walking the rest of it", async () => {
    const root = tempDir("storage-walk");
    const driver = createLocalDriver(root);
    mkdirSync(join(root, "a"));
    for (let i = 0; i < 10; i++) writeFileSync(join(root, "a", `${i}.txt`), "a");
    for (let d = 0; d < 20; d++) {
      const dir = join(root, "bulk", String(d).padStart(2, "0"));
      mkdirSync(dir, { recursive: true });
      for (let i = 0; i < 500; i++) writeFileSync(join(dir, `${i}.txt`), "b");
    }
    const timed = async (maxKeys: number) => {
      const started = performance.now();
      const page = await driver.list("", { maxKeys });
      return { page, ms: performance.now() - started };
    };
    const whole = await timed(100_000);
    expect(whole.page.objects.length).toBe(10_010);
    const first = await timed(10);
    expect(first.page.objects.map((o) => o.key)).toEqual(Array.from({ length: 10 }, (_, i) => `a/${i}.txt`));
    expect(first.page.nextContinuationToken).toBe("a/9.txt");
    // Reading 2 folders instead of 22 and statting 10 files instead of 10,010: far below the walk.
    expect(first.ms).toBeLessThan(whole.ms / 10);
    rmSync(root, { recursive: true, force: true });
  });
});

describe("local driver path safety", () => {
  const root = tempDir("storage-safety");
  const driver = createLocalDriver(root);

  test.each(["../outside.txt", "a/../../outside.txt", "a/./b.txt", "a\\..\\b.txt", "nul\0byte", ".pastebox-tmp/x"])(
    "refuses key %p",
    async (key) => {
      await expect(driver.put(key, "x")).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(driver.get(key)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    },
  );

  test("in-flight temp files never show in listings and are removed after a failure", async () => {
    await driver.put("visible.txt", "v");
    const listing = await driver.list("", { delimiter: "/" });
    expect(listing.prefixes).toEqual([]);
    expect(listing.objects.map((o) => o.key)).toEqual(["visible.txt"]);
    const tempFolder = join(root, ".pastebox-tmp");
    expect(existsSync(tempFolder) ? readdirSync(tempFolder) : []).toEqual([]);
  });
});
