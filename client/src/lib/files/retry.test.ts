import { describe, expect, test } from "bun:test";
import { AbortedError, isAbortError, sleep, withRetry } from "./retry";

describe("withRetry", () => {
  test("a step that fails twice succeeds on its third attempt", async () => {
    const attempts: number[] = [];
    const retries: number[] = [];
    const result = await withRetry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`boom ${attempt}`);
        return "ok";
      },
      { baseDelayMs: 1, onRetry: (_error, next) => retries.push(next) },
    );
    expect(result).toBe("ok");
    expect(attempts).toEqual([1, 2, 3]);
    expect(retries).toEqual([2, 3]);
  });

  test("gives up after 3 attempts with the last error", async () => {
    let calls = 0;
    const failure = withRetry(
      async (attempt) => {
        calls++;
        throw new Error(`attempt ${attempt}`);
      },
      { baseDelayMs: 1 },
    );
    await expect(failure).rejects.toThrow("attempt 3");
    expect(calls).toBe(3);
  });

  test("a final error is not retried", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error("403");
        },
        { baseDelayMs: 1, shouldRetry: (error) => (error as Error).message !== "403" },
      ),
    ).rejects.toThrow("403");
    expect(calls).toBe(1);
  });

  test("a cancel stops at once, also while waiting to retry", async () => {
    const controller = new AbortController();
    let calls = 0;
    const failure = withRetry(
      async () => {
        calls++;
        throw new Error("flaky");
      },
      { baseDelayMs: 10_000, signal: controller.signal },
    );
    await Bun.sleep(5);
    controller.abort();
    const error = await failure.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    expect(calls).toBe(1);
  });

  test("an abort from inside the step is not retried", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new AbortedError();
        },
        { baseDelayMs: 1 },
      ),
    ).rejects.toBeInstanceOf(AbortedError);
    expect(calls).toBe(1);
  });

  test("the pause doubles between attempts", async () => {
    const started = Date.now();
    await withRetry(
      async (attempt) => {
        if (attempt < 3) throw new Error("again");
      },
      { baseDelayMs: 20 },
    );
    // 20 ms, then 40 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe("sleep", () => {
  test("sleep rejects when aborted", async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
  });
});
