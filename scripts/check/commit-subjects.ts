// `bun run check`'s commit-subject rule: a subject line is at most 72 characters (docs/architecture.md
// #13). Only commits made after SUBJECTS_CHECKED_SINCE are read:
// older history has longer subjects and is left as it is.
import { spawnSync } from "node:child_process";

export const MAX_SUBJECT_LENGTH = 72;

/**
 * Every commit after this one is checked. It was main's tip when the rule came (d0fead6); main is
 * never rewritten, so it moves past a long subject that landed anyway: to 500a626 for 1faa011 (76
 * characters, landed before the rule was in its branch), then to e117abe itself (73 characters), then to 78c6d1f itself (73),
 * then to 9b5c90c itself (75, landed by a helper whose check ran after its merge).
 */
export const SUBJECTS_CHECKED_SINCE = "9b5c90c6cadc05dfa65cfe5a6651730929a4d91d";

/** The subjects over the limit, with their commit: "abc1234 (75 chars) The subject". */
export function longSubjects(log: string): string[] {
  return log
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const space = line.indexOf(" ");
      return { commit: line.slice(0, space), subject: line.slice(space + 1) };
    })
    .filter(({ subject }) => [...subject].length > MAX_SUBJECT_LENGTH)
    .map(({ commit, subject }) => `${commit} (${[...subject].length} chars) ${subject}`);
}

function git(...args: string[]) {
  return spawnSync("git", args, { encoding: "utf8" });
}

if (import.meta.main) {
  // A clone without the base commit (shallow, or an export without history) has nothing to compare.
  if (git("cat-file", "-e", `${SUBJECTS_CHECKED_SINCE}^{commit}`).status !== 0) {
    console.log("commit subjects: base commit not in this clone, nothing checked");
    process.exit(0);
  }
  const log = git("log", "--no-merges", "--format=%h %s", `${SUBJECTS_CHECKED_SINCE}..HEAD`);
  if (log.status !== 0) throw new Error(`git log failed: ${log.stderr}`);
  const long = longSubjects(log.stdout);
  if (long.length > 0) {
    console.error(`Commit subjects over ${MAX_SUBJECT_LENGTH} characters (put the detail in the body):`);
    for (const line of long) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`commit subjects: all within ${MAX_SUBJECT_LENGTH} characters`);
}
