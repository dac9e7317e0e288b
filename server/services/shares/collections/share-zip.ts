// "Download all" of a shared folder or a set of files (docs/path-shares.md, "The zip"): one zip built by
// client-zip as it is sent, stored entries, ZIP64 past 4 GiB, UTF-8 names. The names and sizes are
// known first, so the answer carries its exact Content-Length; each object is opened only when its
// turn comes, so the server never holds a file whole.
import { downloadZip, predictLength } from "client-zip";

export type ZipEntry = {
  /** The name inside the zip; one ending in "/" is a folder entry (an empty folder stays in the zip). */
  name: string;
  size: number;
  lastModified: Date;
  /** Opens the object's bytes when the zip reaches it. */
  open: () => Promise<ReadableStream<Uint8Array>>;
};

export function zipResponse(entries: ZipEntry[], name: string) {
  const metadata = entries.map((entry) =>
    entry.name.endsWith("/") ? { name: entry.name } : { name: entry.name, size: entry.size },
  );
  async function* files() {
    for (const entry of entries) {
      if (entry.name.endsWith("/")) {
        yield { name: entry.name, lastModified: entry.lastModified };
        continue;
      }
      yield { name: entry.name, lastModified: entry.lastModified, size: entry.size, input: await entry.open() };
    }
  }
  const zip = downloadZip(files(), { length: predictLength(metadata) });
  return { body: zip.body, length: zip.headers.get("Content-Length"), filename: `${name || "share"}.zip` };
}
