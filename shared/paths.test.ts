import { describe, expect, test } from "bun:test";
import {
  hasPathPermission,
  isCreator,
  isPathWithin,
  joinPath,
  nameOf,
  normalizePath,
  type Principal,
  parentOf,
} from "./paths";
import { safeDecode, TRAVERSAL_CORPUS } from "./test/traversal-corpus";

describe("normalizePath", () => {
  test.each([
    ["/", "/"],
    ["", "/"],
    ["docs", "/docs"],
    ["/docs/", "/docs"],
    ["//docs///a//", "/docs/a"],
    ["/docs/./a/.", "/docs/a"],
    ["/docs/a/../b", "/docs/b"],
    ["\\docs\\a", "/docs/a"],
    ["/文档/报告", "/文档/报告"],
    ["/with space/x", "/with space/x"],
  ])("%p -> %p", (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  test.each(["/..", "/../etc", "/docs/../../etc", "..\\..\\windows", "/a\u0000b", "/a\nb"])("refuses %p", (input) => {
    expect(normalizePath(input)).toBeNull();
  });

  test("composed and decomposed unicode compare equal", () => {
    expect(normalizePath("/cafe\u0301")).toBe(normalizePath("/caf\u00e9"));
  });
});

describe("isPathWithin", () => {
  test("a base path admits itself and what lies beneath, trailing slashes ignored", () => {
    expect(isPathWithin("/docs", "/docs")).toBe(true);
    expect(isPathWithin("/docs/", "/docs")).toBe(true);
    expect(isPathWithin("/docs", "/docs/")).toBe(true);
    expect(isPathWithin("/docs", "/docs/a/b.txt")).toBe(true);
    expect(isPathWithin("/", "/anything/at/all")).toBe(true);
  });

  test("never a sibling that merely shares the prefix", () => {
    expect(isPathWithin("/docs", "/docsecret")).toBe(false);
    expect(isPathWithin("/docs", "/doc")).toBe(false);
    expect(isPathWithin("/docs", "/")).toBe(false);
  });

  // Each attempt is tried as written and as a URL-decoded string (the form a server sees after
  // decoding a query parameter once): neither may reach outside /docs.
  test.each(TRAVERSAL_CORPUS)("%p cannot escape /docs", (attempt) => {
    for (const form of [attempt, safeDecode(attempt)]) {
      // What /docs admits must name something under /docs, never /secret or /docsecret.
      if (isPathWithin("/docs", form)) {
        expect(normalizePath(form)).toMatch(/^\/docs(\/|$)/);
        expect(isPathWithin("/secret", form)).toBe(false);
        expect(isPathWithin("/docsecret", form)).toBe(false);
      }
    }
  });

  test("look-alike dots and slashes are ordinary characters, kept inside the base path", () => {
    expect(normalizePath("/docs/\uff0e\uff0e/secret")).toBe("/docs/\uff0e\uff0e/secret");
    expect(isPathWithin("/docs", "/docs/..\u2215secret")).toBe(true);
    expect(isPathWithin("/docs", "/docs/../secret")).toBe(false);
  });

  test("the real escapes in the corpus are refused", () => {
    for (const attempt of ["/docs/../secret", "/docs/a/../../secret", "/docs\\..\\secret", "/./docs/../secret"]) {
      expect(isPathWithin("/docs", attempt)).toBe(false);
    }
    expect(isPathWithin("/docs", decodeURIComponent("/docs/%2e%2e%2fsecret"))).toBe(false);
    expect(isPathWithin("/docs", decodeURIComponent("/docs/..%5csecret"))).toBe(false);
  });
});

describe("permissions", () => {
  const admin: Principal = { type: "admin" };
  const key: Principal = { type: "apikey", keyId: "k1", basicPath: "/docs" };

  test("path permission: admin everywhere, a key at or beneath its base path", () => {
    expect(hasPathPermission(admin, "/anything")).toBe(true);
    expect(hasPathPermission(key, "/docs/x")).toBe(true);
    expect(hasPathPermission(key, "/docs")).toBe(true);
    expect(hasPathPermission(key, "/docsx")).toBe(false);
    expect(hasPathPermission(key, "/other")).toBe(false);
    expect(hasPathPermission({ type: "apikey", keyId: "k2", basicPath: "/" }, "/other")).toBe(true);
  });

  test("creator: admin owns everything; a key owns rows created by its id, with or without the prefix", () => {
    expect(isCreator(admin, "apikey:someone")).toBe(true);
    expect(isCreator(key, "k1")).toBe(true);
    expect(isCreator(key, "apikey:k1")).toBe(true);
    expect(isCreator(key, "apikey:k10")).toBe(false);
    expect(isCreator(key, "admin:x")).toBe(false);
    expect(isCreator(key, null)).toBe(false);
  });
});

describe("join, parent and name", () => {
  test("of normalised paths, with or without a trailing slash", () => {
    expect(joinPath("/", "x")).toBe("/x");
    expect(joinPath("/a", "x")).toBe("/a/x");
    expect(joinPath("/a/", "x")).toBe("/a/x");
    expect(parentOf("/a/b")).toBe("/a");
    expect(parentOf("/a/b/")).toBe("/a");
    expect(parentOf("/a")).toBe("/");
    expect(parentOf("/")).toBe("/");
    expect(nameOf("/a/b.txt")).toBe("b.txt");
    expect(nameOf("/a/b/")).toBe("b");
    expect(nameOf("/")).toBe("");
  });
});
