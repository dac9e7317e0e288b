// Searches scan text (paste contents, share names, every mount's listing), so a caller may run only a
// few at once (docs/rules.md, Searches): past MAX_SEARCHES_PER_CALLER concurrent searches the next one
// answers 429 at once instead of queueing more work. Counted per process: what is bounded is the work
// this process does for one caller (four batched searches from one read-only key once held the CPU
// for seconds).
import { AppError } from "../../errors";
import type { AuthState } from "../auth/sessions";

export const MAX_SEARCHES_PER_CALLER = 2;

const running = new Map<string, number>();

/** Who a search is counted against: the key, the admin, or the address of an anonymous caller. */
function callerOf(auth: AuthState | null, clientIp: string): string {
  if (auth?.type === "apikey") return `key:${auth.keyId}`;
  if (auth?.type === "admin") return "admin";
  return `address:${clientIp}`;
}

type Caller = { auth: AuthState | null; clientIp: string };

/** What a search past the caller's slots answers (429). */
export function searchesBusy(): AppError {
  return new AppError(
    "TOO_MANY_REQUESTS",
    "errors.searchesBusy",
    { max: MAX_SEARCHES_PER_CALLER },
    { "Retry-After": "1" },
  );
}

/** Whether every one of the caller's search slots is taken now: a search would be refused. */
export function searchSlotsFull(caller: Caller): boolean {
  return (running.get(callerOf(caller.auth, caller.clientIp)) ?? 0) >= MAX_SEARCHES_PER_CALLER;
}

/** Runs `search` in one of the caller's search slots, or answers 429 when all are taken. */
export async function inSearchSlot<T>(caller: Caller, search: () => Promise<T>): Promise<T> {
  const key = callerOf(caller.auth, caller.clientIp);
  const count = running.get(key) ?? 0;
  if (count >= MAX_SEARCHES_PER_CALLER) throw searchesBusy();
  running.set(key, count + 1);
  try {
    return await search();
  } finally {
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  }
}
