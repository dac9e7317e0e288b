// The client's view of who is signed in (docs/product.md §3 "Auth state"). Admin sessions and API keys are
// mutually exclusive: logging in one way clears the other.
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
  adminToken: string | null;
  apiKey: string | null;
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
  adminToken: null,
  apiKey: null,
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
