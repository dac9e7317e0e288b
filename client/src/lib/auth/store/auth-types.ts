// The client's view of who is signed in (docs/product.md §3 "Auth state"). Admin sessions and API keys are
// mutually exclusive: logging in one way clears the other. The credential itself is an HttpOnly
// cookie the page never sees (docs/decisions/0009-browser-session-cookie.md); this holds only facts.
export type AuthType = "none" | "admin" | "apikey";

/** The three permissions an API key can hold (docs/product.md §6). */
export type KeyPermissions = { text: boolean; file: boolean; mount: boolean };
export type PermissionName = keyof KeyPermissions;
export const PERMISSION_NAMES: readonly PermissionName[] = ["text", "file", "mount"];
export const NO_PERMISSIONS: KeyPermissions = { text: false, file: false, mount: false };

/** key_info as the server reports it for an API key (wire names). */
export type KeyInfo = { id: string; name: string; basic_path: string };

export type UserInfo = {
  /** Null until the server has confirmed who the admin is (a fresh page load). */
  id: string | null;
  name: string;
  type: "admin" | "apikey";
  basicPath: string;
};

export type AuthState = {
  authType: AuthType;
  keyInfo: KeyInfo | null;
  /** An API key's permissions; all false for the admin (who passes every check) and for nobody. */
  permissions: KeyPermissions;
  /** The key's mount permission is limited to reading. */
  mountReadOnly: boolean;
  userInfo: UserInfo | null;
  /** Epoch ms of the last successful check with the server; null when never checked on this page. */
  lastValidated: number | null;
  isValidating: boolean;
  /** The last check could not reach the server (the credentials were kept). */
  validationError: "network" | null;
};

export const SIGNED_OUT: AuthState = {
  authType: "none",
  keyInfo: null,
  permissions: NO_PERMISSIONS,
  mountReadOnly: false,
  userInfo: null,
  lastValidated: null,
  isValidating: false,
  validationError: null,
};

/** What a failed login or check reports: an i18n key for the headline, and the server's reason. */
export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    readonly messageKey: string,
    /** The server's own words (already in the user's language), when it answered. */
    readonly reason: string | null = null,
    /** There was no answer at all (offline, server down). */
    readonly isNetwork = false,
  ) {
    super(messageKey);
  }
}

/**
 * Names the signed-in identity without any secret ("admin:<name>", "apikey:<key id>"); null when
 * nobody is signed in. It tells whether a 401 concerns the session still in use, scopes offline
 * copies and queued writes to who made them, and is the value of the client's CSRF header.
 */
export function sessionScopeOf(state: Pick<AuthState, "authType" | "userInfo" | "keyInfo">): string | null {
  if (state.authType === "admin") return state.userInfo ? `admin:${state.userInfo.name}` : "admin";
  if (state.authType === "apikey") return `apikey:${state.keyInfo?.id ?? ""}`;
  return null;
}
