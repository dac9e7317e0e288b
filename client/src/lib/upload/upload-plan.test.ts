import { describe, expect, test } from "bun:test";
import { MULTIPART_PART_SIZE, MULTIPART_THRESHOLD } from "@shared/constants";
import {
  bytesDone,
  chooseUploadMode,
  missingParts,
  PartProgress,
  percentOf,
  planParts,
  reusableParts,
  urlUploadPercent,
} from "./upload-plan";

const MB = 1024 * 1024;

describe("upload mode", () => {
  test("small files go straight to storage; local storage always allows it", () => {
    expect(chooseUploadMode({ size: 10 * MB, providerType: "local", isDirectBlocked: false })).toBe("direct");
    expect(chooseUploadMode({ size: 10 * MB, providerType: "AWS S3", isDirectBlocked: false })).toBe("direct");
    // A storage the browser could not reach before: through the server, even for local (never blocked).
    expect(chooseUploadMode({ size: 10 * MB, providerType: "AWS S3", isDirectBlocked: true })).toBe("server");
    expect(chooseUploadMode({ size: 10 * MB, providerType: "local", isDirectBlocked: true })).toBe("direct");
  });

  test("multipart strictly above the threshold", () => {
    expect(chooseUploadMode({ size: MULTIPART_THRESHOLD, providerType: "local", isDirectBlocked: false })).toBe(
      "direct",
    );
    expect(chooseUploadMode({ size: MULTIPART_THRESHOLD + 1, providerType: "local", isDirectBlocked: false })).toBe(
      "multipart",
    );
    expect(
      chooseUploadMode({ size: 7 * MB, threshold: 6 * MB, providerType: "Cloudflare R2", isDirectBlocked: false }),
    ).toBe("multipart");
  });

  test("a large file for a storage the browser cannot reach goes through the server (streamed)", () => {
    expect(chooseUploadMode({ size: 500 * MB, providerType: "Backblaze B2", isDirectBlocked: true })).toBe("server");
  });

  test("an unknown storage (list not loaded) is tried directly first", () => {
    expect(chooseUploadMode({ size: MB, providerType: null, isDirectBlocked: false })).toBe("direct");
  });
});

describe("multipart part planning", () => {
  test("5 MB parts, the last one shorter, numbered from 1", () => {
    const parts = planParts(12 * MB);
    expect(parts).toEqual([
      { partNumber: 1, start: 0, end: 5 * MB, size: 5 * MB },
      { partNumber: 2, start: 5 * MB, end: 10 * MB, size: 5 * MB },
      { partNumber: 3, start: 10 * MB, end: 12 * MB, size: 2 * MB },
    ]);
    expect(MULTIPART_PART_SIZE).toBe(5 * MB);
  });

  test("an exact multiple has no empty last part; an empty file is one empty part", () => {
    expect(planParts(10 * MB).map((part) => part.size)).toEqual([5 * MB, 5 * MB]);
    expect(planParts(0)).toEqual([{ partNumber: 1, start: 0, end: 0, size: 0 }]);
  });

  test("parts cover the file exactly, without gaps or overlaps", () => {
    const size = 53 * MB + 17;
    const parts = planParts(size, 8 * MB);
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(size);
    for (let index = 1; index < parts.length; index++) {
      expect(parts[index]?.start).toBe(parts[index - 1]?.end);
    }
  });

  test("refuses nonsense sizes", () => {
    expect(() => planParts(-1)).toThrow(RangeError);
    expect(() => planParts(10, 0)).toThrow(RangeError);
  });
});

describe("resume bookkeeping", () => {
  const plan = planParts(12 * MB);

  test("keeps stored parts whose number and size match the plan", () => {
    const kept = reusableParts(plan, [
      { part_number: 1, etag: '"a"', size: 5 * MB },
      { part_number: 2, etag: '"b"', size: 3 * MB }, // truncated: sent again
      { part_number: 3, etag: '"c"', size: 2 * MB },
      { part_number: 9, etag: '"z"', size: 5 * MB }, // not in the plan
    ]);
    expect([...kept.entries()]).toEqual([
      [1, '"a"'],
      [3, '"c"'],
    ]);
    expect(missingParts(plan, kept).map((part) => part.partNumber)).toEqual([2]);
    expect(bytesDone(plan, kept)).toBe(7 * MB);
  });

  test("nothing stored: every part is missing", () => {
    expect(missingParts(plan, new Map()).length).toBe(3);
    expect(bytesDone(plan, new Map())).toBe(0);
  });

  test("parts in flight add up with the parts done", () => {
    const progress = new PartProgress(5 * MB);
    progress.update(2, MB);
    progress.update(3, 2 * MB);
    expect(progress.loaded).toBe(8 * MB);
    progress.complete(2, 5 * MB);
    expect(progress.loaded).toBe(12 * MB);
    // A retried part starts again from zero.
    progress.reset(3);
    expect(progress.loaded).toBe(10 * MB);
  });
});

describe("progress", () => {
  test("percent is floored and never 100 before success", () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(499, 1000)).toBe(49);
    expect(percentOf(1000, 1000)).toBe(99);
    expect(percentOf(5, 0)).toBe(0);
  });

  test("URL uploads: downloading fills 0-49, uploading 50-99", () => {
    expect(urlUploadPercent("download", 0, 1000)).toBe(0);
    expect(urlUploadPercent("download", 500, 1000)).toBe(24);
    expect(urlUploadPercent("download", 1000, 1000)).toBe(49);
    expect(urlUploadPercent("upload", 0, 1000)).toBe(50);
    expect(urlUploadPercent("upload", 500, 1000)).toBe(74);
    expect(urlUploadPercent("upload", 1000, 1000)).toBe(99);
    // Unknown download size: the bar stays at the start of its phase.
    expect(urlUploadPercent("download", 12345, null)).toBe(0);
    // Never past the phase, even when a server sent more than it announced.
    expect(urlUploadPercent("download", 2000, 1000)).toBe(49);
  });
});
