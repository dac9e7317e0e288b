import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { classifyPasteError, isTerminalProblem } from "./paste-errors";
import { pasteLinkFrom, rawPathFor, withPassword } from "./paste-links";

function serverError(appCode: string, httpStatus: number, message: string) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data: { appCode, httpStatus } } } });
}

describe("paste problems", () => {
  test("tell the screens apart", () => {
    expect(classifyPasteError(serverError("NOT_FOUND", 404, "x"))).toBe("notFound");
    expect(classifyPasteError(serverError("GONE", 410, "The paste has expired"))).toBe("expired");
    expect(classifyPasteError(serverError("GONE", 410, "The view limit has been reached"))).toBe("limitReached");
    expect(classifyPasteError(serverError("GONE", 410, "已达到查看次数上限"))).toBe("limitReached");
    expect(classifyPasteError(serverError("GONE", 410, "something else"))).toBe("gone");
    expect(classifyPasteError(serverError("WRONG_PASSWORD", 401, "Wrong password"))).toBe("wrongPassword");
    expect(classifyPasteError(serverError("TOO_MANY_REQUESTS", 429, "wait"))).toBe("rateLimited");
    expect(classifyPasteError(new TypeError("Failed to fetch"))).toBe("network");
    expect(classifyPasteError(serverError("INTERNAL", 500, "boom"))).toBe("other");
  });

  test("missing, expired and used-up end the visit; a wrong password does not", () => {
    expect(["notFound", "expired", "limitReached", "gone"].every((p) => isTerminalProblem(p as never))).toBe(true);
    expect(isTerminalProblem("wrongPassword")).toBe(false);
    expect(isTerminalProblem("network")).toBe(false);
  });
});

describe("paste links", () => {
  test("the raw link carries the password, encoded", () => {
    expect(rawPathFor("abc")).toBe("/api/raw/abc");
    expect(rawPathFor("a b", "p&w d")).toBe("/api/raw/a%20b?password=p%26w+d");
    expect(withPassword("https://x.test/api/raw/abc", "s e")).toBe("https://x.test/api/raw/abc?password=s+e");
    expect(withPassword("https://x.test/api/raw/abc", "")).toBe("https://x.test/api/raw/abc");
  });

  test("copy link drops query and fragment, except an encrypted paste's key", () => {
    const location = { origin: "https://x.test", pathname: "/paste/abc", hash: "#key" };
    expect(pasteLinkFrom(location)).toBe("https://x.test/paste/abc");
    expect(pasteLinkFrom(location, { withFragment: true })).toBe("https://x.test/paste/abc#key");
  });
});
