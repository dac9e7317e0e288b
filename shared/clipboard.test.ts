// The live clipboard's item check (docs/clipboard.md): an item is an envelope without a password,
// checked without copying its ciphertext, for the socket and the HTTP route alike.
import { describe, expect, test } from "bun:test";
import { itemEnvelope } from "./clipboard";
import { encryptText, generateLinkKey } from "./encryption/encrypted-share";

describe("an item's envelope", () => {
  test("an envelope without a password is an item; with one, or plain text, it is refused", async () => {
    const key = generateLinkKey();
    expect(itemEnvelope.safeParse(await encryptText("hello", key)).success).toBe(true);
    expect(itemEnvelope.safeParse(await encryptText("hello", key, "pw")).success).toBe(false);
    expect(itemEnvelope.safeParse("hello in clear").success).toBe(false);
  });

  test("a 9 MiB item is checked without JSON.parse reading its ciphertext (it copied it: 9 MiB per item sent)", async () => {
    const stored = await encryptText("x".repeat(7 * 1024 * 1024), generateLinkKey());
    const parse = JSON.parse;
    const parsedLengths: number[] = [];
    JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
      parsedLengths.push(text.length);
      return parse(text, reviver);
    }) as typeof JSON.parse;
    try {
      expect(itemEnvelope.safeParse(stored).success).toBe(true);
    } finally {
      JSON.parse = parse;
    }
    expect(Math.max(...parsedLengths)).toBeLessThan(256);
  });
});
