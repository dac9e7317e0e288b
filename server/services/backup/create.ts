// Writes a backup archive (docs/backup.md) as a stream: the rows are read in one snapshot transaction
// in pages of ROWS_PER_ENTRY, the objects of local storage configs are piped from disk one by one, so
// memory stays flat whatever the size. The file is written under a `.partial` name and renamed only
// once complete: a killed backup never leaves a file that looks finished.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type Dirent, readdirSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { APP_VERSION, LOCAL_PROVIDER } from "@shared/constants";
import superjson from "superjson";
import tar from "tar-stream";
import { keyedHash } from "../../crypto";
import type { Database, DatabaseProvider } from "../../db/client";
import {
  ARCHIVE_FORMAT,
  type ArchiveHeader,
  type ArchiveManifest,
  BACKED_UP_MODELS,
  currentSchemaLevel,
  DB_PREFIX,
  FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  OBJECTS_PREFIX,
  ROWS_PER_ENTRY,
  tableOf,
} from "./format";
import { sealSecret } from "./secret-box";

export type BackupSource = {
  /** A client of its own: the snapshot transaction must not share a connection with live requests. */
  db: Database;
  provider: DatabaseProvider;
  dataDir: string;
  secret: string;
};

export type BackupProgress = { phase: "rows" | "objects" | "done"; rows: number; objects: number; bytes: number };

export type BackupOptions = {
  /** Seals the app secret into the archive; without it the secret is left out (docs/backup.md). */
  passphrase?: string;
  /** Copy the objects of local storage configs (default true). S3 objects stay in their bucket. */
  includeObjects?: boolean;
  onProgress?: (progress: BackupProgress) => void;
};

export type BackupSummary = {
  path: string;
  bytes: number;
  rows: Record<string, number>;
  objects: { count: number; bytes: number };
  skippedObjects: string[];
  secretIncluded: boolean;
};

/** The text the secret check is an HMAC of (format.ts, headerSchema.secretCheck). */
export const SECRET_CHECK_TEXT = "pastebox-backup-secret-check";

type ObjectSource = { configId: string; rootPath: string };

/**
 * Where the archive's bytes go: given the tar stream at once, it resolves with the bytes stored once
 * the stream has ended, and must leave nothing that looks complete when the stream fails.
 */
export type ArchiveSink = (archive: Readable) => Promise<{ bytes: number }>;

/** Writes the archive to a file: `FILE.partial`, flushed to disk, then renamed to `FILE`. */
export async function writeBackup(source: BackupSource, outPath: string, options: BackupOptions = {}) {
  const partialPath = `${outPath}.partial`;
  try {
    const summary = await streamBackup(
      source,
      async (archive) => {
        await pipeline(archive, createWriteStream(partialPath, { mode: 0o600 }));
        // The bytes are on disk before the name says the archive is complete.
        const handle = await open(partialPath, "r");
        await handle.sync();
        await handle.close();
        await rename(partialPath, outPath);
        return { bytes: (await Bun.file(outPath).stat()).size };
      },
      options,
    );
    return { ...summary, path: outPath };
  } catch (error) {
    await rm(partialPath, { force: true });
    throw error;
  }
}

/**
 * Writes the archive into any sink (a file, a storage driver's streamed `put`, which sends parts of
 * unknown length to S3 as a multipart upload that is only completed when the stream ends well).
 */
