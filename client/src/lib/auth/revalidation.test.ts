import { describe, expect, test } from "bun:test";
import { AUTH_REVALIDATE_MS } from "@shared/constants";
import { expectAnswers } from "../../../test/answers";
import { needsRevalidation } from "./revalidation";

describe("needsRevalidation (docs/product.md §4 stale auth)", () => {
  const now = 1_800_000_000_000;

  test("the window is 300000 ms", () => {
    expect(AUTH_REVALIDATE_MS).toBe(300_000);
  });

  test("never validated is stale", () => {
    expect(needsRevalidation(null, now)).toBe(true);
  });

  test("fresh up to 300000 ms, stale after", () => {
    expectAnswers(
      (validatedAt: number) => needsRevalidation(validatedAt, now),
      [
        [now, false],
        [now - 299_999, false],
        [now - 300_000, false],
        [now - 300_001, true],
        [now - 3_600_000, true],
      ],
    );
  });

  test("a check dated in the future (clock moved back) is stale", () => {
    expect(needsRevalidation(now + 60_000, now)).toBe(true);
  });
});
