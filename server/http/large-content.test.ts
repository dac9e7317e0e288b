// The byte budget of large content (large-content.ts): readers of a huge room progress side by side
// instead of one piece at a time per process, and the bytes in flight never pass the budget.
import { describe, expect, test } from "bun:test";
import { createByteBudget, LARGE_CONTENT_BYTES, withLargeContent } from "./large-content";

const MiB = 1024 * 1024;

/** A piece gives its bytes back a turn after its caller has its result (its encoding counts too). */
const afterRelease = () => Bun.sleep(1);

/** Fails if `promise` has not settled within `ms` (what a queue behind one another would do). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    Bun.sleep(ms).then(() => {
      throw new Error(`still waiting after ${ms} ms`);
    }),
  ]);
}

describe("large content within a byte budget", () => {
  test("two readers' pieces are in flight together: the first finishes only once the second has started", async () => {
    const budget = createByteBudget(32 * MiB);
    let secondStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    // With one piece at a time per process (the former queue) the first would wait for the second
    // forever, and the second for the first.
    const first = withLargeContent(
      10 * MiB,
      async () => {
        await started;
        return "first";
      },
      budget,
    );
    const second = withLargeContent(
      10 * MiB,
      async () => {
        secondStarted();
        return "second";
      },
      budget,
    );
    expect(await within(Promise.all([first, second]), 5_000)).toEqual(["first", "second"]);
    expect(budget.peak()).toBe(20 * MiB);
    await afterRelease();
    expect(budget.inUse()).toBe(0);
  });

  test("the bytes in flight never pass the budget, however many readers ask at once", async () => {
    const budget = createByteBudget(32 * MiB);
    let inFlight = 0;
    let most = 0;
    const piece = (bytes: number) =>
      withLargeContent(
        bytes,
        async () => {
          inFlight += bytes;
          most = Math.max(most, inFlight);
          await Bun.sleep(5);
          inFlight -= bytes;
          return bytes;
        },
        budget,
      );
    const sizes = Array.from({ length: 24 }, (_, index) => (index % 3) * 3 * MiB + 4 * MiB);
    const done = await within(Promise.all(sizes.map(piece)), 20_000);
    expect(done).toEqual(sizes);
    expect(most).toBeLessThanOrEqual(32 * MiB);
    // Several at once, not one after another.
    expect(most).toBeGreaterThanOrEqual(2 * 4 * MiB);
    expect(budget.peak()).toBeLessThanOrEqual(32 * MiB);
    await afterRelease();
    expect(budget.inUse()).toBe(0);
  });

  test("a piece larger than the whole budget runs alone, and is not overtaken by smaller ones", async () => {
    const budget = createByteBudget(32 * MiB);
    const order: string[] = [];
    let inFlight = 0;
    const piece = (name: string, bytes: number) =>
      withLargeContent(
        bytes,
        async () => {
          inFlight += 1;
          order.push(`${name}:${inFlight}`);
          await Bun.sleep(5);
          inFlight -= 1;
        },
        budget,
      );
    await within(Promise.all([piece("small-1", 8 * MiB), piece("huge", 64 * MiB), piece("small-2", 8 * MiB)]), 10_000);
    // small-1 ran first; huge waited for it and ran alone; small-2, asked after huge, came after it.
    expect(order).toEqual(["small-1:1", "huge:1", "small-2:1"]);
  });

  test("a failed piece gives its bytes back, and small content does not count", async () => {
    const budget = createByteBudget(32 * MiB);
    await expect(
      withLargeContent(
        20 * MiB,
        async () => {
          throw new Error("the read failed");
        },
        budget,
      ),
    ).rejects.toThrow("the read failed");
    await afterRelease();
    expect(budget.inUse()).toBe(0);
    expect(await withLargeContent(LARGE_CONTENT_BYTES, async () => "small", budget)).toBe("small");
    expect(budget.peak()).toBe(20 * MiB);
  });
});
