// Headers of every call to our own server (tRPC, REST fetches, uploads): the CSRF header and the
// language; the session cookie goes by itself. Read at call time, so a sign-in applies at once.
import { currentLanguage } from "../../i18n";
import { sessionScopeOf } from "../auth/store/auth-types";
import { authStore } from "../auth/store/session";
import { webClientHeaders } from "./auth-headers";

export function requestHeaders(): Record<string, string> {
  return { ...webClientHeaders(sessionScopeOf(authStore.getState())), "Accept-Language": currentLanguage() };
}
