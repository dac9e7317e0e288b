// Retries an assertion while letting React and timers run (inside act), until it passes or the time
// is up. Assert on booleans or strings, not DOM elements: a failing expect prints its value, and
// printing a happy-dom element can take seconds per attempt.
import { act } from "@testing-library/react";

export async function eventually(assertion: () => void | Promise<void>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // Awaited: an async assertion (one that reads IndexedDB) must fail here, not in a stray promise.
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(() => Bun.sleep(50));
  }
}
