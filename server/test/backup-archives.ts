// Backup archives bent for tests: the same archive with its header's fields replaced.
import tar from "tar-stream";
import { HEADER_ENTRY } from "../services/backup/format";

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
