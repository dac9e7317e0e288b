import { beforeEach, describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import type { AdminLoginResult, ApiKeyCheck, AuthApi } from "./auth-api";
import { AUTH_EVENTS } from "./auth-events";
import { type AuthNotice, createAuthStore } from "./auth-store";
import { AuthError } from "./auth-types";

// --- test doubles -------------------------------------------------------------------------------

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function serverError(httpStatus: number, appCode: string, message: string) {
  return new TRPCClientError<never>(message, {
    result: { error: { message, code: -32001, data: { httpStatus, appCode } } } as never,
  });
}

const networkError = () => new TRPCClientError<never>("Failed to fetch", { cause: new TypeError("Failed to fetch") });

const KEY_CHECK: ApiKeyCheck = {
  name: "Docs",
  basic_path: "/docs",
  permissions: { text: false, file: false, mount: true },
  mount_read_only: true,
  key_info: { id: "key-1", name: "Docs", basic_path: "/docs" },
};

type Calls = { [K in keyof AuthApi]: unknown[][] };

function fakeApi(overrides: Partial<AuthApi> = {}) {
  const calls: Calls = { loginAdmin: [], logoutAdmin: [], validateAdminToken: [], validateApiKey: [] };
  const api: AuthApi = {
    async loginAdmin(input) {
      calls.loginAdmin.push([input]);
      return overrides.loginAdmin
        ? overrides.loginAdmin(input)
        : { token: "tok-1", username: "admin", expiresAt: new Date() };
    },
    async logoutAdmin(token) {
      calls.logoutAdmin.push([token]);
      return overrides.logoutAdmin?.(token);
    },
    async validateAdminToken(token) {
      calls.validateAdminToken.push([token]);
      return overrides.validateAdminToken ? overrides.validateAdminToken(token) : { id: "admin-1", username: "admin" };
    },
    async validateApiKey(key) {
      calls.validateApiKey.push([key]);
      return overrides.validateApiKey ? overrides.validateApiKey(key) : KEY_CHECK;
    },
  };
  return { api, calls };
}

function setup(options: { storage?: Record<string, string>; api?: Partial<AuthApi> } = {}) {
  const storage = memoryStorage(options.storage);
  const { api, calls } = fakeApi(options.api);
  const events = new EventTarget();
  const seen: { type: string; detail: unknown }[] = [];
  for (const name of Object.values(AUTH_EVENTS)) {
    events.addEventListener(name, (event) => seen.push({ type: name, detail: (event as CustomEvent).detail }));
  }
  const notices: AuthNotice[] = [];
  let clock = 1_800_000_000_000;
  const store = createAuthStore({ api, storage, events, now: () => clock, notify: (notice) => notices.push(notice) });
  return {
    store,
    storage,
    calls,
    events: seen,
    notices,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

const eventTypes = (events: { type: string }[]) => events.map((event) => event.type);

// --- tests --------------------------------------------------------------------------------------

describe("auth store: start-up", () => {
  test("starts signed out with empty storage", () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({ authType: "none", adminToken: null, apiKey: null, userInfo: null });
  });

  test("restores an admin session from admin_token, not yet validated", () => {
    const { store } = setup({ storage: { admin_token: "tok" } });
    expect(store.getState()).toMatchObject({ authType: "admin", adminToken: "tok", lastValidated: null });
  });

  test("restores a key session with its permissions, key_info and userInfo", () => {
    const { store } = setup({
      storage: {
        api_key: "pb_1",
        api_key_permissions: '{"text":true,"file":false,"mount":true,"mount_read_only":true}',
        api_key_info: '{"id":"k1","name":"Docs","basic_path":"/docs"}',
      },
    });
    expect(store.getState()).toMatchObject({
      authType: "apikey",
      apiKey: "pb_1",
      permissions: { text: true, file: false, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "k1", name: "Docs", basic_path: "/docs" },
      userInfo: { id: "k1", name: "Docs", type: "apikey", basicPath: "/docs" },
      lastValidated: null,
    });
  });
});

describe("auth store: admin login", () => {
  test("-> admin: stores admin_token (dropping a stored key), sets userInfo and lastValidated, emits auth-state-changed", async () => {
    const { store, storage, calls, events, now } = setup({ storage: { api_key: "old-key", api_key_info: "{}" } });
    await store.loginAdmin("admin", "secret-password");
    expect(calls.loginAdmin).toEqual([[{ username: "admin", password: "secret-password" }]]);
    expect(store.getState()).toMatchObject({
      authType: "admin",
      adminToken: "tok-1",
      apiKey: null,
      userInfo: { name: "admin", type: "admin", basicPath: "/" },
      lastValidated: now(),
    });
    expect(Object.fromEntries(storage.items)).toEqual({ admin_token: "tok-1" });
    expect(events).toEqual([
      { type: "auth-state-changed", detail: { authType: "admin", previousType: "apikey", reason: "login" } },
    ]);
  });

  test("a response without a token fails with 'login response missing token' and stores nothing", async () => {
    for (const answer of [{ username: "admin" }, { token: "", username: "admin" }, null]) {
      const { store, storage } = setup({ api: { loginAdmin: async () => answer as unknown as AdminLoginResult } });
      const error = await store.loginAdmin("admin", "pw").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).messageKey).toBe("auth.errors.missingToken");
      expect(store.getState().authType).toBe("none");
      expect(storage.items.size).toBe(0);
    }
  });

  test("a refused login (wrong password) passes the server's error through and changes nothing", async () => {
    const refusal = serverError(401, "UNAUTHORIZED", "Wrong username or password");
    const { store, events } = setup({
      api: {
        loginAdmin: async () => {
          throw refusal;
        },
      },
    });
    await expect(store.loginAdmin("admin", "nope")).rejects.toBe(refusal);
    expect(store.getState().authType).toBe("none");
    expect(events).toEqual([]);
  });
});

