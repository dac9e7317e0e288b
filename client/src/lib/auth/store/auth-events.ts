// Window events of docs/product.md §4, for code that is not React (later: the offline queue, the service
// worker bridge) to follow sign-in changes.
import type { AuthType } from "./auth-types";

export const AUTH_EVENTS = {
  stateChanged: "auth-state-changed",
  adminTokenExpired: "admin-token-expired",
  apiKeyInvalid: "api-key-invalid",
} as const;

export type AuthChangeReason = "login" | "logout" | "expired" | "invalid" | "validated" | "storage";

export type AuthStateChangedDetail = { authType: AuthType; previousType: AuthType; reason: AuthChangeReason };
export type AuthEndedDetail = { reason: AuthChangeReason };

export type AuthEventTarget = Pick<EventTarget, "dispatchEvent">;

export function emitAuthEvent(
  target: AuthEventTarget | undefined,
  name: (typeof AUTH_EVENTS)[keyof typeof AUTH_EVENTS],
  detail: AuthStateChangedDetail | AuthEndedDetail,
): void {
  if (!target || typeof CustomEvent === "undefined") return;
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
