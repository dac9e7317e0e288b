// Tests of a pure function over many inputs: the table of inputs and what each should give.
import { expect } from "bun:test";

/**
 * Checks `answer` against each row `[input, expected]` in one comparison of the whole table, so a
 * failure lists every wrong row beside its input (a loop of expects stops at the first, unnamed).
 */
export function expectAnswers<Input, Output>(
  answer: (input: Input) => Output,
  rows: readonly (readonly [Input, Output])[],
): void {
  expect(rows.map(([input]) => [input, answer(input)])).toEqual(rows.map(([input, expected]) => [input, expected]));
}
