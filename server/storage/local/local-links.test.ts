// The local driver never follows a symbolic link placed under its root: not to a file or folder
// outside the root, nor into another mount's folder inside it (hardening, paths). Found by
// scripts/hardening/paths.ts: a link in a mount's folder read and wrote files anywhere on the disk.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../test/harness";
import type { StorageDriver } from "../driver";
import { createLocalDriver } from "./local";

let base: string;
let driver: StorageDriver;
const outsideFile = () => join(base, "canary.txt");

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { messageKey?: string }).messageKey ?? String(error);
  }
  return "no error";
}

beforeAll(() => {
  base = tempDir("local-links");
  const root = join(base, "storage");
  mkdirSync(join(root, "docs"), { recursive: true });
  mkdirSync(join(root, "secret"), { recursive: true });
  writeFileSync(outsideFile(), "CANARY outside");
  writeFileSync(join(root, "secret", "canary.txt"), "CANARY secret");
  writeFileSync(join(root, "docs", "plain.txt"), "plain");
  symlinkSync(outsideFile(), join(root, "docs", "link-file"));
  symlinkSync(base, join(root, "docs", "link-dir"));
  symlinkSync("../secret", join(root, "docs", "link-mount"));
  driver = createLocalDriver(root);
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe("symbolic links under a local storage root", () => {
  test("are not listed, one level or recursively", async () => {
    const level = await driver.list("docs/", { delimiter: "/" });
    expect(level.objects.map((object) => object.key)).toEqual(["docs/plain.txt"]);
    expect(level.prefixes).toEqual([]);
    expect((await driver.list("docs/")).objects.map((object) => object.key)).toEqual(["docs/plain.txt"]);
    expect((await driver.list("docs/link-dir/", { delimiter: "/" })).objects).toEqual([]);
  });

  test("are not read, stat'ed or copied from", async () => {
    for (const key of ["docs/link-file", "docs/link-dir/canary.txt", "docs/link-mount/canary.txt"]) {
      expect(await failure(driver.get(key))).toBe("errors.notFound");
      expect(await driver.head(key)).toBeNull();
      expect(await failure(driver.copy(key, "docs/copied.txt"))).toBe("errors.notFound");
    }
    expect(existsSync(join(base, "storage", "docs", "copied.txt"))).toBe(false);
  });

  test("are not written, copied or completed through, and not deleted through", async () => {
    for (const key of ["docs/link-dir/planted.txt", "docs/link-mount/planted.txt", "docs/link-file"]) {
      expect(await failure(driver.put(key, "x"))).toBe("errors.invalidPath");
      expect(await failure(driver.copy("docs/plain.txt", key))).toBe("errors.invalidPath");
    }
    expect(await failure(driver.put("docs/link-dir/folder/", ""))).toBe("errors.invalidPath");
    const uploadId = await driver.createMultipartUpload("docs/link-dir/parts.bin", { contentType: "x" });
    const part = await driver.uploadPart("docs/link-dir/parts.bin", uploadId, 1, "x");
    expect(await failure(driver.completeMultipartUpload("docs/link-dir/parts.bin", uploadId, [part]))).toBe(
      "errors.invalidPath",
    );
    await driver.delete("docs/link-dir/canary.txt");
    await driver.delete("docs/link-mount/canary.txt");
    expect(readFileSync(outsideFile(), "utf8")).toBe("CANARY outside");
    expect(readFileSync(join(base, "storage", "secret", "canary.txt"), "utf8")).toBe("CANARY secret");
    expect(existsSync(join(base, "planted.txt"))).toBe(false);
    expect(existsSync(join(base, "parts.bin"))).toBe(false);
    expect(existsSync(join(base, "folder"))).toBe(false);
    expect(existsSync(join(base, "storage", "secret", "planted.txt"))).toBe(false);
  });
});
