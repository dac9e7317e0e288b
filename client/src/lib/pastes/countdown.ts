// The share link hides after a countdown (docs/product.md §4). The clock is passed in, so the rule is tested
// without waiting; the hook ticks once a second and calls onDone once when time is up.
import { useEffect, useRef, useState } from "react";

/** How long a new share link stays on screen. */
export const SHARE_LINK_VISIBLE_SECONDS = 60;

/** Whole seconds left until `deadline` (rounded up, never negative). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Share of the time still left, 0..1, for a progress bar. */
export function fractionLeft(deadline: number, totalSeconds: number, now: number): number {
  if (totalSeconds <= 0) return 0;
  return Math.min(1, Math.max(0, (deadline - now) / (totalSeconds * 1000)));
}

export type CountdownOptions = {
  seconds: number;
  onDone: () => void;
  /** False holds the countdown (it has not started, or it is finished). */
  isRunning?: boolean;
  now?: () => number;
};

export function useCountdown({ seconds, onDone, isRunning = true, now = Date.now }: CountdownOptions): number {
  const [deadline] = useState(() => now() + seconds * 1000);
  const [left, setLeft] = useState(() => secondsLeft(deadline, now()));
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    if (!isRunning) return;
    let isDone = false;
    const tick = () => {
      const remaining = secondsLeft(deadline, nowRef.current());
      setLeft(remaining);
      if (remaining === 0 && !isDone) {
        isDone = true;
        clearInterval(timer);
        onDoneRef.current();
      }
    };
    const timer = setInterval(tick, 250);
    tick();
    return () => clearInterval(timer);
  }, [deadline, isRunning]);

  return left;
}
