// The rate limiter under concurrency, on SQLite and Postgres: attempts are reserved before the secret is
// checked, so a burst of simultaneous guesses gets exactly `limit` through, never more.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AppError } from "../../errors";
import { createTestDatabase, DATABASE_PROVIDERS, type TestDatabase } from "../../test/harness";
import { consumeAttempt, type RateLimitRule, refundAttempt } from "./rate-limit";

const rule: RateLimitRule = { name: "test-burst", limit: 10, windowMs: 60_000 };

async function outcomes(attempts: Promise<unknown>[]) {
  const settled = await Promise.allSettled(attempts);
  const limited = settled.filter(
    (result) => result.status === "rejected" && (result.reason as AppError).code === "TOO_MANY_REQUESTS",
  );
  const other = settled.filter(
    (result) => result.status === "rejected" && (result.reason as AppError).code !== "TOO_MANY_REQUESTS",
  );
  return { allowed: settled.filter((result) => result.status === "fulfilled").length, limited, other };
}

describe.each(DATABASE_PROVIDERS)("rate limit on %s", (provider) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(provider);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  test("40 simultaneous attempts on a fresh subject: exactly the limit gets through", async () => {
    const result = await outcomes(Array.from({ length: 40 }, () => consumeAttempt(t.db, rule, "burst")));
    expect(result.other.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(result.allowed).toBe(rule.limit);
    const refused = (result.limited[0] as PromiseRejectedResult).reason as AppError;
    expect(Number(refused.headers?.["Retry-After"])).toBeGreaterThan(0);
  });

  test("a refunded attempt frees its slot; a new window starts after the old one ends", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < rule.limit; i++) await consumeAttempt(t.db, rule, "refund", now);
    await expect(consumeAttempt(t.db, rule, "refund", now)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // The refused attempt counted too: two refunds are needed before one more is allowed.
    await refundAttempt(t.db, rule, "refund", now);
    await refundAttempt(t.db, rule, "refund", now);
    await consumeAttempt(t.db, rule, "refund", now);
    const later = new Date(now.getTime() + rule.windowMs + 1);
    const result = await outcomes(Array.from({ length: 15 }, () => consumeAttempt(t.db, rule, "refund", later)));
    expect(result.allowed).toBe(rule.limit);
  });
});
