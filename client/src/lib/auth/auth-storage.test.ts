import { describe, expect, test } from "bun:test";
import {
  AUTH_STORAGE_KEYS,
  clearStoredAuth,
  parseKeyInfo,
  parsePermissions,
  readStoredAuth,
  writeAdminAuth,
  writeApiKeyAuth,
} from "./auth-storage";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("auth storage", () => {
  test("uses the localStorage keys of docs/product.md §3", () => {
    expect([...AUTH_STORAGE_KEYS]).toEqual(["admin_token", "api_key", "api_key_permissions", "api_key_info"]);
  });

  test("an admin login stores only the token, and drops a stored key", () => {
    const storage = memoryStorage({ api_key: "old", api_key_permissions: "{}", api_key_info: "{}", language: "zh" });
    writeAdminAuth(storage, "tok");
    expect(Object.fromEntries(storage.items)).toEqual({ admin_token: "tok", language: "zh" });
    expect(readStoredAuth(storage)).toEqual({ authType: "admin", adminToken: "tok" });
  });

  test("a key login stores the key, its permissions and key_info, and drops an admin token", () => {
    const storage = memoryStorage({ admin_token: "tok" });
    writeApiKeyAuth(storage, {
      apiKey: "pb_key",
      permissions: { text: false, file: true, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "k1", name: "Docs", basic_path: "/docs" },
    });
    expect(storage.items.get("admin_token")).toBeUndefined();
    expect(storage.items.get("api_key")).toBe("pb_key");
    expect(JSON.parse(storage.items.get("api_key_permissions") ?? "")).toEqual({
      text: false,
      file: true,
      mount: true,
      mount_read_only: true,
    });
    expect(JSON.parse(storage.items.get("api_key_info") ?? "")).toEqual({
      id: "k1",
      name: "Docs",
      basic_path: "/docs",
    });
    expect(readStoredAuth(storage)).toEqual({
      authType: "apikey",
      apiKey: "pb_key",
      permissions: { text: false, file: true, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "k1", name: "Docs", basic_path: "/docs" },
    });
  });

  test("clearing removes every credential and nothing else", () => {
    const storage = memoryStorage({
      admin_token: "a",
      api_key: "b",
      api_key_permissions: "{}",
      api_key_info: "{}",
      themeMode: "dark",
    });
    clearStoredAuth(storage);
    expect(Object.fromEntries(storage.items)).toEqual({ themeMode: "dark" });
  });

  test("reading is defensive: blanks, junk and failing storage mean signed out or no permission", () => {
    expect(readStoredAuth(memoryStorage())).toEqual({ authType: "none" });
    expect(readStoredAuth(memoryStorage({ admin_token: "   " }))).toEqual({ authType: "none" });
    expect(readStoredAuth(undefined)).toEqual({ authType: "none" });
    const broken = {
      getItem: (): string | null => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(readStoredAuth(broken)).toEqual({ authType: "none" });
    expect(() => writeAdminAuth(broken, "tok")).not.toThrow();
    expect(() => clearStoredAuth(broken)).not.toThrow();

    expect(parsePermissions("not json")).toEqual({
      permissions: { text: false, file: false, mount: false },
      mountReadOnly: false,
    });
    expect(parsePermissions('{"text":"yes","mount":true}').permissions).toEqual({
      text: false,
      file: false,
      mount: true,
    });
    expect(parseKeyInfo('{"id":1}')).toBeNull();
    expect(parseKeyInfo('{"id":"k","name":"n"}')).toEqual({ id: "k", name: "n", basic_path: "/" });
  });

  test("the admin token wins when both kinds are stored", () => {
    expect(readStoredAuth(memoryStorage({ admin_token: "a", api_key: "b" })).authType).toBe("admin");
  });
});
