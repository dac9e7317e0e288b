import { beforeEach, describe, expect, test } from "bun:test";
import { networkError, trpcError } from "../../../../test/client-errors";
import { memoryStorage } from "../../../../test/memory-storage";
import type { AdminLoginResult, ApiKeyCheck, AuthApi, SessionView } from "./auth-api";
import { AUTH_EVENTS } from "./auth-events";
import { type AuthNotice, createAuthStore } from "./auth-store";
import { AuthError } from "./auth-types";

// --- test doubles -------------------------------------------------------------------------------

const KEY_CHECK: ApiKeyCheck = {
  name: "Docs",
  basic_path: "/docs",
  permissions: { text: false, file: false, mount: true },
  mount_read_only: true,
  key_info: { id: "key-1", name: "Docs", basic_path: "/docs" },
};

const KEY_VIEW: SessionView = { type: "apikey", ...KEY_CHECK };
const ADMIN_VIEW: SessionView = { type: "admin", id: "admin-1", username: "admin" };

/** What the last page load remembered (facts only; the session itself is a cookie). */
const ADMIN_FACTS = { pastebox_signed_in: '{"type":"admin","username":"admin"}' };
const keyFacts = (permissions: string, keyInfo = '{"id":"key-1","name":"Docs","basic_path":"/docs"}') => ({
  pastebox_signed_in: `{"type":"apikey","permissions":${permissions},"key_info":${keyInfo}}`,
});

type Calls = { [K in keyof AuthApi]: unknown[][] };

function fakeApi(overrides: Partial<AuthApi> = {}, meAnswer: SessionView = ADMIN_VIEW) {
  const calls: Calls = {
    loginAdmin: [],
    passkeyLoginOptions: [],
    loginWithPasskey: [],
    signInWithKey: [],
    logout: [],
    me: [],
  };
  const api: AuthApi = {
    async loginAdmin(input) {
      calls.loginAdmin.push([input]);
      return overrides.loginAdmin ? overrides.loginAdmin(input) : { username: "admin", expiresAt: new Date() };
    },
    async passkeyLoginOptions() {
      calls.passkeyLoginOptions.push([]);
      return overrides.passkeyLoginOptions ? overrides.passkeyLoginOptions() : { ceremony_id: "c-1", options: {} };
    },
    async loginWithPasskey(answer) {
      calls.loginWithPasskey.push([answer]);
      return overrides.loginWithPasskey
        ? overrides.loginWithPasskey(answer)
        : { username: "admin", expiresAt: new Date() };
    },
    async signInWithKey(key) {
      calls.signInWithKey.push([key]);
      return overrides.signInWithKey ? overrides.signInWithKey(key) : KEY_VIEW;
    },
    async logout() {
      calls.logout.push([]);
      return overrides.logout?.();
    },
    async me() {
      calls.me.push([]);
      return overrides.me ? overrides.me() : meAnswer;
    },
  };
  return { api, calls };
}

function setup(options: { storage?: Record<string, string>; api?: Partial<AuthApi>; me?: SessionView } = {}) {
  const storage = memoryStorage(options.storage);
  const { api, calls } = fakeApi(options.api, options.me);
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
    expect(store.getState()).toMatchObject({ authType: "none", userInfo: null });
  });

  test("restores who was signed in as admin, not yet validated", () => {
    const { store } = setup({ storage: ADMIN_FACTS });
    expect(store.getState()).toMatchObject({ authType: "admin", userInfo: { name: "admin" }, lastValidated: null });
  });

  test("restores a key sign-in with its permissions, key_info and userInfo", () => {
    const { store } = setup({
      storage: {
        pastebox_signed_in:
          '{"type":"apikey","permissions":{"text":true,"file":false,"mount":true},"mount_read_only":true,"key_info":{"id":"k1","name":"Docs","basic_path":"/docs"}}',
      },
    });
    expect(store.getState()).toMatchObject({
      authType: "apikey",
      permissions: { text: true, file: false, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "k1", name: "Docs", basic_path: "/docs" },
      userInfo: { id: "k1", name: "Docs", type: "apikey", basicPath: "/docs" },
      lastValidated: null,
    });
  });

  test("credentials an earlier version left in localStorage are removed on load; nothing else is", () => {
    const { store, storage } = setup({
      storage: { admin_token: "tok", api_key: "pb", api_key_permissions: "{}", api_key_info: "{}", themeMode: "dark" },
    });
    expect(Object.fromEntries(storage.items)).toEqual({ themeMode: "dark" });
    expect(store.getState().authType).toBe("none");
  });
});