describe("auth store: API key login", () => {
  test("none -> apikey: validates the key, stores key, permissions and key_info", async () => {
    const { store, storage, calls, events, now } = setup();
    await store.loginWithApiKey("  pb_docs  ");
    expect(calls.validateApiKey).toEqual([["pb_docs"]]);
    expect(store.getState()).toMatchObject({
      authType: "apikey",
      apiKey: "pb_docs",
      permissions: { text: false, file: false, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "key-1", name: "Docs", basic_path: "/docs" },
      userInfo: { id: "key-1", name: "Docs", type: "apikey", basicPath: "/docs" },
      lastValidated: now(),
    });
    expect(storage.items.get("api_key")).toBe("pb_docs");
    expect(JSON.parse(storage.items.get("api_key_info") ?? "")).toEqual({
      id: "key-1",
      name: "Docs",
      basic_path: "/docs",
    });
    expect(eventTypes(events)).toEqual(["auth-state-changed"]);
  });

  test("an empty key is refused before any call", async () => {
    const { store, calls } = setup();
    const error = (await store.loginWithApiKey("   ").catch((caught: unknown) => caught)) as AuthError;
    expect(error.messageKey).toBe("auth.errors.apiKeyRequired");
    expect(calls.validateApiKey).toEqual([]);
  });

  test("a refused key: 'API key validation failed' with the server's reason, then logout clears everything", async () => {
    const { store, storage, events } = setup({
      api: {
        validateApiKey: async () => {
          throw serverError(401, "UNAUTHORIZED", "Invalid API key");
        },
      },
    });
    const error = (await store.loginWithApiKey("pb_wrong").catch((caught: unknown) => caught)) as AuthError;
    expect(error.messageKey).toBe("auth.errors.apiKeyValidationFailed");
    expect(error.reason).toBe("Invalid API key");
    expect(error.isNetwork).toBe(false);
    expect(store.getState().authType).toBe("none");
    expect(storage.items.size).toBe(0);
    expect(events).toEqual([
      { type: "auth-state-changed", detail: { authType: "none", previousType: "none", reason: "invalid" } },
    ]);
  });

  test("validation that answers without data also fails", async () => {
    const { store } = setup({ api: { validateApiKey: async () => null } });
    const error = (await store.loginWithApiKey("pb_x").catch((caught: unknown) => caught)) as AuthError;
    expect(error.messageKey).toBe("auth.errors.apiKeyValidationFailed");
    expect(error.reason).toBeNull();
  });

  test("a failed key login restores the previous key and type, then logs out (docs/product.md §4)", async () => {
    let validations = 0;
    const { store, storage, events } = setup({
      storage: {
        api_key: "pb_previous",
        api_key_permissions: '{"text":true}',
        api_key_info: '{"id":"k0","name":"Old","basic_path":"/"}',
      },
      api: {
        validateApiKey: async () => {
          validations += 1;
          throw serverError(401, "UNAUTHORIZED", "API key expired");
        },
      },
    });
    const seenDuringCheck: string[] = [];
    store.subscribe(() => seenDuringCheck.push(`${store.getState().authType}:${store.getState().apiKey}`));
    await store.loginWithApiKey("pb_new").catch(() => {});
    expect(validations).toBe(1);
    // The tried key was never published as the session; the previous one stayed until logout.
    expect(seenDuringCheck).toEqual(["none:null"]);
    expect(storage.items.size).toBe(0);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "api-key-invalid"]);
    expect(events[0]?.detail).toEqual({ authType: "none", previousType: "apikey", reason: "invalid" });
  });

  test("no answer at all is reported as a network problem", async () => {
    const { store } = setup({
      api: {
        validateApiKey: async () => {
          throw networkError();
        },
      },
    });
    const error = (await store.loginWithApiKey("pb_x").catch((caught: unknown) => caught)) as AuthError;
    expect(error.messageKey).toBe("auth.errors.apiKeyValidationFailed");
    expect(error.isNetwork).toBe(true);
  });
});

