import { expect, test } from "bun:test";
import { DavError } from "./dav-error";
import { hrefOf, pathOfReference, requestPath, virtualPathOf } from "./dav-paths";

test("request paths are decoded once per segment and normalised", () => {
  expect(virtualPathOf("/dav")).toBe("/");
  expect(virtualPathOf("/dav/")).toBe("/");
  expect(virtualPathOf("/dav/docs/a%20b/%E4%B8%AD.txt")).toBe("/docs/a b/中.txt");
  expect(virtualPathOf("/dav/docs/%252e%252e/x")).toBe("/docs/%2e%2e/x");
  expect(virtualPathOf("/dav/docs/..%2f..%2fx")).toBeNull();
  expect(virtualPathOf("/dav/docs/%00")).toBeNull();
  expect(virtualPathOf("/dav/docs/%E0%A4%A")).toBeNull();
  expect(virtualPathOf("/davx")).toBeNull();
  expect(() => requestPath(new URL("http://h/dav/frag/#ment"))).toThrow(DavError);
});

test("hrefs encode every segment so names round-trip", () => {
  const names = ["a b", "中文", "#1", "50%", "a+b;c=d", "q?", "it's (1)!*"];
  for (const name of names) {
    const href = hrefOf(`/docs/${name}`, false);
    expect(href).not.toMatch(/[ #?%'()!*](?![0-9A-F]{2})/);
    expect(virtualPathOf(new URL(`http://h${href}`).pathname)).toBe(`/docs/${name}`);
  }
  expect(hrefOf("/", true)).toBe("/dav/");
  expect(hrefOf("/docs", true)).toBe("/dav/docs/");
});

test("Destination: absolute URLs and paths under /dav, any host; elsewhere 502", () => {
  const base = new URL("http://localhost:8787/dav/docs/a.txt");
  expect(pathOfReference("http://proxy.example/dav/docs/b%20c.txt", base)).toBe("/docs/b c.txt");
  expect(pathOfReference("/dav/docs/d/", base)).toBe("/docs/d");
  expect(() => pathOfReference("http://localhost:8787/api/x", base)).toThrow(DavError);
  expect(() => pathOfReference("/dav/%00", base)).toThrow(DavError);
});
