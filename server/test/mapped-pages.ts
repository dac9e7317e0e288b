// How much of a file this test process holds mapped and resident: the measure of the tests that bound
// what the app's SQLite connection (which maps up to 256 MiB of the database file, db/client.ts) keeps
// of a large read (the clipboard's large items, the paste lists).
import { readFileSync } from "node:fs";

/** Bytes of a file's pages that this process has mapped and resident (its share of RSS). */
export function residentMappedBytes(path: string): number {
  let bytes = 0;
  let inFile = false;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inFile = line.endsWith(` ${path}`);
    else if (inFile && line.startsWith("Rss:")) bytes += Number(line.split(/\s+/)[1]) * 1024;
  }
  return bytes;
}