describe("auth store: logout", () => {
  test("admin logout clears storage, tells the server, emits auth-state-changed and admin-token-expired", async () => {
    const { store, storage, calls, events } = setup({ storage: { admin_token: "tok", themeMode: "dark" } });
    store.logout();
    expect(store.getState()).toMatchObject({ authType: "none", adminToken: null, userInfo: null, lastValidated: null });
    expect(Object.fromEntries(storage.items)).toEqual({ themeMode: "dark" });
    expect(calls.logoutAdmin).toEqual([["tok"]]);
    expect(events).toEqual([
      { type: "auth-state-changed", detail: { authType: "none", previousType: "admin", reason: "logout" } },
      { type: "admin-token-expired", detail: { reason: "logout" } },
    ]);
  });

  test("key logout clears every stored credential and emits api-key-invalid", () => {
    const { store, storage, calls, events } = setup({
      storage: { api_key: "pb", api_key_permissions: "{}", api_key_info: "{}" },
    });
    store.logout();
    expect(storage.items.size).toBe(0);
    expect(calls.logoutAdmin).toEqual([]);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "api-key-invalid"]);
  });

  test("a server that cannot be reached does not stop a logout", async () => {
    const { store } = setup({
      storage: { admin_token: "tok" },
      api: {
        logoutAdmin: async () => {
          throw networkError();
        },
      },
    });
    store.logout();
    await Bun.sleep(0);
    expect(store.getState().authType).toBe("none");
  });

  test("notifyServer: false skips the server call (the server already ended the session)", () => {
    const { store, calls } = setup({ storage: { admin_token: "tok" } });
    store.logout({ notifyServer: false });
    expect(calls.logoutAdmin).toEqual([]);
  });
});

