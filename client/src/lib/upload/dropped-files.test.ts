// A dropped folder brings every file inside it, at any depth and past one readEntries batch, up to the cap.
import { describe, expect, test } from "bun:test";
import { walkDroppedEntries } from "./dropped-files";

type FakeEntry = Parameters<typeof walkDroppedEntries>[0][number];

const file = (name: string): FakeEntry => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (success) => success(new File([name], name)),
});

/** A folder whose reader answers in batches of `batch`, then an empty batch, as browsers do. */
const folder = (name: string, children: FakeEntry[], batch = 100): FakeEntry => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let offset = 0;
    return {
      readEntries: (success) => {
        const slice = children.slice(offset, offset + batch);
        offset += slice.length;
        setTimeout(() => success(slice), 0);
      },
    };
  },
});

describe("walkDroppedEntries", () => {
  test("a dropped folder gives its files at every depth, beside files dropped with it", async () => {
    const many = Array.from({ length: 130 }, (_, index) => file(`photo-${index}.jpg`));
    const dropped = await walkDroppedEntries([
      file("loose.txt"),
      folder("album", [file("cover.png"), folder("raw", many, 100), folder("empty", [])]),
    ]);
    expect(dropped.isTruncated).toBe(false);
    expect(dropped.files).toHaveLength(132);
    expect(dropped.files.slice(0, 3).map((entry) => entry.name)).toEqual(["loose.txt", "cover.png", "photo-0.jpg"]);
    expect(dropped.files.at(-1)?.name).toBe("photo-129.jpg");
  });

  test("stops at the cap and says so", async () => {
    const many = Array.from({ length: 20 }, (_, index) => file(`f${index}`));
    const dropped = await walkDroppedEntries([folder("big", many, 7)], 12);
    expect(dropped.files).toHaveLength(12);
    expect(dropped.isTruncated).toBe(true);
  });
});
