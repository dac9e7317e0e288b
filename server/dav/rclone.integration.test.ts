// A real WebDAV client against /dav: Debian's rclone (webdav backend, vendor "other") copies a tree
// with spaces, unicode and reserved characters in its names up, lists it, downloads it back
// byte-identical, moves it and deletes it, on local storage and the real S3 server, with each WebDAV
// upload mode; the mount explorer's (cached) listing sees every one of those writes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { DATABASE_PROVIDERS } from "../test/harness";
import { ADMIN_PASSWORD, ADMIN_USER, type DavServer, type StorageKind, startDavServer } from "./dav-test-kit";

const RCLONE = "/usr/bin/rclone";

/**
 * The tree sent up. Reserved characters ("#", "%", "+", ";", "=", ",", "@", "$", "&", "<", ">", "'")
 * are sent on local storage only: the test S3 server (s3rver) mishandles them where real S3 does not
 * (it decodes CopyObject's source with decodeURI, and escapes "&<>'" twice in its listings).
 */
function treeFiles(storage: StorageKind): Record<string, Uint8Array> {
  const random = (size: number) => crypto.getRandomValues(new Uint8Array(size));
  return {
    "a file.txt": new TextEncoder().encode("hello over webdav\n"),
    "sub dir/中文 名字.md": new TextEncoder().encode("# 你好\n"),
    "sub dir/深层/big (1).bin": random(6 * 1024 * 1024 + 123),
    "sub dir/深层/empty.txt": new Uint8Array(0),
    "ünïcödé/ファイル (1) ~!*-_.txt": random(10),
    ...(storage === "local" ? { "reserved #1 %20 + ;=, @$.txt": random(1000), "amp & <lt> 'q'.txt": random(5) } : {}),
  };
}

function writeTree(root: string, files: Record<string, Uint8Array>) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

function readTree(root: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = new Uint8Array(readFileSync(path));
    }
  };
  walk(root);
  return files;
}

type Mode = "auto" | "proxy" | "multipart" | "direct";
const cases: [string, StorageKind, Mode][] = [
  ...DATABASE_PROVIDERS.flatMap((provider) => [
    [provider, "local", "auto"] as [string, StorageKind, Mode],
    [provider, "s3", "auto"] as [string, StorageKind, Mode],
  ]),
  ["sqlite", "s3", "multipart"],
  ["sqlite", "s3", "direct"],
  ["sqlite", "s3", "proxy"],
  ["sqlite", "local", "multipart"],
];

describe.each(cases)("rclone on %s with %s storage, upload mode %s", (provider, storage, mode) => {
  let server: DavServer;
  let dir: string;
  const files = treeFiles(storage);

  async function rclone(...args: string[]) {
    const obscured = Bun.spawnSync([RCLONE, "obscure", ADMIN_PASSWORD]).stdout.toString().trim();
    const child = Bun.spawn([RCLONE, ...args, "--retries", "1", "--low-level-retries", "1"], {
      env: {
        ...process.env,
        RCLONE_CONFIG: join(dir, "rclone.conf"),
        RCLONE_CONFIG_DAV_TYPE: "webdav",
        RCLONE_CONFIG_DAV_URL: `${server.origin}/dav/docs`,
        RCLONE_CONFIG_DAV_VENDOR: "other",
        RCLONE_CONFIG_DAV_USER: ADMIN_USER,
        RCLONE_CONFIG_DAV_PASS: obscured,
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
    const code = await child.exited;
    if (code !== 0) console.error(`rclone ${args.join(" ")} failed:\n${stderr}`);
    expect(code).toBe(0);
    return stdout;
  }

  /** The explorer's listing (the cached one: the mount's cache TTL is 300 s). */
  const explorerNames = (path: string) => server.explorerNames(path);

  beforeAll(async () => {
    server = await startDavServer(provider as "sqlite", storage);
    dir = mkdtempSync(join(tmpdir(), "pastebox-rclone-"));
    writeTree(join(dir, "tree"), files);
    await server.api("PUT", "/admin/system-settings", { webdav_upload_mode: mode }, server.admin);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("copy a tree up, list it, download it byte-identical, move it, delete it; the explorer sees each write", async () => {
    expect(await explorerNames("/docs")).toEqual([]);

    await rclone("copy", join(dir, "tree"), "dav:up");
    const listed = (await rclone("lsf", "-R", "--files-only", "dav:up")).trim().split("\n").sort();
    expect(listed).toEqual(Object.keys(files).sort());
    const sizes = await rclone("lsjson", "-R", "--files-only", "dav:up");
    for (const entry of JSON.parse(sizes) as { Path: string; Size: number }[]) {
      expect(entry.Size).toBe(files[entry.Path]?.length ?? -1);
    }
    expect(await explorerNames("/docs")).toEqual(["up"]);
    expect(await explorerNames("/docs/up/sub dir")).toEqual(["中文 名字.md", "深层"]);

    await rclone("copy", "dav:up", join(dir, "back"));
    const back = readTree(join(dir, "back"));
    expect(Object.keys(back).sort()).toEqual(Object.keys(files).sort());
    for (const [path, content] of Object.entries(files)) {
      expect(Buffer.compare(Buffer.from(back[path] ?? []), Buffer.from(content))).toBe(0);
    }

    await rclone("moveto", "dav:up", "dav:moved");
    expect((await rclone("lsf", "dav:")).trim().split("\n")).toEqual(["moved/"]);
    expect((await rclone("lsf", "-R", "--files-only", "dav:moved")).trim().split("\n").sort()).toEqual(
      Object.keys(files).sort(),
    );
    expect(await explorerNames("/docs")).toEqual(["moved"]);

    await rclone("purge", "dav:moved");
    expect((await rclone("lsf", "dav:")).trim()).toBe("");
    expect(await explorerNames("/docs")).toEqual([]);
  }, 120_000);
});
