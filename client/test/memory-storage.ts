// Stand-ins for window.localStorage in the unit tests of code that takes its storage as an argument.

/** A storage over a Map the test can read back (`items`). A write of a value longer than `limit`
 * characters fails as a full browser storage does (QuotaExceededError). */
export function memoryStorage(initial: Record<string, string> = {}, limit = Number.POSITIVE_INFINITY) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string): string | null => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > limit) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A storage the browser refuses (disabled, private mode): every read and write throws. */
export const refusingStorage = {
  getItem: (): string | null => {
    throw new Error("SecurityError: storage disabled");
  },
  setItem: () => {
    throw new Error("SecurityError: storage disabled");
  },
  removeItem: () => {
    throw new Error("SecurityError: storage disabled");
  },
};
