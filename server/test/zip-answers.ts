// Zip answers (a shared folder's, a set's) read back with Info-ZIP's unzip, as a visitor's machine
// would read them, and the query strings of the public share routes that serve them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The entries of a zip, in the archive's order, and the content of one; throws unless `unzip -t` passes. */
export function unzipped(bytes: Uint8Array) {
  const path = join(mkdtempSync(join(tmpdir(), "answer-zip-")), "answer.zip");
  writeFileSync(path, bytes);
  const checked = Bun.spawnSync(["unzip", "-tq", path]);
  if (checked.exitCode !== 0) throw new Error(`unzip -t: ${checked.stdout.toString()} ${checked.stderr.toString()}`);
  const content = (name: string) => Bun.spawnSync(["unzip", "-p", path, name]).stdout;
  return {
    names: Bun.spawnSync(["unzip", "-Z1", path]).stdout.toString().trim().split("\n"),
    bytes: (name: string) => new Uint8Array(content(name)),
    text: (name: string) => content(name).toString(),
  };
}

/** A query string of the parameters given, those undefined left out. */
export const queryString = (params: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
