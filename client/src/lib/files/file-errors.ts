// What went wrong when opening a shared file, as the file page needs it: missing, expired, its views
// used up, a wrong share password, too many attempts, or no connection. The server answers both
// "expired" and "view limit reached" as GONE; the reason is told apart by its (translated) message.
import { resources } from "@shared/i18n/resources";
import { appCodeOf, httpStatusOf, isNetworkError } from "../api-errors";

export type FileProblem =
  | "notFound"
  | "expired"
  | "limitReached"
  | "gone"
  | "wrongPassword"
  | "rateLimited"
  | "network"
  | "other";

function messagesFor(key: "fileExpired" | "viewLimitReached"): string[] {
  return Object.values(resources).map((language) => language.translation.errors[key]);
}

const EXPIRED_MESSAGES = messagesFor("fileExpired");
const LIMIT_MESSAGES = messagesFor("viewLimitReached");

export function classifyFileError(error: unknown): FileProblem {
  if (isNetworkError(error)) return "network";
  const code = appCodeOf(error);
  const status = httpStatusOf(error);
  if (code === "NOT_FOUND" || status === 404) return "notFound";
  if (code === "GONE" || status === 410) {
    const message = error instanceof Error ? error.message : "";
    if (EXPIRED_MESSAGES.includes(message)) return "expired";
    if (LIMIT_MESSAGES.includes(message)) return "limitReached";
    return "gone";
  }
  if (code === "WRONG_PASSWORD") return "wrongPassword";
  if (code === "TOO_MANY_REQUESTS" || status === 429) return "rateLimited";
  return "other";
}

export function isTerminalFileProblem(problem: FileProblem): boolean {
  return problem === "notFound" || problem === "expired" || problem === "limitReached" || problem === "gone";
}

/** The signed links of a file page last 15 minutes; a little margin covers a slow click. */
export function linksExpired(linksExpireAt: Date | null, now: Date = new Date(), marginMs = 20_000): boolean {
  return linksExpireAt !== null && linksExpireAt.getTime() - marginMs <= now.getTime();
}

/** The /file/{slug} address; `password` rides along for viewers that open it elsewhere (SPEC.md §2). */
export function filePagePath(slug: string, password?: string | null): string {
  const path = `/file/${encodeURIComponent(slug)}`;
  return password ? `${path}?${new URLSearchParams({ password }).toString()}` : path;
}
