import { describe, expect, jest, test } from "bun:test";
import { act, render } from "@testing-library/react";
import { fractionLeft, secondsLeft, useCountdown } from "./countdown";

describe("countdown rules", () => {
  test("whole seconds left, rounded up, never negative", () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 100)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });

  test("fraction left for the progress bar", () => {
    expect(fractionLeft(60_000, 60, 0)).toBe(1);
    expect(fractionLeft(60_000, 60, 30_000)).toBe(0.5);
    expect(fractionLeft(60_000, 60, 90_000)).toBe(0);
    expect(fractionLeft(60_000, 0, 0)).toBe(0);
  });
});

function Probe({ now, onDone, isRunning = true }: { now: () => number; onDone: () => void; isRunning?: boolean }) {
  const left = useCountdown({ seconds: 3, onDone, now, isRunning });
  return <output>{left}</output>;
}

describe("useCountdown", () => {
  test("ticks down each second and calls onDone once at zero", () => {
    jest.useFakeTimers();
    let clock = 1_000_000;
    let done = 0;
    const view = render(<Probe now={() => clock} onDone={() => done++} />);
    const shown = () => view.container.querySelector("output")?.textContent;
    expect(shown()).toBe("3");
    for (const expected of ["2", "1"]) {
      clock += 1000;
      act(() => void jest.advanceTimersByTime(1000));
      expect(shown()).toBe(expected);
    }
    expect(done).toBe(0);
    clock += 1000;
    act(() => void jest.advanceTimersByTime(1000));
    expect(shown()).toBe("0");
    expect(done).toBe(1);
    clock += 5000;
    act(() => void jest.advanceTimersByTime(5000));
    expect(done).toBe(1);
    jest.useRealTimers();
  });

  test("a page that slept past the deadline hides at once when it wakes", () => {
    jest.useFakeTimers();
    let clock = 0;
    let done = 0;
    const view = render(<Probe now={() => clock} onDone={() => done++} />);
    clock += 60_000;
    act(() => void jest.advanceTimersByTime(250));
    expect(view.container.querySelector("output")?.textContent).toBe("0");
    expect(done).toBe(1);
    jest.useRealTimers();
  });

  test("holds while not running", () => {
    jest.useFakeTimers();
    let clock = 0;
    let done = 0;
    render(<Probe now={() => clock} onDone={() => done++} isRunning={false} />);
    clock += 10_000;
    act(() => void jest.advanceTimersByTime(10_000));
    expect(done).toBe(0);
    jest.useRealTimers();
  });
});
