// What went wrong when opening a shared file (lib/shares/share-errors.ts, with the file's "expired" text),
// and the file page's links.
import { classifyShareError, isTerminalShareProblem, type ShareProblem } from "./share-errors";

export type FileProblem = ShareProblem;

export function classifyFileError(error: unknown): FileProblem {
  return classifyShareError(error, "fileExpired");
}

export const isTerminalFileProblem = isTerminalShareProblem;

/** The signed links of a file page last 15 minutes; a little margin covers a slow click. */
export function linksExpired(linksExpireAt: Date | null, now: Date = new Date(), marginMs = 20_000): boolean {
  return linksExpireAt !== null && linksExpireAt.getTime() - marginMs <= now.getTime();
}

/** The /file/{slug} address; `password` rides along for viewers that open it elsewhere (docs/product.md §2). */
export function filePagePath(slug: string, password?: string | null): string {
  const path = `/file/${encodeURIComponent(slug)}`;
  return password ? `${path}?${new URLSearchParams({ password }).toString()}` : path;
}
