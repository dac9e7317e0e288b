// The zip behind "Download all" without a server: the packed listing gives back every entry as it was
// added, and a zip of more entries than a plain zip's count field holds (65,535) announces its exact
// length and opens whole with Info-ZIP's unzip, names and bytes.
import { describe, expect, test } from "bun:test";
import { unzipped } from "../../../test/zip-answers";
import { PackedEntries, zipResponse } from "./share-zip";

describe("share zip", () => {
  test("the packed listing gives back every name, size and date as added, past its first buffers", () => {
    const added = Array.from({ length: 3000 }, (_, index) => ({
      // Names in several scripts (a surrogate pair among them), long enough to outgrow the first name buffer.
      name: index % 500 === 0 ? `目录 ${index}/` : `dossier/été ${index} 文件 😀 ${"x".repeat(index % 40)}.txt`,
      size: index % 7 === 0 ? 6 * 1024 ** 3 + index : index,
      lastModified: new Date(Date.UTC(2026, 0, 1) + index * 1000),
    }));
    const packed = new PackedEntries();
    for (const entry of added) packed.add(entry);
    expect(packed.count).toBe(3000);
    expect([...packed]).toEqual(added);
    // Read twice (the length, then the stream) it gives the same.
    expect([...packed]).toEqual(added);
  });

  test("a zip of 70,000 entries has its exact length and opens whole with unzip", async () => {
    const packed = new PackedEntries();
    for (let index = 0; index < 70_000; index++) {
      packed.add({ name: `many/${index}.txt`, size: String(index).length, lastModified: new Date(2026, 0, 1) });
    }
    packed.add({ name: "many/empty/", size: 0, lastModified: new Date(2026, 0, 1) });
    const opened: string[] = [];
    const zip = zipResponse(
      packed,
      async (entry) => {
        opened.push(entry.name);
        return new Blob([entry.name.slice("many/".length, -".txt".length)]).stream();
      },
      "many",
    );
    expect(zip.filename).toBe("many.zip");
    const bytes = new Uint8Array(await new Response(zip.body).arrayBuffer());
    expect(Number(zip.length)).toBe(bytes.length);
    // Each file is opened once, in order; the folder entry is not opened.
    expect(opened.length).toBe(70_000);
    expect(opened[69_999]).toBe("many/69999.txt");
    const entries = unzipped(bytes);
    expect(entries.names.length).toBe(70_001);
    expect(entries.names).toContain("many/empty/");
    expect(entries.text("many/69999.txt")).toBe("69999");
  }, 120_000);
});
