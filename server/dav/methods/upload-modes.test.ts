import { expect, test } from "bun:test";
import { AUTO_MULTIPART_FROM_BYTES, chooseUploadMode } from "./upload-modes";

const MiB = 1024 * 1024;

test("auto: local storage in one stream, S3 in one request up to the threshold, in parts above or unknown", () => {
  expect(chooseUploadMode("auto", "local", undefined)).toBe("proxy");
  expect(chooseUploadMode("auto", "local", 10 * 1024 * MiB)).toBe("proxy");
  expect(chooseUploadMode("auto", "s3", AUTO_MULTIPART_FROM_BYTES)).toBe("proxy");
  expect(chooseUploadMode("auto", "s3", AUTO_MULTIPART_FROM_BYTES + 1)).toBe("multipart");
  expect(chooseUploadMode("auto", "s3", undefined)).toBe("multipart");
});

test("a chosen mode is kept; direct needs S3, a stated length and at most 5 GiB", () => {
  expect(chooseUploadMode("proxy", "s3", undefined)).toBe("proxy");
  expect(chooseUploadMode("multipart", "local", 1)).toBe("multipart");
  expect(chooseUploadMode("direct", "s3", 100)).toBe("direct");
  expect(chooseUploadMode("direct", "s3", undefined)).toBe("multipart");
  expect(chooseUploadMode("direct", "s3", 6 * 1024 * MiB)).toBe("multipart");
  expect(chooseUploadMode("direct", "local", 100)).toBe("proxy");
});
