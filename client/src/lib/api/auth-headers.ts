// What the web client adds to every call to its own server (docs/decisions/0009-browser-session-cookie.md):
// the session travels by itself as an HttpOnly cookie (same-origin requests carry it); CSRF_HEADER
// marks the call as made by the app's page, which the server requires of a cookie-authenticated
// mutation. Never sent to other hosts (a storage's presigned URLs): a custom header there would
// need CORS the store does not grant, and names who is signed in.
import { CSRF_HEADER } from "@shared/constants";

/** The header's value names the signed-in identity (not a secret), "anonymous" for nobody. */
export function webClientHeaders(sessionScope: string | null): Record<string, string> {
  return { [CSRF_HEADER]: sessionScope ?? "anonymous" };
}
