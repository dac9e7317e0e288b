// docs/product.md §8, in one place: any tRPC call answered 401 ends the session it was sent with and says
// why (admin: the session expired; key: invalid or expired; nobody: please log in). A few calls
// answer 401 as part of their own flow (a wrong password at login or when changing it, a key being
// tried) and handle it where they are made.
import type { TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AppRouter } from "../../../../server/routers";
import { appCodeOf, isUnauthorizedError } from "../api/api-errors";

/** A share's (paste or file) wrong password: a 401 about the share, never about the session. */
function isSharePasswordError(error: unknown): boolean {
  return appCodeOf(error) === "WRONG_PASSWORD";
}

/** Procedures whose 401 means "wrong input", not "your session is gone". */
export const LOCALLY_HANDLED_UNAUTHORIZED = new Set([
  "admin.login",
  "admin.changePassword",
  "session.signInWithKey",
  "session.me",
]);

export type UnauthorizedLinkOptions = {
  /** Who is signed in when the call starts (auth-types.ts sessionScopeOf). */
  currentScope: () => string | null;
  onUnauthorized: (sentScope: string | null, path: string) => void;
};

export function unauthorizedLink(options: UnauthorizedLinkOptions): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const sentScope = options.currentScope();
        return next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            if (
              isUnauthorizedError(error) &&
              !isSharePasswordError(error) &&
              !LOCALLY_HANDLED_UNAUTHORIZED.has(op.path)
            ) {
              options.onUnauthorized(sentScope, op.path);
            }
            observer.error(error);
          },
          complete: () => observer.complete(),
        });
      });
}
