import { afterEach, describe, expect, jest, test } from "bun:test";
import { act, render } from "@testing-library/react";
import { expectAnswers } from "../../../test/answers";
import { fractionLeft, secondsLeft, useCountdown } from "./countdown";

describe("countdown rules", () => {
  test("whole seconds left, rounded up, never negative", () => {
    expectAnswers(
      (now: number) => secondsLeft(10_000, now),
      [
        [0, 10],
        [100, 10],
        [9_001, 1],
        [10_000, 0],
        [20_000, 0],
      ],
    );
  });

  test("fraction left for the progress bar", () => {
    expect(fractionLeft(60_000, 60, 0)).toBe(1);
    expect(fractionLeft(60_000, 60, 30_000)).toBe(0.5);
    expect(fractionLeft(60_000, 60, 90_000)).toBe(0);
    expect(fractionLeft(60_000, 0, 0)).toBe(0);
  });
});

function Probe({ now, onDone, isRunning }: { now: () => number; onDone: () => void; isRunning: boolean }) {
  const left = useCountdown({ seconds: 3, onDone, now, isRunning });
  return <output>{left}</output>;
}

/** A 3-second countdown on fake timers, whose clock the test moves: what it shows, how often it ended. */
function startCountdown({ isRunning = true } = {}) {
  jest.useFakeTimers();
  let clock = 1_000_000;
  let done = 0;
  const view = render(<Probe now={() => clock} onDone={() => done++} isRunning={isRunning} />);
  return {
    shown: () => view.container.querySelector("output")?.textContent,
    doneCount: () => done,
    /** The clock moves by `ms`; the timers run `timerMs` of it (less when the page slept). */
    advance(ms: number, timerMs = ms) {
      clock += ms;
      act(() => void jest.advanceTimersByTime(timerMs));
    },
  };
}

describe("useCountdown", () => {
  afterEach(() => jest.useRealTimers());

  test("ticks down each second and calls onDone once at zero", () => {
    const countdown = startCountdown();
    expect(countdown.shown()).toBe("3");
    for (const expected of ["2", "1"]) {
      countdown.advance(1000);
      expect(countdown.shown()).toBe(expected);
    }
    expect(countdown.doneCount()).toBe(0);
    countdown.advance(1000);
    expect(countdown.shown()).toBe("0");
    expect(countdown.doneCount()).toBe(1);
    countdown.advance(5000);
    expect(countdown.doneCount()).toBe(1);
  });

  test("a page that slept past the deadline hides at once when it wakes", () => {
    const countdown = startCountdown();
    countdown.advance(60_000, 250);
    expect(countdown.shown()).toBe("0");
    expect(countdown.doneCount()).toBe(1);
  });

  test("holds while not running", () => {
    const countdown = startCountdown({ isRunning: false });
    countdown.advance(10_000);
    expect(countdown.doneCount()).toBe(0);
  });
});
