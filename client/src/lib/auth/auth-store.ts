// The auth store (docs/product.md §3 "Auth state", §4 "Auth" transitions): who is signed in, persisted in
// localStorage, checked against the server when stale, and cleared on logout or a failed check.
// A plain subscribable object rather than React state, so the tRPC link, the route guard and later
// non-React code (the offline queue) all read the same session.
import { isClientError, isNetworkError, isUnauthorizedError } from "../api-errors";
import type { AdminLoginResult, ApiKeyCheck, AuthApi } from "./auth-api";
import { AUTH_EVENTS, type AuthChangeReason, type AuthEventTarget, emitAuthEvent } from "./auth-events";
import {
  type AuthStorage,
  clearStoredAuth,
  credentialOf,
  readStoredAuth,
  writeAdminAuth,
  writeApiKeyAuth,
} from "./auth-storage";
import { AuthError, type AuthState, type AuthType, NO_PERMISSIONS, SIGNED_OUT } from "./auth-types";

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
  /** Tell the server to end the admin session (not when the server has already ended it). */
  notifyServer?: boolean;
};

export type AuthStore = {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  loginAdmin(username: string, password: string): Promise<void>;
  loginWithApiKey(key: string): Promise<void>;
  logout(options?: LogoutOptions): void;
  revalidate(): Promise<RevalidationResult>;
  /** A call sent with `sentCredential` was refused with 401 (docs/product.md §8). */
  handleUnauthorized(sentCredential: string | null): void;
  /** Re-reads localStorage (another tab changed it); `force` also drops what was checked (tests). */
  reload(options?: { force?: boolean }): void;
};

function stateFromStorage(storage: AuthStorage | undefined): AuthState {
  const stored = readStoredAuth(storage);
  if (stored.authType === "admin") return { ...SIGNED_OUT, authType: "admin", adminToken: stored.adminToken };
  if (stored.authType === "apikey") {
    const { keyInfo } = stored;
    return {
      ...SIGNED_OUT,
      authType: "apikey",
      apiKey: stored.apiKey,
      permissions: stored.permissions,
      mountReadOnly: stored.mountReadOnly,
      keyInfo,
      userInfo: keyInfo ? { id: keyInfo.id, name: keyInfo.name, type: "apikey", basicPath: keyInfo.basic_path } : null,
    };
  }
  return SIGNED_OUT;
}

