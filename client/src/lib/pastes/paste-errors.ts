// What went wrong when opening a shared paste (lib/shares/share-errors.ts, with the paste's "expired" text).
import { classifyShareError, isTerminalShareProblem, type ShareProblem } from "../shares/share-errors";

export type PasteProblem = ShareProblem;

export function classifyPasteError(error: unknown): PasteProblem {
  return classifyShareError(error, "pasteExpired");
}

export const isTerminalProblem = isTerminalShareProblem;
