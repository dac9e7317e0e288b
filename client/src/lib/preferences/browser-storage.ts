// localStorage as the app's small preferences and lists use it. Storage may be missing or throw
// (cookies blocked, Safari private mode, a full quota) and may hold junk from older versions: a read
// then gives nothing and a write keeps the choice for this page only, never breaking a screen.
export type ReadableStorage = Pick<Storage, "getItem">;
export type WritableStorage = Pick<Storage, "setItem">;

/** This page's localStorage, or undefined where reaching it throws. */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The value kept under `key` when `isValid` accepts it; null when absent, junk or unreadable. */
export function readStoredValue<T extends string>(
  storage: ReadableStorage | undefined,
  key: string,
  isValid: (value: unknown) => value is T,
): T | null {
  try {
    const stored = storage?.getItem(key);
    return isValid(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function writeStoredValue(storage: WritableStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}