export async function streamBackup(
  source: BackupSource,
  sink: ArchiveSink,
  options: BackupOptions = {},
): Promise<Omit<BackupSummary, "path">> {
  const pack = tar.pack();
  // tar-stream's pack is a streamx stream: a Node Readable over it is what file streams and drivers take.
  const written = sink(Readable.from(pack as unknown as AsyncIterable<Buffer>, { objectMode: false }));
  // A sink that fails early (a refused upload) stops the stream: every wait on it below races this,
  // so the backup ends with the sink's error instead of waiting on a stream nobody reads.
  const sinkFailed = written.then(
    () => new Promise<never>(() => {}),
    (error: unknown) => {
      pack.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    },
  );
  sinkFailed.catch(() => {});
  const unlessSinkFailed = <T>(step: Promise<T>) => Promise.race([step, sinkFailed]);
  const entries: ArchiveManifest["entries"] = [];
  const progress: BackupProgress = { phase: "rows", rows: 0, objects: 0, bytes: 0 };
  const report = () => options.onProgress?.({ ...progress });
  const createdAt = new Date().toISOString();
  const schemaLevel = currentSchemaLevel();

  const addBuffer = async (name: string, body: Buffer) => {
    entries.push({ name, size: body.length, sha256: createHash("sha256").update(body).digest("hex") });
    await unlessSinkFailed(
      new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())),
      ),
    );
  };

  try {
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: APP_VERSION,
      schemaLevel,
      createdAt,
      sourceProvider: source.provider,
      sourceDataDir: source.dataDir,
      secret: options.passphrase ? sealSecret(options.passphrase, source.secret) : null,
      secretCheck: keyedHash(source.secret, "backup-secret-check", SECRET_CHECK_TEXT),
    };
    await addBuffer(HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));

    const rows: Record<string, number> = {};
    const objectSources: ObjectSource[] = [];
    // One transaction: every table is read as of the same moment, whatever is written meanwhile.
    await source.db.$transaction(
      async (tx) => {
        for (const { model, orderBy } of BACKED_UP_MODELS) {
          rows[model] = 0;
          for (let page = 0; ; page++) {
            const batch = await tableOf(tx, model).findMany({
              orderBy: orderBy.map((field) => ({ [field]: "asc" })),
              skip: page * ROWS_PER_ENTRY,
              take: ROWS_PER_ENTRY,
            });
            if (batch.length === 0) break;
            const lines = batch.map((row) => superjson.stringify(row)).join("\n");
            await addBuffer(`${DB_PREFIX}${model}/${String(page).padStart(6, "0")}.jsonl`, Buffer.from(`${lines}\n`));
            rows[model] += batch.length;
            progress.rows += batch.length;
            report();
            if (batch.length < ROWS_PER_ENTRY) break;
          }
        }
        const locals = await tx.storageConfig.findMany({
          where: { providerType: LOCAL_PROVIDER },
          select: { id: true, rootPath: true },
        });
        for (const local of locals)
          if (local.rootPath) objectSources.push({ configId: local.id, rootPath: local.rootPath });
      },
      {
        // Postgres: a snapshot for the whole transaction; SQLite transactions are serializable already.
        // (The client is typed as the SQLite one, which knows only Serializable: hence the cast.)
        ...(source.provider === "postgres" ? { isolationLevel: "RepeatableRead" as unknown as "Serializable" } : {}),
        maxWait: 30_000,
        timeout: 30 * 60_000,
      },
    );

    progress.phase = "objects";
    const objects = { count: 0, bytes: 0 };
    const skippedObjects: string[] = [];
    if (options.includeObjects !== false) {
      for (const { configId, rootPath } of objectSources) {
        for (const path of walkFiles(rootPath)) {
          const key = relative(rootPath, path).split(sep).join("/");
          const name = `${OBJECTS_PREFIX}${configId}/${key}`;
          const size = await unlessSinkFailed(addFile(pack, name, path, entries));
          if (size === null) {
            skippedObjects.push(name);
            continue;
          }
          objects.count++;
          objects.bytes += size;
          progress.objects = objects.count;
          progress.bytes = objects.bytes;
          report();
        }
      }
    }

    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: APP_VERSION,
      schemaLevel,
      createdAt,
      rows,
      objects,
      skippedObjects,
      entries,
    };
    const manifestBody = Buffer.from(JSON.stringify(manifest, null, 2));
    await unlessSinkFailed(
      new Promise<void>((resolve, reject) =>
        pack.entry({ name: MANIFEST_ENTRY, size: manifestBody.length, mode: 0o600 }, manifestBody, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    );
    pack.finalize();
    const { bytes } = await written;
    progress.phase = "done";
    report();
    const summary: Omit<BackupSummary, "path"> = {
      bytes,
      rows,
      objects,
      skippedObjects,
      secretIncluded: header.secret !== null,
    };
    return summary;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => {});
    throw error;
  }
}

/** Streams one file into the archive; null when it vanished before it could be opened. */
async function addFile(pack: tar.Pack, name: string, path: string, entries: ArchiveManifest["entries"]) {
  const handle = await open(path, "r").catch(() => null);
  if (!handle) return null;
  try {
    // The size of what is open: a local object is replaced by rename, never rewritten in place, so the
    // open file keeps these bytes even if the object is replaced meanwhile.
    const { size } = await handle.stat();
    const hash = createHash("sha256");
    let entry!: ReturnType<tar.Pack["entry"]>;
    const done = new Promise<void>((resolve, reject) => {
      entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    });
    const input = createReadStream("", { fd: handle.fd, autoClose: false, start: 0, end: size > 0 ? size - 1 : 0 });
    let read = 0;
    if (size > 0) {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        const part = read + chunk.length > size ? chunk.subarray(0, size - read) : chunk;
        read += part.length;
        hash.update(part);
        if (!entry.write(part)) await once(entry as unknown as NodeJS.EventEmitter, "drain");
      }
    }
    entry.end(undefined);
    await done;
    entries.push({ name, size, sha256: hash.digest("hex") });
    return size;
  } finally {
    await handle.close();
  }
}

/** Every regular file under root, in a stable order, leaving out uploads in flight. */
function* walkFiles(root: string): Generator<string> {
  let items: Dirent[];
  try {
    items = readdirSync(root, { withFileTypes: true });
  } catch {
    return;
  }
  items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const item of items) {
    if (item.name === ".pastebox-tmp") continue;
    const path = join(root, item.name);
    if (item.isDirectory()) yield* walkFiles(path);
    else if (item.isFile()) yield path;
  }
}
