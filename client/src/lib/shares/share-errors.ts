// What went wrong when opening a share (a text or a file), as its page needs it: missing, expired,
// its views used up, a wrong share password, too many attempts, or no connection. The server answers
// both "expired" and "view limit reached" as GONE; the reason is told apart by its message, which the
// server translated with the same texts, into the language the client asked for (which it has loaded).
import { loadedTexts } from "../../i18n";
import { appCodeOf, httpStatusOf, isNetworkError } from "../api/api-errors";

export type ShareProblem =
  | "notFound"
  | "expired"
  | "limitReached"
  | "gone"
  | "wrongPassword"
  | "rateLimited"
  | "network"
  | "other";

/** The errors.* key of the share's own "expired" message. */
export type ExpiredMessageKey = "pasteExpired" | "fileExpired";

export function classifyShareError(error: unknown, expiredKey: ExpiredMessageKey): ShareProblem {
  if (isNetworkError(error)) return "network";
  const code = appCodeOf(error);
  const status = httpStatusOf(error);
  if (code === "NOT_FOUND" || status === 404) return "notFound";
  if (code === "GONE" || status === 410) {
    const message = error instanceof Error ? error.message : "";
    if (loadedTexts(`errors.${expiredKey}`).includes(message)) return "expired";
    if (loadedTexts("errors.viewLimitReached").includes(message)) return "limitReached";
    return "gone";
  }
  // A REST envelope names no app code: on a share's routes (public, no sign-in) a 401 is its password.
  if (code === "WRONG_PASSWORD" || (code === null && status === 401)) return "wrongPassword";
  if (code === "TOO_MANY_REQUESTS" || status === 429) return "rateLimited";
  return "other";
}

/** Problems that end the visit (a full-page screen) rather than a message beside the form. */
export type TerminalShareProblem = "notFound" | "expired" | "limitReached" | "gone";

export function isTerminalShareProblem(problem: ShareProblem): problem is TerminalShareProblem {
  return problem === "notFound" || problem === "expired" || problem === "limitReached" || problem === "gone";
}
