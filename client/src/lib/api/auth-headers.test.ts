import { describe, expect, test } from "bun:test";
import { webClientHeaders } from "./auth-headers";

describe("webClientHeaders", () => {
  test("marks every call with the CSRF header, naming who is signed in; never a credential", () => {
    expect(webClientHeaders("admin:root")).toEqual({ "x-pastebox-csrf": "admin:root" });
    expect(webClientHeaders(null)).toEqual({ "x-pastebox-csrf": "anonymous" });
    expect(Object.keys(webClientHeaders("apikey:k1")).map((name) => name.toLowerCase())).not.toContain("authorization");
  });
});
