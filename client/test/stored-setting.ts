// The rules every remembered choice follows (lib/preferences/browser-storage.ts), checked through the setting's own
// read and write: its key, its values read back, and nothing breaking when storage holds junk, is
// missing, or is refused by the browser.
import { describe, expect, test } from "bun:test";
import type { ReadableStorage, WritableStorage } from "../src/lib/preferences/browser-storage";
import { memoryStorage, refusingStorage } from "./memory-storage";

export type StoredSetting<Value extends string> = {
  key: string;
  read: (storage: ReadableStorage | undefined) => Value | null;
  write: (storage: WritableStorage | undefined, value: Value) => void;
  values: readonly Value[];
  /** Stored text that is not a value (older versions, hand edits). */
  junk: readonly string[];
  /** What a read gives when nothing usable is stored. */
  fallback: Value | null;
};

export function describeStoredSetting<Value extends string>(name: string, setting: StoredSetting<Value>): void {
  const { key, read, write, values, junk, fallback } = setting;
  describe(`${name} kept in the browser under "${key}"`, () => {
    test("each value written is stored under the key and read back", () => {
      for (const value of values) {
        const storage = memoryStorage();
        write(storage, value);
        expect(Object.fromEntries(storage.items)).toEqual({ [key]: value });
        expect(read(storage)).toBe(value);
      }
    });

    test("nothing stored, junk, no storage or storage the browser refuses: the fallback", () => {
      const unusable = [
        memoryStorage(),
        undefined,
        refusingStorage,
        ...junk.map((text) => memoryStorage({ [key]: text })),
      ];
      for (const storage of unusable) expect(read(storage)).toBe(fallback);
    });

    test("a write the browser refuses is not an error", () => {
      for (const value of values) expect(() => write(refusingStorage, value)).not.toThrow();
      expect(() => write(undefined, values[0] as Value)).not.toThrow();
    });
  });
}
