// docs/product.md §4 "Stale auth": the sign-in is checked again when it never was on this page, or when the
// last check is older than AUTH_REVALIDATE_MS (5 minutes).
import { AUTH_REVALIDATE_MS } from "@shared/constants";

export function needsRevalidation(lastValidated: number | null, now: number): boolean {
  if (lastValidated === null) return true;
  // A clock set backwards makes the age negative: check again rather than trust it forever.
  const age = now - lastValidated;
  return age < 0 || age > AUTH_REVALIDATE_MS;
}
