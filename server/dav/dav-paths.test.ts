import { expect, test } from "bun:test";
import { DavError } from "./dav-error";
import { hrefOf, ownAuthorities, pathOfReference, requestPath, virtualPathOf } from "./dav-paths";

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

test("Destination: absolute URLs and paths under /dav on this server; elsewhere 502", () => {
  const base = new URL("http://localhost:8787/dav/docs/a.txt");
  const request = new Request(base, { headers: { "X-Forwarded-Host": "proxy.example" } });
  const own = ownAuthorities(request, base, "https://files.example");
  expect(pathOfReference("http://proxy.example/dav/docs/b%20c.txt", base, own)).toBe("/docs/b c.txt");
  expect(pathOfReference("https://files.example/dav/docs/e", base, own)).toBe("/docs/e");
  expect(pathOfReference("http://LOCALHOST:8787/dav/docs/f", base, own)).toBe("/docs/f");
  expect(pathOfReference("/dav/docs/d/", base, own)).toBe("/docs/d");
  const foreign = (reference: string) => () => pathOfReference(reference, base, own);
  expect(foreign("http://localhost:8787/api/x")).toThrow(DavError);
  expect(foreign("http://localhost:8788/dav/docs/b")).toThrow(expect.objectContaining({ status: 502 }));
  expect(foreign("http://elsewhere.example/dav/docs/b")).toThrow(expect.objectContaining({ status: 502 }));
  expect(foreign("/dav/%00")).toThrow(expect.objectContaining({ status: 400 }));
});
