// An archive the admin uploads (a backup to restore, a CloudPaste export to import), spooled to a file of its
// own under the data directory's tmp/ before anything reads it, and removed whatever happens.
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../errors";
import { isDiskFull } from "../../storage/driver-errors";
import { byteCounter } from "../../storage/streams";

export type SpoolPlace = {
  /** The folder under `<dataDir>/tmp` ("restores", "imports"), and the prefix of the upload's own folder in it. */
  folder: string;
  prefix: string;
  /** The file's name in its folder. */
  file: string;
  maxBytes: number;
  tooLarge: () => AppError;
};

/**
 * Writes `body` to a new file (507 when the disk fills, 413 past `maxBytes`, 400 when it is empty), runs `use`
 * on its path, then removes the file and its folder, what `use` left in them included.
 */
export async function withSpooledUpload<T>(
  dataDir: string,
  place: SpoolPlace,
  body: Readable,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const parent = join(dataDir, "tmp", place.folder);
  await mkdir(parent, { recursive: true });
  const folder = await mkdtemp(join(parent, place.prefix));
  try {
    const path = join(folder, place.file);
    const counter = byteCounter(place.maxBytes, place.tooLarge);
    try {
      await pipeline(body, counter.transform, createWriteStream(path));
    } catch (error) {
      if (isDiskFull(error)) throw new AppError("INSUFFICIENT_STORAGE", "errors.uploadSpoolFull");
      throw error;
    }
    if (counter.received() === 0) throw new AppError("BAD_REQUEST", "errors.fileMissing");
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
