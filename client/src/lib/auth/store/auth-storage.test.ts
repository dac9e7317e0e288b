import { describe, expect, test } from "bun:test";
import { memoryStorage, refusingStorage } from "../../../../test/memory-storage";
import {
  AUTH_STORAGE_KEYS,
  clearStoredAuth,
  parseKeyInfo,
  parsePermissions,
  readStoredAuth,
  removeLegacyCredentials,
  writeStoredAuth,
} from "./auth-storage";

describe("auth storage (facts only; the session is an HttpOnly cookie)", () => {
  test("owns one key of its own and the credential keys of earlier versions", () => {
    expect([...AUTH_STORAGE_KEYS]).toEqual([
      "pastebox_signed_in",
      "admin_token",
      "api_key",
      "api_key_permissions",
      "api_key_info",
    ]);
  });

  test("an admin sign-in is remembered by name only", () => {
    const storage = memoryStorage({ language: "zh" });
    writeStoredAuth(storage, { authType: "admin", username: "root" });
    expect(Object.fromEntries(storage.items)).toEqual({
      language: "zh",
      pastebox_signed_in: '{"type":"admin","username":"root"}',
    });
    expect(readStoredAuth(storage)).toEqual({ authType: "admin", username: "root" });
  });

  test("a key sign-in is remembered by its permissions and key_info, never the key", () => {
    const storage = memoryStorage();
    const auth = {
      authType: "apikey" as const,
      permissions: { text: false, file: true, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "k1", name: "Docs", basic_path: "/docs" },
    };
    writeStoredAuth(storage, auth);
    expect(JSON.parse(storage.items.get("pastebox_signed_in") ?? "")).toEqual({
      type: "apikey",
      permissions: { text: false, file: true, mount: true },
      mount_read_only: true,
      key_info: { id: "k1", name: "Docs", basic_path: "/docs" },
    });
    expect(readStoredAuth(storage)).toEqual(auth);
  });

  test("clearing removes what it owns and nothing else; legacy credentials can be removed alone", () => {
    const storage = memoryStorage({
      pastebox_signed_in: "{}",
      admin_token: "a",
      api_key: "b",
      api_key_permissions: "{}",
      api_key_info: "{}",
      themeMode: "dark",
    });
    removeLegacyCredentials(storage);
    expect(Object.fromEntries(storage.items)).toEqual({ pastebox_signed_in: "{}", themeMode: "dark" });
    clearStoredAuth(storage);
    expect(Object.fromEntries(storage.items)).toEqual({ themeMode: "dark" });
  });

  test("reading is defensive: blanks, junk, an old token and failing storage mean signed out", () => {
    const unusable = [
      memoryStorage(),
      memoryStorage({ admin_token: "tok" }),
      ...["not json", '{"type":"admin"}', '{"type":"apikey"}'].map((text) =>
        memoryStorage({ pastebox_signed_in: text }),
      ),
      undefined,
      refusingStorage,
    ];
    expect(unusable.map(readStoredAuth)).toEqual(unusable.map(() => ({ authType: "none" })));
    expect(() => writeStoredAuth(refusingStorage, { authType: "admin", username: "a" })).not.toThrow();
    expect(() => clearStoredAuth(refusingStorage)).not.toThrow();

    expect(parsePermissions("not an object")).toEqual({ text: false, file: false, mount: false });
    expect(parsePermissions({ text: "yes", mount: true })).toEqual({ text: false, file: false, mount: true });
    expect(parseKeyInfo({ id: 1 })).toBeNull();
    expect(parseKeyInfo({ id: "k", name: "n" })).toEqual({ id: "k", name: "n", basic_path: "/" });
  });
});
