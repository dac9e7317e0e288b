import { describe, expect, test } from "bun:test";
import { decryptSecret, encryptSecret } from "./crypto";

const appSecret = "an-app-secret-that-is-long-enough-for-tests";

describe("secret encryption at rest", () => {
  test("round-trips and never stores the plain text", () => {
    const stored = encryptSecret(appSecret, "s3-secret-key");
    expect(stored).not.toContain("s3-secret-key");
    expect(decryptSecret(appSecret, stored)).toBe("s3-secret-key");
  });

  test("each encryption uses a fresh IV", () => {
    expect(encryptSecret(appSecret, "same")).not.toBe(encryptSecret(appSecret, "same"));
  });

  test("a different app secret or a tampered value cannot decrypt", () => {
    const stored = encryptSecret(appSecret, "s3-secret-key");
    expect(() => decryptSecret("another-secret-that-is-also-long-enough", stored)).toThrow();
    const parts = stored.split(":");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(appSecret, parts.join(":"))).toThrow();
  });
});