describe("auth store: revalidation", () => {
  test("an admin check records the identity and the time", async () => {
    const { store, calls, now } = setup({ storage: { admin_token: "tok" } });
    expect(await store.revalidate()).toBe("valid");
    expect(calls.validateAdminToken).toEqual([["tok"]]);
    expect(store.getState()).toMatchObject({
      userInfo: { id: "admin-1", name: "admin", type: "admin" },
      lastValidated: now(),
      isValidating: false,
    });
  });

  test("concurrent checks share one request", async () => {
    const { store, calls } = setup({ storage: { admin_token: "tok" } });
    const [first, second] = await Promise.all([store.revalidate(), store.revalidate()]);
    expect([first, second]).toEqual(["valid", "valid"]);
    expect(calls.validateAdminToken).toHaveLength(1);
  });

  test("an expired admin token logs out, clears storage and says the session expired", async () => {
    const { store, storage, events, notices, calls } = setup({
      storage: { admin_token: "tok" },
      api: {
        validateAdminToken: async () => {
          throw serverError(401, "UNAUTHORIZED", "Your admin session has expired");
        },
      },
    });
    expect(await store.revalidate()).toBe("invalid");
    expect(store.getState().authType).toBe("none");
    expect(storage.items.size).toBe(0);
    expect(notices).toEqual(["auth.errors.sessionExpired"]);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "admin-token-expired"]);
    expect(events[1]?.detail).toEqual({ reason: "expired" });
    expect(calls.logoutAdmin).toEqual([]);
  });

  test("a key that became invalid logs out and says the key is invalid or expired", async () => {
    const { store, notices, events } = setup({
      storage: { api_key: "pb", api_key_permissions: '{"mount":true}', api_key_info: '{"id":"k","name":"n"}' },
      api: {
        validateApiKey: async () => {
          throw serverError(401, "UNAUTHORIZED", "API key expired");
        },
      },
    });
    expect(await store.revalidate()).toBe("invalid");
    expect(store.getState().authType).toBe("none");
    expect(notices).toEqual(["auth.errors.keyInvalid"]);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "api-key-invalid"]);
  });

  test("a key check refreshes permissions the admin changed meanwhile", async () => {
    const { store, storage } = setup({
      storage: { api_key: "pb", api_key_permissions: '{"text":true}', api_key_info: '{"id":"key-1","name":"Docs"}' },
    });
    await store.revalidate();
    expect(store.getState().permissions).toEqual({ text: false, file: false, mount: true });
    expect(JSON.parse(storage.items.get("api_key_permissions") ?? "")).toMatchObject({ mount: true, text: false });
  });

  test("no answer keeps the session and reports the problem; a later success clears it", async () => {
    let isOffline = true;
    const { store, storage } = setup({
      storage: { admin_token: "tok" },
      api: {
        validateAdminToken: async () => {
          if (isOffline) throw networkError();
          return { id: "admin-1", username: "admin" };
        },
      },
    });
    expect(await store.revalidate()).toBe("unavailable");
    expect(store.getState()).toMatchObject({ authType: "admin", validationError: "network", lastValidated: null });
    expect(storage.items.get("admin_token")).toBe("tok");
    isOffline = false;
    expect(await store.revalidate()).toBe("valid");
    expect(store.getState().validationError).toBeNull();
  });

  test("rate limited (429) is not a refusal: the session is kept", async () => {
    const { store } = setup({
      storage: { api_key: "pb" },
      api: {
        validateApiKey: async () => {
          throw serverError(429, "TOO_MANY_REQUESTS", "Too many requests");
        },
      },
    });
    expect(await store.revalidate()).toBe("unavailable");
    expect(store.getState().authType).toBe("apikey");
  });

  test("nobody signed in: nothing to check", async () => {
    const { store, calls } = setup();
    expect(await store.revalidate()).toBe("none");
    expect(calls.validateAdminToken).toEqual([]);
  });

  test("an answer for a session that ended meanwhile is ignored", async () => {
    let release: () => void = () => {};
    const { store } = setup({
      storage: { admin_token: "tok" },
      api: {
        validateAdminToken: () =>
          new Promise((resolve) => {
            release = () => resolve({ id: "admin-1", username: "admin" });
          }),
      },
    });
    const pending = store.revalidate();
    store.logout({ notifyServer: false });
    release();
    expect(await pending).toBe("none");
    expect(store.getState().authType).toBe("none");
  });
});

describe("auth store: a 401 from any call (docs/product.md §8)", () => {
  test("with the admin token: logout and 'admin session expired'", () => {
    const { store, notices, storage } = setup({ storage: { admin_token: "tok" } });
    store.handleUnauthorized("tok");
    expect(store.getState().authType).toBe("none");
    expect(storage.items.size).toBe(0);
    expect(notices).toEqual(["auth.errors.sessionExpired"]);
  });

  test("with an API key: logout and 'key invalid or expired'", () => {
    const { store, notices } = setup({ storage: { api_key: "pb" } });
    store.handleUnauthorized("pb");
    expect(store.getState().authType).toBe("none");
    expect(notices).toEqual(["auth.errors.keyInvalid"]);
  });

  test("with no credential: 'unauthorized, please log in'", () => {
    const { store, notices, events } = setup();
    store.handleUnauthorized(null);
    expect(notices).toEqual(["auth.errors.unauthorized"]);
    expect(events).toEqual([]);
  });

  test("for a credential that is no longer the current one: nothing happens", async () => {
    const { store, notices } = setup({ storage: { admin_token: "old" } });
    await store.loginAdmin("admin", "pw");
    store.handleUnauthorized("old");
    store.handleUnauthorized(null);
    expect(store.getState().authType).toBe("admin");
    expect(notices).toEqual([]);
  });
});

describe("auth store: other tabs", () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => {
    env = setup({ storage: { admin_token: "tok" } });
  });

  test("a logout in another tab (storage cleared) signs this tab out", () => {
    env.storage.items.clear();
    env.store.reload();
    expect(env.store.getState().authType).toBe("none");
    expect(env.events[0]?.detail).toEqual({ authType: "none", previousType: "admin", reason: "storage" });
  });

  test("the same session re-read keeps what was checked", async () => {
    await env.store.revalidate();
    const checked = env.store.getState().lastValidated;
    env.store.reload();
    expect(env.store.getState().lastValidated).toBe(checked);
  });
});
