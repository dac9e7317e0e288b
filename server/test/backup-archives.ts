// Backup archives bent for tests: the same archive with its header's fields replaced.
import { createHash } from "node:crypto";
import superjson from "superjson";
import tar from "tar-stream";
import { HEADER_ENTRY, MANIFEST_ENTRY, modelOfEntry } from "../services/backup/format";

/**
 * The archive with fields of its header replaced (a "newer" backup, another secret...): its checksum
 * no longer matches the manifest, which the restore checks too.
 */
export async function withHeader(bytes: Buffer, fields: Record<string, unknown>): Promise<Buffer> {
  const extract = tar.extract();
  const pack = tar.pack();
  const out: Buffer[] = [];
  pack.on("data", (chunk) => out.push(chunk as Buffer));
  const finished = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  const copy = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (entry.header.name === HEADER_ENTRY)
        body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), ...fields }));
      await new Promise((resolve) => pack.entry({ name: entry.header.name, size: body.length }, body, resolve));
    }
    pack.finalize();
  })();
  extract.end(bytes);
  await copy;
  await finished;
  return Buffer.concat(out);
}

/**
 * The archive as an older version wrote it: `rows(model, row)` rewrites each row of the database
 * entries (superjson lines), `fields` replace the header's and the manifest's stamp (an older schema
 * level), and the manifest's checksums are made again, so the restore takes it for a sound archive.
 */
export async function asOlderArchive(
  bytes: Buffer,
  rows: (model: string, row: Record<string, unknown>) => Record<string, unknown>,
  fields: Record<string, unknown> = {},
): Promise<Buffer> {
  const extract = tar.extract();
  const pack = tar.pack();
  const out: Buffer[] = [];
  pack.on("data", (chunk) => out.push(chunk as Buffer));
  const finished = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  const entries: { name: string; size: number; sha256: string }[] = [];
  const add = (name: string, body: Buffer) =>
    new Promise((resolve) => pack.entry({ name, size: body.length }, body, resolve));
  const copy = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const name = entry.header.name;
      let body = Buffer.concat(chunks);
      if (name === MANIFEST_ENTRY) {
        const manifest = { ...JSON.parse(body.toString()), ...fields, entries };
        await add(name, Buffer.from(JSON.stringify(manifest)));
        continue;
      }
      if (name === HEADER_ENTRY) body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), ...fields }));
      const model = modelOfEntry(name);
      if (model) {
        const lines = body.toString("utf8").split("\n").filter(Boolean);
        const rewritten = lines.map((line) =>
          superjson.stringify(rows(model, superjson.parse<Record<string, unknown>>(line))),
        );
        body = Buffer.from(rewritten.map((line) => `${line}\n`).join(""));
      }
      entries.push({ name, size: body.length, sha256: createHash("sha256").update(body).digest("hex") });
      await add(name, body);
    }
    pack.finalize();
  })();
  extract.end(bytes);
  await copy;
  await finished;
  return Buffer.concat(out);
}
