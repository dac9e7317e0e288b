import { describe, expect, test } from "bun:test";
import { DavError } from "../dav-error";
import { assertIfHeader, isWithinPath, parseIfHeader, parseTimeout, submittedTokens } from "./locks";

describe("the If header (RFC 4918 §10.4)", () => {
  test("untagged and tagged lists, Not, state tokens and entity tags", () => {
    expect(parseIfHeader('(<opaquelocktoken:a> ["etag-1"]) (Not <DAV:no-lock>)')).toEqual([
      {
        resource: null,
        conditions: [
          { not: false, token: "opaquelocktoken:a" },
          { not: false, etag: '"etag-1"' },
        ],
      },
      { resource: null, conditions: [{ not: true, token: "DAV:no-lock" }] },
    ]);
    const tagged = parseIfHeader('<http://host/dav/a b> (<opaquelocktoken:x>) <http://host/dav/c> (Not [W/"1"])');
    expect(tagged.map((list) => list.resource)).toEqual(["http://host/dav/a b", "http://host/dav/c"]);
    expect(submittedTokens(tagged)).toEqual(new Set(["opaquelocktoken:x"]));
  });

  test("malformed headers are 400", () => {
    for (const bad of ["", "()", "(<unterminated)", "<http://x>", "(Foo)", "(<a>", "[etag]"]) {
      expect(() => parseIfHeader(bad)).toThrow(DavError);
    }
  });

  test("the header holds when one list holds for its resource", async () => {
    const url = new URL("http://host/dav/docs/a.txt");
    const state = async (path: string) =>
      path === "/docs/a.txt"
        ? { etag: '"e1"', lockTokens: new Set(["opaquelocktoken:t"]) }
        : { etag: null, lockTokens: new Set<string>() };
    const check = (header: string) => assertIfHeader(parseIfHeader(header), "/docs/a.txt", url, state);
    await check('(<opaquelocktoken:t> ["e1"])');
    await check("(<opaquelocktoken:wrong>) (Not <DAV:no-lock>)");
    await check('(<opaquelocktoken:t> [W/"e1"])');
    await check("</dav/docs/a.txt> (<opaquelocktoken:t>)");
    await expect(check('(<DAV:no-lock> ["e1"])')).rejects.toMatchObject({ status: 412 });
    await expect(check('(<opaquelocktoken:t> ["e2"]) (Not <DAV:no-lock> ["e2"])')).rejects.toMatchObject({
      status: 412,
    });
    await expect(check("</dav/other> (<opaquelocktoken:t>)")).rejects.toMatchObject({ status: 412 });
    await expect(check("<http://elsewhere/api/x> (Not <DAV:no-lock>)")).rejects.toMatchObject({ status: 412 });
  });
});

test("lock timeouts: seconds as asked within an hour, Infinite is an hour, an hour by default", () => {
  expect(parseTimeout(null)).toBe(3600);
  expect(parseTimeout("Second-600")).toBe(600);
  expect(parseTimeout("Infinite, Second-4100000000")).toBe(3600);
  expect(parseTimeout("Second-999999999")).toBe(3600);
  expect(parseTimeout("garbage")).toBe(3600);
});

test("isWithinPath never takes /foobar for beneath /foo", () => {
  expect(isWithinPath("/foo", "/foo/bar")).toBe(true);
  expect(isWithinPath("/foo", "/foo")).toBe(true);
  expect(isWithinPath("/foo", "/foobar")).toBe(false);
  expect(isWithinPath("/", "/anything")).toBe(true);
});
