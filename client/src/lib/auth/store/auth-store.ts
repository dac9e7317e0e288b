// The auth store (docs/product.md §3 "Auth state", §4 "Auth" transitions): who is signed in, remembered in
// localStorage as facts only (auth-storage.ts), checked against the server ("me") on load and when
// stale, and cleared on logout or a failed check. The session itself is an HttpOnly cookie.
// A plain subscribable object rather than React state, so the tRPC link, the route guard and
// non-React code (the offline queue) all read the same session.
import { isClientError, isNetworkError, isUnauthorizedError } from "../../api/api-errors";
import type { ApiKeyCheck, AuthApi, PasskeyAnswer, SessionView } from "./auth-api";
import { AUTH_EVENTS, type AuthChangeReason, type AuthEventTarget, emitAuthEvent } from "./auth-events";
import {
  type AuthStorage,
  clearStoredAuth,
  readStoredAuth,
  removeLegacyCredentials,
  type StoredAuth,
  writeStoredAuth,
} from "./auth-storage";
import { AuthError, type AuthState, type AuthType, NO_PERMISSIONS, SIGNED_OUT, sessionScopeOf } from "./auth-types";

export type RevalidationResult = "valid" | "invalid" | "unavailable" | "none";

/** Messages the store wants the user to see (i18n keys); the app shows them as toasts. */
export type AuthNotice = "auth.errors.sessionExpired" | "auth.errors.keyInvalid" | "auth.errors.unauthorized";

export type AuthStoreOptions = {
  api: AuthApi;
  storage?: AuthStorage;
  events?: AuthEventTarget;
  now?: () => number;
  notify?: (notice: AuthNotice) => void;
};

export type LogoutOptions = {
  reason?: Extract<AuthChangeReason, "logout" | "expired" | "invalid">;
  /** Tell the server to end the session (not when the server has already ended it). */
  notifyServer?: boolean;
};

