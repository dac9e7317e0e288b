// Content types inferred from file names, for listings that report none (S3 lists no types) and for
// local files. Bun's table is consulted once per extension: listings name thousands of files.
import { extname } from "node:path";

const FALLBACK = "application/octet-stream";
const byExtension = new Map<string, string>();

export function contentTypeFor(name: string): string {
  const extension = extname(name).toLowerCase();
  if (extension === "") return FALLBACK;
  let type = byExtension.get(extension);
  if (type === undefined) {
    type = Bun.file(`file${extension}`).type.split(";")[0] || FALLBACK;
    if (byExtension.size < 1000) byExtension.set(extension, type);
  }
  return type;
}
