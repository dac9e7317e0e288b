import { describe, expect, test } from "bun:test";
import { EXPIRY_CHOICES_HOURS } from "@shared/constants";
import { EXPIRY_CHOICES, EXPIRY_HOURS, expiresAtFor, expiresAtForEdit, isExpiryChoice, isPastExpiry } from "./expiry";

const NOW = new Date("2026-03-01T10:00:00.000Z");

describe("expiry choices", () => {
  test("follow the shared constants: 1 hour, 1 day, 7 days, 30 days, never", () => {
    expect(EXPIRY_CHOICES.map((choice) => EXPIRY_HOURS[choice])).toEqual([...EXPIRY_CHOICES_HOURS]);
  });

  test("turn into a date that many hours from now", () => {
    expect(expiresAtFor("1h", NOW)?.toISOString()).toBe("2026-03-01T11:00:00.000Z");
    expect(expiresAtFor("1d", NOW)?.toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(expiresAtFor("7d", NOW)?.toISOString()).toBe("2026-03-08T10:00:00.000Z");
    expect(expiresAtFor("30d", NOW)?.toISOString()).toBe("2026-03-31T10:00:00.000Z");
  });

  test("never is null, and keep (edit only) sends nothing", () => {
    expect(expiresAtFor("never", NOW)).toBeNull();
    expect(expiresAtForEdit("never", NOW)).toBeNull();
    expect(expiresAtForEdit("keep", NOW)).toBeUndefined();
    expect(expiresAtForEdit("1h", NOW)?.getTime()).toBe(NOW.getTime() + 3_600_000);
  });

  test("uses the time of sending by default", () => {
    const before = Date.now();
    const at = expiresAtFor("1h")?.getTime() ?? 0;
    expect(at).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  test("recognises stored choices and nothing else", () => {
    expect(isExpiryChoice("7d")).toBe(true);
    expect(isExpiryChoice("keep")).toBe(false);
    expect(isExpiryChoice(24)).toBe(false);
  });

  test("tells a past expiry", () => {
    expect(isPastExpiry(null, NOW)).toBe(false);
    expect(isPastExpiry(new Date(NOW.getTime() - 1), NOW)).toBe(true);
    expect(isPastExpiry(NOW, NOW)).toBe(true);
    expect(isPastExpiry(new Date(NOW.getTime() + 1), NOW)).toBe(false);
  });
});
