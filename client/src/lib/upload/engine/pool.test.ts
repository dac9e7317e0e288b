import { describe, expect, test } from "bun:test";
import { eachInPool } from "./pool";

describe("eachInPool", () => {
  test("runs at most N at a time and all of them", async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await eachInPool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++;
      peak = Math.max(peak, running);
      await Bun.sleep(5);
      running--;
      done.push(item);
    });
    expect(peak).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test("a failure is its own: the others still run, then the first failure is thrown", async () => {
    const done: number[] = [];
    const failure = eachInPool([1, 2, 3, 4, 5, 6], 2, async (item) => {
      await Bun.sleep(2);
      if (item === 2 || item === 5) throw new Error(`item ${item} failed`);
      done.push(item);
    });
    await expect(failure).rejects.toThrow("item 2 failed");
    expect(done.sort()).toEqual([1, 3, 4, 6]);
  });
});