describe("auth store: admin login", () => {
  test("-> admin: remembers who (replacing a key sign-in), sets userInfo and lastValidated, emits auth-state-changed", async () => {
    const { store, storage, calls, events, now } = setup({ storage: keyFacts('{"text":true}') });
    await store.loginAdmin("admin", "secret-password");
    expect(calls.loginAdmin).toEqual([[{ username: "admin", password: "secret-password" }]]);
    expect(store.getState()).toMatchObject({
      authType: "admin",
      keyInfo: null,
      userInfo: { name: "admin", type: "admin", basicPath: "/" },
      lastValidated: now(),
    });
    expect(Object.fromEntries(storage.items)).toEqual(ADMIN_FACTS);
    expect(events).toEqual([
      { type: "auth-state-changed", detail: { authType: "admin", previousType: "apikey", reason: "login" } },
    ]);
  });

  test("an answer that does not say who signed in fails and stores nothing", async () => {
    for (const answer of [{ token: null }, { token: null, username: "" }, null]) {
      const { store, storage } = setup({ api: { loginAdmin: async () => answer as unknown as AdminLoginResult } });
      const error = await store.loginAdmin("admin", "pw").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).messageKey).toBe("auth.errors.unexpectedAnswer");
      expect(store.getState().authType).toBe("none");
      expect(storage.items.size).toBe(0);
    }
  });

  test("a refused login (wrong password) passes the server's error through and changes nothing", async () => {
    const refusal = trpcError("UNAUTHORIZED", 401, "Wrong username or password");
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
  test("none -> apikey: exchanges the key for a session, remembers permissions and key_info, never the key", async () => {
    const { store, storage, calls, events, now } = setup();
    await store.loginWithApiKey("  pb_docs  ");
    expect(calls.signInWithKey).toEqual([["pb_docs"]]);
    expect(store.getState()).toMatchObject({
      authType: "apikey",
      permissions: { text: false, file: false, mount: true },
      mountReadOnly: true,
      keyInfo: { id: "key-1", name: "Docs", basic_path: "/docs" },
      userInfo: { id: "key-1", name: "Docs", type: "apikey", basicPath: "/docs" },
      lastValidated: now(),
    });
    expect(JSON.stringify([...storage.items])).not.toContain("pb_docs");
    expect(JSON.parse(storage.items.get("pastebox_signed_in") ?? "")).toEqual({
      type: "apikey",
      permissions: { text: false, file: false, mount: true },
      mount_read_only: true,
      key_info: { id: "key-1", name: "Docs", basic_path: "/docs" },
    });
    expect(eventTypes(events)).toEqual(["auth-state-changed"]);
  });

  test("an empty key is refused before any call", async () => {
    const { store, calls } = setup();
    const error = (await store.loginWithApiKey("   ").catch((caught: unknown) => caught)) as AuthError;
    expect(error.messageKey).toBe("auth.errors.apiKeyRequired");
    expect(calls.signInWithKey).toEqual([]);
  });

  test("a refused key: 'API key validation failed' with the server's reason, then logout clears everything", async () => {
    const { store, storage, events } = setup({
      api: {
        signInWithKey: async () => {
          throw trpcError("UNAUTHORIZED", 401, "Invalid API key");
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
    const { store } = setup({ api: { signInWithKey: async () => ({ type: "none" }) } });
    const error = (await store.loginWithApiKey("pb_x").catch((caught: unknown) => caught)) as AuthError;
    expect(error.messageKey).toBe("auth.errors.apiKeyValidationFailed");
    expect(error.reason).toBeNull();
  });

  test("a failed key login keeps the previous sign-in until the answer, then logs out (docs/product.md §4)", async () => {
    let validations = 0;
    const { store, storage, events, calls } = setup({
      storage: keyFacts('{"text":true}', '{"id":"k0","name":"Old","basic_path":"/"}'),
      api: {
        signInWithKey: async () => {
          validations += 1;
          throw trpcError("UNAUTHORIZED", 401, "API key expired");
        },
      },
    });
    const seenDuringCheck: string[] = [];
    store.subscribe(() => seenDuringCheck.push(`${store.getState().authType}:${store.getState().keyInfo?.id}`));
    await store.loginWithApiKey("pb_new").catch(() => {});
    expect(validations).toBe(1);
    // The tried key was never published as the session; the previous one stayed until logout.
    expect(seenDuringCheck).toEqual(["none:undefined"]);
    expect(calls.logout).toHaveLength(1);
    expect(storage.items.size).toBe(0);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "api-key-invalid"]);
    expect(events[0]?.detail).toEqual({ authType: "none", previousType: "apikey", reason: "invalid" });
  });

  test("no answer at all is reported as a network problem", async () => {
    const { store } = setup({
      api: {
        signInWithKey: async () => {
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
  test("admin logout clears storage, ends the session on the server, emits auth-state-changed and admin-token-expired", async () => {
    const { store, storage, calls, events, now } = setup({ storage: { ...ADMIN_FACTS, themeMode: "dark" } });
    store.logout();
    expect(store.getState()).toMatchObject({ authType: "none", userInfo: null, lastValidated: now() });
    expect(Object.fromEntries(storage.items)).toEqual({ themeMode: "dark" });
    expect(calls.logout).toEqual([[]]);
    expect(events).toEqual([
      { type: "auth-state-changed", detail: { authType: "none", previousType: "admin", reason: "logout" } },
      { type: "admin-token-expired", detail: { reason: "logout" } },
    ]);
  });

  test("key logout clears what was remembered, ends the key's session on the server and emits api-key-invalid", () => {
    const { store, storage, calls, events } = setup({ storage: keyFacts("{}") });
    store.logout();
    expect(storage.items.size).toBe(0);
    expect(calls.logout).toEqual([[]]);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "api-key-invalid"]);
  });

  test("a server that cannot be reached does not stop a logout", async () => {
    const { store } = setup({
      storage: ADMIN_FACTS,
      api: {
        logout: async () => {
          throw networkError();
        },
      },
    });
    store.logout();
    await Bun.sleep(0);
    expect(store.getState().authType).toBe("none");
  });

  test("notifyServer: false skips the server call (the server already ended the session)", () => {
    const { store, calls } = setup({ storage: ADMIN_FACTS });
    store.logout({ notifyServer: false });
    expect(calls.logout).toEqual([]);
  });
});

describe("auth store: revalidation", () => {
  test("an admin check asks the server who the session is and records the identity and the time", async () => {
    const { store, calls, now } = setup({ storage: ADMIN_FACTS });
    expect(await store.revalidate()).toBe("valid");
    expect(calls.me).toEqual([[]]);
    expect(store.getState()).toMatchObject({
      userInfo: { id: "admin-1", name: "admin", type: "admin" },
      lastValidated: now(),
      isValidating: false,
    });
  });

  test("concurrent checks share one request", async () => {
    const { store, calls } = setup({ storage: ADMIN_FACTS });
    const [first, second] = await Promise.all([store.revalidate(), store.revalidate()]);
    expect([first, second]).toEqual(["valid", "valid"]);
    expect(calls.me).toHaveLength(1);
  });

  test("an ended admin session (401) logs out, clears storage and says the session expired", async () => {
    const { store, storage, events, notices, calls } = setup({
      storage: ADMIN_FACTS,
      api: {
        me: async () => {
          throw trpcError("UNAUTHORIZED", 401, "Your admin session has expired");
        },
      },
    });
    expect(await store.revalidate()).toBe("invalid");
    expect(store.getState().authType).toBe("none");
    expect(storage.items.size).toBe(0);
    expect(notices).toEqual(["auth.errors.sessionExpired"]);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "admin-token-expired"]);
    expect(events[1]?.detail).toEqual({ reason: "expired" });
    expect(calls.logout).toEqual([]);
  });

  test("a cookie the server no longer knows ('me' answers nobody) ends the sign-in here too", async () => {
    const { store, storage, notices } = setup({ storage: ADMIN_FACTS, me: { type: "none" } });
    expect(await store.revalidate()).toBe("invalid");
    expect(store.getState().authType).toBe("none");
    expect(storage.items.size).toBe(0);
    expect(notices).toEqual(["auth.errors.sessionExpired"]);
  });

  test("a key that became invalid logs out and says the key is invalid or expired", async () => {
    const { store, notices, events } = setup({
      storage: keyFacts('{"mount":true}', '{"id":"k","name":"n"}'),
      api: {
        me: async () => {
          throw trpcError("UNAUTHORIZED", 401, "API key expired");
        },
      },
    });
    expect(await store.revalidate()).toBe("invalid");
    expect(store.getState().authType).toBe("none");
    expect(notices).toEqual(["auth.errors.keyInvalid"]);
    expect(eventTypes(events)).toEqual(["auth-state-changed", "api-key-invalid"]);
  });

  test("a key check refreshes permissions the admin changed meanwhile", async () => {
    const { store, storage } = setup({ storage: keyFacts('{"text":true}'), me: KEY_VIEW });
    await store.revalidate();
    expect(store.getState().permissions).toEqual({ text: false, file: false, mount: true });
    expect(JSON.parse(storage.items.get("pastebox_signed_in") ?? "").permissions).toMatchObject({
      mount: true,
      text: false,
    });
  });

  test("no answer keeps the session and reports the problem; a later success clears it", async () => {
    let isOffline = true;
    const { store, storage } = setup({
      storage: ADMIN_FACTS,
      api: {
        me: async () => {
          if (isOffline) throw networkError();
          return ADMIN_VIEW;
        },
      },
    });
    expect(await store.revalidate()).toBe("unavailable");
    expect(store.getState()).toMatchObject({ authType: "admin", validationError: "network", lastValidated: null });
    expect(Object.fromEntries(storage.items)).toEqual(ADMIN_FACTS);
    isOffline = false;
    expect(await store.revalidate()).toBe("valid");
    expect(store.getState().validationError).toBeNull();
  });

  test("rate limited (429) is not a refusal: the session is kept", async () => {
    const { store } = setup({
      storage: keyFacts("{}"),
      api: {
        me: async () => {
          throw trpcError("TOO_MANY_REQUESTS", 429, "Too many requests");
        },
      },
    });
    expect(await store.revalidate()).toBe("unavailable");
    expect(store.getState().authType).toBe("apikey");
  });

  test("nobody signed in as far as the page knows: the server is asked once whether the cookie holds a session", async () => {
    const { store, calls, now } = setup({ me: { type: "none" } });
    expect(await store.revalidate()).toBe("none");
    expect(calls.me).toHaveLength(1);
    expect(store.getState()).toMatchObject({ authType: "none", lastValidated: now() });

    // Signed in by another tab, or remembered nowhere: the cookie's session is taken up, quietly.
    const found = setup({ me: ADMIN_VIEW });
    expect(await found.store.revalidate()).toBe("valid");
    expect(found.store.getState()).toMatchObject({ authType: "admin", userInfo: { id: "admin-1", name: "admin" } });
    expect(found.notices).toEqual([]);
    const offline = setup({ api: { me: async () => Promise.reject(networkError()) } });
    expect(await offline.store.revalidate()).toBe("none");
    expect(offline.notices).toEqual([]);
  });

  test("an answer for a session that ended meanwhile is ignored", async () => {
    let release: () => void = () => {};
    const { store } = setup({
      storage: ADMIN_FACTS,
      api: {
        me: () =>
          new Promise((resolve) => {
            release = () => resolve(ADMIN_VIEW);
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
  test("sent while signed in as the admin: logout and 'admin session expired'", () => {
    const { store, notices, storage } = setup({ storage: ADMIN_FACTS });
    store.handleUnauthorized("admin:admin");
    expect(store.getState().authType).toBe("none");
    expect(storage.items.size).toBe(0);
    expect(notices).toEqual(["auth.errors.sessionExpired"]);
  });

  test("sent while signed in with an API key: logout and 'key invalid or expired'", () => {
    const { store, notices } = setup({ storage: keyFacts("{}") });
    store.handleUnauthorized("apikey:key-1");
    expect(store.getState().authType).toBe("none");
    expect(notices).toEqual(["auth.errors.keyInvalid"]);
  });

  test("sent signed out: 'unauthorized, please log in'", () => {
    const { store, notices, events } = setup();
    store.handleUnauthorized(null);
    expect(notices).toEqual(["auth.errors.unauthorized"]);
    expect(events).toEqual([]);
  });

  test("sent under a sign-in that is no longer the current one: nothing happens", async () => {
    const { store, notices } = setup({ storage: keyFacts("{}") });
    await store.loginAdmin("admin", "pw");
    store.handleUnauthorized("apikey:key-1");
    store.handleUnauthorized(null);
    expect(store.getState().authType).toBe("admin");
    expect(notices).toEqual([]);
  });
});

describe("auth store: other tabs", () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => {
    env = setup({ storage: ADMIN_FACTS });
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
