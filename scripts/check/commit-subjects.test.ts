// The commit-subject rule of `bun run check`: 72 characters pass, 73 fail, counted in characters
// (a Chinese or accented subject is not penalised for its UTF-8 bytes).
import { expect, test } from "bun:test";
import { longSubjects, MAX_SUBJECT_LENGTH } from "./commit-subjects";

test("subjects up to the limit pass; longer ones are named with their commit and length", () => {
  const fits = "a".repeat(MAX_SUBJECT_LENGTH);
  const over = "b".repeat(MAX_SUBJECT_LENGTH + 1);
  const log = `1111111 ${fits}\n2222222 ${over}\n3333333 ${"é".repeat(MAX_SUBJECT_LENGTH)}\n`;
  expect(longSubjects(log)).toEqual([`2222222 (73 chars) ${over}`]);
  expect(longSubjects("")).toEqual([]);
});
