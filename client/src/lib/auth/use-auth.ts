import { useSyncExternalStore } from "react";
import type { AuthState } from "./store/auth-types";
import { authStore } from "./store/session";

/** The current auth state; the component re-renders when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
