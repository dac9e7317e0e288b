import { describe, expect, test } from "bun:test";
import { AbortedError, isAbortError, sleep, withRetry } from "./retry";

/** A step that throws on every attempt, counting how often it was run. */
function alwaysFailing(errorFor: (attempt: number) => Error) {
  let calls = 0;
  return {
    run: async (attempt: number): Promise<never> => {
      calls++;
      throw errorFor(attempt);
    },
    calls: () => calls,
  };
}

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
    const step = alwaysFailing((attempt) => new Error(`attempt ${attempt}`));
    await expect(withRetry(step.run, { baseDelayMs: 1 })).rejects.toThrow("attempt 3");
    expect(step.calls()).toBe(3);
  });

  test("a final error is not retried", async () => {
    const step = alwaysFailing(() => new Error("403"));
    await expect(
      withRetry(step.run, { baseDelayMs: 1, shouldRetry: (error) => (error as Error).message !== "403" }),
    ).rejects.toThrow("403");
    expect(step.calls()).toBe(1);
  });

  test("a cancel stops at once, also while waiting to retry", async () => {
    const controller = new AbortController();
    const step = alwaysFailing(() => new Error("flaky"));
    const failure = withRetry(step.run, { baseDelayMs: 10_000, signal: controller.signal });
    await Bun.sleep(5);
    controller.abort();
    const error = await failure.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    expect(step.calls()).toBe(1);
  });

  test("an abort from inside the step is not retried", async () => {
    const step = alwaysFailing(() => new AbortedError());
    await expect(withRetry(step.run, { baseDelayMs: 1 })).rejects.toBeInstanceOf(AbortedError);
    expect(step.calls()).toBe(1);
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
