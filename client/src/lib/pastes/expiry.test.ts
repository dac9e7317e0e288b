import { describe, expect, test } from "bun:test";
import { EXPIRY_CHOICES_HOURS } from "@shared/constants";
import { expectAnswers } from "../../../test/answers";
import {
  EXPIRY_CHOICES,
  type ExpiryChoice,
  expiresAtFor,
  expiresAtForEdit,
  expiryChoiceOfDays,
  expiryChoicesWith,
  expiryHours,
  isExpiryChoice,
  isPastExpiry,
} from "./expiry";

const NOW = new Date("2026-03-01T10:00:00.000Z");

describe("expiry choices", () => {
  test("follow the shared constants: 1 hour, 1 day, 7 days, 30 days, never", () => {
    expect(EXPIRY_CHOICES.map(expiryHours)).toEqual([...EXPIRY_CHOICES_HOURS]);
  });

  test("turn into a date that many hours from now", () => {
    expectAnswers(
      (choice: ExpiryChoice) => expiresAtFor(choice, NOW)?.toISOString(),
      [
        ["1h", "2026-03-01T11:00:00.000Z"],
        ["1d", "2026-03-02T10:00:00.000Z"],
        ["7d", "2026-03-08T10:00:00.000Z"],
        ["30d", "2026-03-31T10:00:00.000Z"],
        ["3d", "2026-03-04T10:00:00.000Z"],
      ],
    );
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
    expect(isExpiryChoice("14d")).toBe(true);
    expect(isExpiryChoice("keep")).toBe(false);
    expect(isExpiryChoice("0d")).toBe(false);
    expect(isExpiryChoice("1.5d")).toBe(false);
    expect(isExpiryChoice(24)).toBe(false);
  });

  test("the admin's default in days is a choice, listed with the presets in order", () => {
    expect(expiryChoiceOfDays(0)).toBe("never");
    expect(expiryChoiceOfDays(7)).toBe("7d");
    expect(expiryChoicesWith("7d")).toEqual(EXPIRY_CHOICES);
    expect(expiryChoicesWith("3d")).toEqual(["1h", "1d", "3d", "7d", "30d", "never"]);
    expect(expiryChoicesWith("365d", "3d", "never")).toEqual(["1h", "1d", "3d", "7d", "30d", "365d", "never"]);
  });

  test("tells a past expiry", () => {
    expectAnswers(
      (expiry: Date | null) => isPastExpiry(expiry, NOW),
      [
        [null, false],
        [new Date(NOW.getTime() - 1), true],
        [NOW, true],
        [new Date(NOW.getTime() + 1), false],
      ],
    );
  });
});