function apiKeyState(apiKey: string, check: ApiKeyCheck, now: number): AuthState {
  const keyInfo = { id: check.key_info.id, name: check.key_info.name, basic_path: check.key_info.basic_path };
  return {
    ...SIGNED_OUT,
    authType: "apikey",
    apiKey,
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
  let state: AuthState = stateFromStorage(storage);
  let validation: Promise<RevalidationResult> | null = null;

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function announce(previousType: AuthType, reason: AuthChangeReason): void {
    emitAuthEvent(events, AUTH_EVENTS.stateChanged, { authType: state.authType, previousType, reason });
  }

  function logout({ reason = "logout", notifyServer = true }: LogoutOptions = {}): void {
    const previous = state;
    clearStoredAuth(storage);
    setState(SIGNED_OUT);
    if (notifyServer && previous.authType === "admin" && previous.adminToken) {
      // Best effort: the local session is gone either way, and the token expires on its own.
      api.logoutAdmin(previous.adminToken).catch(() => {});
    }
    announce(previous.authType, reason);
    if (previous.authType === "admin") emitAuthEvent(events, AUTH_EVENTS.adminTokenExpired, { reason });
    if (previous.authType === "apikey") emitAuthEvent(events, AUTH_EVENTS.apiKeyInvalid, { reason });
  }

  async function loginAdmin(username: string, password: string): Promise<void> {
    const result: AdminLoginResult | null | undefined = await api.loginAdmin({ username, password });
    const token = typeof result?.token === "string" ? result.token.trim() : "";
    if (!result || !token) throw new AuthError("auth.errors.missingToken");
    const previousType = state.authType;
    writeAdminAuth(storage, token);
    setState({
      ...SIGNED_OUT,
      authType: "admin",
      adminToken: token,
      userInfo: { id: null, name: result.username, type: "admin", basicPath: "/" },
      lastValidated: now(),
    });
    announce(previousType, "login");
  }

  async function loginWithApiKey(rawKey: string): Promise<void> {
    const key = rawKey.trim();
    if (!key) throw new AuthError("auth.errors.apiKeyRequired");
    // docs/product.md §4: the key is tried as the current credential; on failure the previous key and type
    // are restored and logout runs. The tried key is never published or stored before it passes, so
    // the route guard never sees a half-signed-in state; "restoring" is keeping `previous`.
    const previous = state;
    let check: ApiKeyCheck | null = null;
    let failure: unknown = null;
    try {
      check = await api.validateApiKey(key);
    } catch (error) {
      failure = error;
    }
    if (check?.key_info && check.permissions) {
      writeApiKeyAuth(storage, {
        apiKey: key,
        permissions: {
          text: check.permissions.text === true,
          file: check.permissions.file === true,
          mount: check.permissions.mount === true,
        },
        mountReadOnly: check.mount_read_only === true,
        keyInfo: check.key_info,
      });
      setState(apiKeyState(key, check, now()));
      announce(previous.authType, "login");
      return;
    }
    logout({ reason: "invalid" });
    throw new AuthError("auth.errors.apiKeyValidationFailed", reasonOf(failure), isNetworkError(failure));
  }

  async function checkWithServer(): Promise<RevalidationResult> {
    const checked = state;
    const credential = credentialOf(checked);
    if (checked.authType === "none" || !credential) return "none";
    setState({ ...state, isValidating: true });
    const stillCurrent = () => credentialOf(state) === credential && state.authType === checked.authType;
    try {
      if (checked.authType === "admin") {
        const identity = await api.validateAdminToken(credential);
        if (!stillCurrent()) return "none";
        setState({
          ...state,
          userInfo: { id: identity.id, name: identity.username, type: "admin", basicPath: "/" },
          permissions: NO_PERMISSIONS,
          lastValidated: now(),
          isValidating: false,
          validationError: null,
        });
      } else {
        const check = await api.validateApiKey(credential);
        if (!stillCurrent()) return "none";
        if (!check?.key_info || !check.permissions) throw new AuthError("auth.errors.apiKeyValidationFailed");
        writeApiKeyAuth(storage, {
          apiKey: credential,
          permissions: apiKeyState(credential, check, 0).permissions,
          mountReadOnly: check.mount_read_only === true,
          keyInfo: check.key_info,
        });
        setState(apiKeyState(credential, check, now()));
      }
      announce(checked.authType, "validated");
      return "valid";
    } catch (error) {
      if (!stillCurrent()) return "none";
      if (error instanceof AuthError || isRefusal(error)) {
        const type = checked.authType;
        logout({ reason: type === "admin" ? "expired" : "invalid", notifyServer: false });
        notify(type === "admin" ? "auth.errors.sessionExpired" : "auth.errors.keyInvalid");
        return "invalid";
      }
      // Offline, server down or rate limited: the credentials may well be fine; keep them.
      setState({ ...state, isValidating: false, validationError: "network" });
      return "unavailable";
    }
  }

  function revalidate(): Promise<RevalidationResult> {
    if (!validation) {
      validation = checkWithServer().finally(() => {
        validation = null;
      });
    }
    return validation;
  }

  function handleUnauthorized(sentCredential: string | null): void {
    // An answer to a request made with a session that has since ended or changed says nothing
    // about the current one.
    if (credentialOf(state) !== sentCredential) return;
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
    const sameSession = next.authType === previous.authType && credentialOf(next) === credentialOf(previous);
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
    loginWithApiKey,
    logout,
    revalidate,
    handleUnauthorized,
    reload,
  };
}
