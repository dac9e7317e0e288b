import { describe, expect, test } from "bun:test";
import { authHeadersFor, buildAuthHeaders } from "./auth-headers";

const storageWith = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe("buildAuthHeaders", () => {
  test("sends the admin token as Bearer", () => {
    expect(buildAuthHeaders(storageWith({ admin_token: "tok123" }))).toEqual({ Authorization: "Bearer tok123" });
  });

  test("sends an API key with the ApiKey scheme", () => {
    expect(buildAuthHeaders(storageWith({ api_key: "pb_abc" }))).toEqual({ Authorization: "ApiKey pb_abc" });
  });

  test("prefers the admin token when both are stored", () => {
    expect(buildAuthHeaders(storageWith({ admin_token: "tok", api_key: "key" }))).toEqual({
      Authorization: "Bearer tok",
    });
  });

  test("sends nothing when signed out, for blank values, or when storage fails", () => {
    expect(buildAuthHeaders(storageWith({}))).toEqual({});
    expect(buildAuthHeaders(storageWith({ admin_token: "  ", api_key: "" }))).toEqual({});
    expect(buildAuthHeaders(undefined)).toEqual({});
    const broken = {
      getItem: (): string | null => {
        throw new Error("denied");
      },
    };
    expect(buildAuthHeaders(broken)).toEqual({});
  });
});

describe("authHeadersFor (the auth store's session)", () => {
  test("sends the credential of the current session type only", () => {
    expect(authHeadersFor({ authType: "admin", adminToken: "tok", apiKey: null })).toEqual({
      Authorization: "Bearer tok",
    });
    expect(authHeadersFor({ authType: "apikey", adminToken: null, apiKey: "pb_1" })).toEqual({
      Authorization: "ApiKey pb_1",
    });
    expect(authHeadersFor({ authType: "none", adminToken: "stale", apiKey: "stale" })).toEqual({});
    expect(authHeadersFor({ authType: "admin", adminToken: null, apiKey: "pb_1" })).toEqual({});
  });
});
