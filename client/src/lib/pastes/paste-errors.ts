// What went wrong when opening a shared paste, as the screen needs it: a missing paste, an expired
// one, one whose views are used up, a wrong share password, too many attempts, or no connection.
// The server answers both "expired" and "view limit reached" as GONE; the reason is told apart by
// its message, which the server translated with the same texts the client bundles.
import { resources } from "@shared/i18n/resources";
import { appCodeOf, httpStatusOf, isNetworkError } from "../api-errors";

export type PasteProblem =
  | "notFound"
  | "expired"
  | "limitReached"
  | "gone"
  | "wrongPassword"
  | "rateLimited"
  | "network"
  | "other";

function messagesFor(key: "pasteExpired" | "viewLimitReached"): string[] {
  return Object.values(resources).map((language) => language.translation.errors[key]);
}

const EXPIRED_MESSAGES = messagesFor("pasteExpired");
const LIMIT_MESSAGES = messagesFor("viewLimitReached");

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "";
}

export function classifyPasteError(error: unknown): PasteProblem {
  if (isNetworkError(error)) return "network";
  const code = appCodeOf(error);
  const status = httpStatusOf(error);
  if (code === "NOT_FOUND" || status === 404) return "notFound";
  if (code === "GONE" || status === 410) {
    const message = messageOf(error);
    if (EXPIRED_MESSAGES.includes(message)) return "expired";
    if (LIMIT_MESSAGES.includes(message)) return "limitReached";
    return "gone";
  }
  if (code === "WRONG_PASSWORD") return "wrongPassword";
  if (code === "TOO_MANY_REQUESTS" || status === 429) return "rateLimited";
  return "other";
}

/** Problems that end the visit (a full-page screen) rather than a message beside the form. */
export function isTerminalProblem(problem: PasteProblem): boolean {
  return problem === "notFound" || problem === "expired" || problem === "limitReached" || problem === "gone";
}