export type AuthStore = {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** `factor`: the second factor (a TOTP or recovery code, or a passkey's answer), once the server has asked for one. */
  loginAdmin(username: string, password: string, factor?: string | PasskeyAnswer): Promise<void>;
  /** Opens a passkey sign-in ceremony (for the passkey alone, or as the second factor). */
  passkeyLoginOptions(): Promise<{ ceremony_id: string; options: Record<string, unknown> }>;
  /** Signs in with a passkey alone (its answer to a passkeys.loginOptions ceremony). */
  loginWithPasskey(answer: PasskeyAnswer): Promise<void>;
  loginWithApiKey(key: string): Promise<void>;
  logout(options?: LogoutOptions): void;
  revalidate(): Promise<RevalidationResult>;
  /** A call sent while `sentScope` was signed in was refused with 401 (docs/product.md §8). */
  handleUnauthorized(sentScope: string | null): void;
  /** Re-reads localStorage (another tab changed it); `force` also drops what was checked (tests). */
  reload(options?: { force?: boolean }): void;
};

function adminState(username: string, id: string | null = null): AuthState {
  return { ...SIGNED_OUT, authType: "admin", userInfo: { id, name: username, type: "admin", basicPath: "/" } };
}

function stateFromStorage(storage: AuthStorage | undefined): AuthState {
  const stored = readStoredAuth(storage);
  if (stored.authType === "admin") return adminState(stored.username);
  if (stored.authType === "apikey") {
    const { keyInfo } = stored;
    return {
      ...SIGNED_OUT,
      authType: "apikey",
      permissions: stored.permissions,
      mountReadOnly: stored.mountReadOnly,
      keyInfo,
      userInfo: { id: keyInfo.id, name: keyInfo.name, type: "apikey", basicPath: keyInfo.basic_path },
    };
  }
  return SIGNED_OUT;
}

/** The facts of a state, as remembered between loads. */
function storedOf(state: AuthState): Exclude<StoredAuth, { authType: "none" }> | null {
  if (state.authType === "admin" && state.userInfo) return { authType: "admin", username: state.userInfo.name };
  if (state.authType === "apikey" && state.keyInfo) {
    return {
      authType: "apikey",
      permissions: state.permissions,
      mountReadOnly: state.mountReadOnly,
      keyInfo: state.keyInfo,
    };
  }
  return null;
}

function apiKeyState(check: ApiKeyCheck, now: number): AuthState {
  const keyInfo = { id: check.key_info.id, name: check.key_info.name, basic_path: check.key_info.basic_path };
  return {
    ...SIGNED_OUT,
    authType: "apikey",
    keyInfo,
    permissions: {
      text: check.permissions.text === true,
      file: check.permissions.file === true,
      mount: check.permissions.mount === true,
    },
    mountReadOnly: check.mount_read_only === true,
    userInfo: { id: keyInfo.id, name: keyInfo.name, type: "apikey", basicPath: keyInfo.basic_path },
    lastValidated: now,
  };
}

/** The state a "me" answer describes. */
function stateOfView(view: SessionView, now: number): AuthState {
  if (view.type === "admin") return { ...adminState(view.username, view.id), lastValidated: now };
  if (view.type === "apikey" && view.key_info && view.permissions) return apiKeyState(view, now);
  return SIGNED_OUT;
}

/** An answer that says the credential itself is not accepted (rather than "try again later"). */
function isRefusal(error: unknown): boolean {
  return isUnauthorizedError(error) || (isClientError(error) && !isTooManyRequests(error));
}

function isTooManyRequests(error: unknown): boolean {
  return (error as { data?: { httpStatus?: unknown } })?.data?.httpStatus === 429;
}

function reasonOf(error: unknown): string | null {
  if (isNetworkError(error)) return null;
  return error instanceof Error && error.message ? error.message : null;
}

export function createAuthStore(options: AuthStoreOptions): AuthStore {
  const { api, storage, events } = options;
  const now = options.now ?? Date.now;
  const notify = options.notify ?? (() => {});
  const listeners = new Set<() => void>();
  removeLegacyCredentials(storage);
  let state: AuthState = stateFromStorage(storage);
  let validation: Promise<RevalidationResult> | null = null;

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function announce(previousType: AuthType, reason: AuthChangeReason): void {
    emitAuthEvent(events, AUTH_EVENTS.stateChanged, { authType: state.authType, previousType, reason });
  }

  /** Publishes a signed-in state and remembers its facts for the next load. */
  function signIn(next: AuthState, reason: AuthChangeReason): void {
    const previousType = state.authType;
    const stored = storedOf(next);
    if (stored) writeStoredAuth(storage, stored);
    setState(next);
    announce(previousType, reason);
  }

  function logout({ reason = "logout", notifyServer = true }: LogoutOptions = {}): void {
    const previous = state;
    clearStoredAuth(storage);
    // Known to be signed out (the session ended, or is being ended): nothing left to ask the server.
    setState({ ...SIGNED_OUT, lastValidated: now() });
    if (notifyServer && previous.authType !== "none") {
      // Best effort: the local session is gone either way, and the server's ends on its own.
      api.logout().catch(() => {});
    }
    announce(previous.authType, reason);
    if (previous.authType === "admin") emitAuthEvent(events, AUTH_EVENTS.adminTokenExpired, { reason });
    if (previous.authType === "apikey") emitAuthEvent(events, AUTH_EVENTS.apiKeyInvalid, { reason });
  }

  async function loginAdmin(username: string, password: string, factor?: string | PasskeyAnswer): Promise<void> {
    const second = typeof factor === "string" ? { code: factor } : factor ? { passkey: factor } : {};
    const result = await api.loginAdmin({ username, password, ...second });
    if (!result?.username) throw new AuthError("auth.errors.unexpectedAnswer");
    signIn({ ...adminState(result.username), lastValidated: now() }, "login");
  }

  async function loginWithPasskey(answer: PasskeyAnswer): Promise<void> {
    const result = await api.loginWithPasskey(answer);
    if (!result?.username) throw new AuthError("auth.errors.unexpectedAnswer");
    signIn({ ...adminState(result.username), lastValidated: now() }, "login");
  }

  async function loginWithApiKey(rawKey: string): Promise<void> {
    const key = rawKey.trim();
    if (!key) throw new AuthError("auth.errors.apiKeyRequired");
    // docs/product.md §4: on failure the previous sign-in is ended (logout runs). The key is sent once, to be
    // exchanged for a cookie session, and kept nowhere; the route guard never sees a half-signed-in
    // state because nothing is published before the server has answered.
    let view: SessionView | null = null;
    let failure: unknown = null;
    try {
      view = await api.signInWithKey(key);
    } catch (error) {
      failure = error;
    }
    if (view?.type === "apikey" && view.key_info && view.permissions) {
      signIn(apiKeyState(view, now()), "login");
      return;
    }
    logout({ reason: "invalid" });
    throw new AuthError("auth.errors.apiKeyValidationFailed", reasonOf(failure), isNetworkError(failure));
  }

  async function checkWithServer(): Promise<RevalidationResult> {
    const checked = state;
    const scope = sessionScopeOf(checked);
    if (checked.authType === "none") return findSession();
    setState({ ...state, isValidating: true });
    const stillCurrent = () => sessionScopeOf(state) === scope && state.authType === checked.authType;
    const type = checked.authType;
    const endSession = (): RevalidationResult => {
      logout({ reason: type === "admin" ? "expired" : "invalid", notifyServer: false });
      notify(type === "admin" ? "auth.errors.sessionExpired" : "auth.errors.keyInvalid");
      return "invalid";
    };
    try {
      const view = await api.me();
      if (!stillCurrent()) return "none";
      const next = stateOfView(view, now());
      // The cookie's session ended (or names someone else than this page thinks): sign out here too.
      if (next.authType !== type) return endSession();
      const previousScope = sessionScopeOf(state);
      if (type === "admin") next.permissions = NO_PERMISSIONS;
      const stored = storedOf(next);
      if (stored) writeStoredAuth(storage, stored);
      setState(next);
      announce(type, sessionScopeOf(next) === previousScope ? "validated" : "storage");
      return "valid";
    } catch (error) {
      if (!stillCurrent()) return "none";
      if (error instanceof AuthError || isRefusal(error)) return endSession();
      // Offline, server down or rate limited: the session may well be fine; keep it.
      setState({ ...state, isValidating: false, validationError: "network" });
      return "unavailable";
    }
  }

  /**
   * Nobody signed in, as far as this page knows: the HttpOnly cookie may still hold a session (signed
   * in by another tab, or storage was blocked), which only the server can tell. Checked once per
   * load (lastValidated set either way), never an error to show.
   */
  async function findSession(): Promise<RevalidationResult> {
    const isStillSignedOut = () => state.authType === "none";
    let view: SessionView = { type: "none" };
    try {
      view = await api.me();
    } catch {
      // Offline or no answer: signed out is what the page shows anyway.
    }
    if (!isStillSignedOut()) return "none";
    const next = stateOfView(view, now());
    if (next.authType === "none") {
      setState({ ...state, lastValidated: now() });
      return "none";
    }
    signIn(next, "validated");
    return "valid";
  }

  function revalidate(): Promise<RevalidationResult> {
    if (!validation) {
      validation = checkWithServer().finally(() => {
        validation = null;
      });
    }
    return validation;
  }

  function handleUnauthorized(sentScope: string | null): void {
    // An answer to a request made with a session that has since ended or changed says nothing
    // about the current one.
    if (sessionScopeOf(state) !== sentScope) return;
    const type = state.authType;
    if (type === "none") {
      notify("auth.errors.unauthorized");
      return;
    }
    logout({ reason: type === "admin" ? "expired" : "invalid", notifyServer: false });
    notify(type === "admin" ? "auth.errors.sessionExpired" : "auth.errors.keyInvalid");
  }

  function reload({ force = false }: { force?: boolean } = {}): void {
    const next = stateFromStorage(storage);
    const previous = state;
    const sameSession = next.authType === previous.authType && sessionScopeOf(next) === sessionScopeOf(previous);
    if (sameSession && !force) return;
    setState(next);
    announce(previous.authType, "storage");
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loginAdmin,
    passkeyLoginOptions: () => api.passkeyLoginOptions(),
    loginWithPasskey,
    loginWithApiKey,
    logout,
    revalidate,
    handleUnauthorized,
    reload,
  };
}
