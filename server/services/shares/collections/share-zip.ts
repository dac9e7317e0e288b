// "Download all" of a shared folder or a set of files (docs/path-shares.md, "The zip"): one zip built by
// client-zip as it is sent, stored entries, ZIP64 past 4 GiB, UTF-8 names. The names and sizes are
// known first, so the answer carries its exact Content-Length; each object is opened only when its
// turn comes, so the server never holds a file whole. A folder's listing is kept packed (PackedEntries),
// so a 100,000-entry folder costs a few MiB before the first byte, not an object per entry.
import { downloadZip, predictLength } from "client-zip";

export type ZipEntry = {
  /** The name inside the zip; one ending in "/" is a folder entry (an empty folder stays in the zip). */
  name: string;
  size: number;
  lastModified: Date;
};

/**
 * The zip of `entries`, read twice: once whole for the exact length, once as the zip is sent, when each
 * file's bytes are opened by `open`.
 */
export function zipResponse<Entry extends ZipEntry>(
  entries: Iterable<Entry>,
  open: (entry: Entry) => Promise<ReadableStream<Uint8Array>>,
  name: string,
) {
  function* metadata() {
    for (const entry of entries) yield entry.name.endsWith("/") ? { name: entry.name } : entry;
  }
  async function* files() {
    for (const entry of entries) {
      if (entry.name.endsWith("/")) {
        yield { name: entry.name, lastModified: entry.lastModified };
        continue;
      }
      yield { name: entry.name, lastModified: entry.lastModified, size: entry.size, input: await open(entry) };
    }
  }
  const zip = downloadZip(files(), { length: predictLength(metadata()) });
  return { body: zip.body, length: zip.headers.get("Content-Length"), filename: `${name || "share"}.zip` };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Many entries' names (UTF-8, end to end in one buffer), sizes and dates in typed arrays: about the
 * names' bytes plus 20 bytes an entry, where an object per entry (its strings, its Date, a closure to
 * open it) cost several hundred (docs/performance.md, "A folder of 100,000 entries as one zip").
 * Iterating gives each entry as a fresh object, dropped once the zip has written it.
 */
export class PackedEntries implements Iterable<ZipEntry> {
  private names = new Uint8Array(64 * 1024);
  private namesUsed = 0;
  private ends = new Uint32Array(1024);
  private sizes = new Float64Array(1024);
  private dates = new Float64Array(1024);
  count = 0;

  add(entry: ZipEntry) {
    // A UTF-16 unit never takes more than 3 bytes of UTF-8.
    const room = this.namesUsed + entry.name.length * 3;
    if (room > this.names.length) this.names = grown(this.names, room);
    if (this.count === this.ends.length) {
      this.ends = grown(this.ends, this.count + 1);
      this.sizes = grown(this.sizes, this.count + 1);
      this.dates = grown(this.dates, this.count + 1);
    }
    this.namesUsed += encoder.encodeInto(entry.name, this.names.subarray(this.namesUsed)).written;
    this.ends[this.count] = this.namesUsed;
    this.sizes[this.count] = entry.size;
    this.dates[this.count] = entry.lastModified.getTime();
    this.count++;
  }

  *[Symbol.iterator](): Generator<ZipEntry> {
    let start = 0;
    for (let index = 0; index < this.count; index++) {
      const end = this.ends[index] as number;
      const name = decoder.decode(this.names.subarray(start, end));
      start = end;
      yield { name, size: this.sizes[index] as number, lastModified: new Date(this.dates[index] as number) };
    }
  }
}

/** A copy of `array` with room for at least `length` items, doubling so that adding stays cheap. */
function grown<T extends Uint8Array | Uint32Array | Float64Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}
