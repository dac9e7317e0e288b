import { describe, expect, test } from "bun:test";
import { networkError, trpcError } from "../../../test/client-errors";
import i18n from "../../i18n";
import { AbortedError } from "./engine/retry";
import { NetworkError } from "./engine/transport";
import { statusError } from "./engine/upload-api";
import {
  HttpStatusError,
  isCancellation,
  isFinalError,
  MissingPartUrlError,
  NoDataError,
  UploadFailure,
  UploadLimitError,
  uploadErrorMessage,
} from "./upload-errors";

const en = i18n.getFixedT("en");
const zh = i18n.getFixedT("zh");
const message = (error: unknown) => uploadErrorMessage(error, en, "en");

describe("upload error messages (docs/product.md §8)", () => {
  test("a taken link suffix, whichever step reports it", () => {
    expect(message(new UploadFailure("presign", trpcError("CONFLICT", 409, "taken")))).toBe(
      "The link suffix is already taken, try another",
    );
    expect(message(new UploadFailure("server", statusError(409, '{"code":409,"message":"x","success":false}')))).toBe(
      "The link suffix is already taken, try another",
    );
  });

  test("storage space insufficient, with the server's message", () => {
    const detail =
      "Insufficient storage space: the file (2 MB) exceeds the remaining space (1 MB) of the total capacity 10 MB";
    expect(message(new UploadFailure("presign", trpcError("INSUFFICIENT_STORAGE", 507, detail)))).toBe(
      `Storage space insufficient: ${detail}`,
    );
    // From the form upload (REST envelope: the status says it).
    expect(message(new UploadFailure("server", statusError(507, JSON.stringify({ code: 507, message: detail }))))).toBe(
      `Storage space insufficient: ${detail}`,
    );
    // docs/product.md §5: a message about capacity without our code is read the same way.
    expect(message(new UploadFailure("put", new Error("Bucket capacity exceeded")))).toBe(
      "Storage space insufficient: Bucket capacity exceeded",
    );
  });

  test("the client's own checks: too large, and not enough space", () => {
    expect(message(new UploadLimitError("tooLarge", { size: 150 * 1024 * 1024, max: 100 * 1024 * 1024 }))).toBe(
      "The file (150 MB) exceeds the max upload size of 100 MB",
    );
    expect(
      message(
        new UploadLimitError("insufficientStorage", {
          size: 3 * 1024 * 1024,
          remaining: 1024 * 1024,
          total: 10 * 1024 * 1024,
        }),
      ),
    ).toBe(
      "Storage space insufficient: the file (3 MB) exceeds the remaining space (1 MB) of the total capacity 10 MB",
    );
  });

  test("the max upload size refused by the server keeps its own message", () => {
    const text = "The file exceeds the max upload size of 100 MB";
    expect(message(new UploadFailure("presign", trpcError("PAYLOAD_TOO_LARGE", 413, text)))).toBe(
      `Failed to get the upload URL: ${text}`,
    );
    expect(message(new UploadFailure("server", statusError(413, JSON.stringify({ code: 413, message: text }))))).toBe(
      text,
    );
  });

  test("presign: the reason, or no valid data", () => {
    expect(message(new UploadFailure("presign", trpcError("NOT_FOUND", 404, "Storage configuration not found")))).toBe(
      "Failed to get the upload URL: Storage configuration not found",
    );
    expect(message(new UploadFailure("presign", new NoDataError()))).toBe(
      "Failed to get the upload URL: the server returned no valid data",
    );
    expect(message(new UploadFailure("presign", networkError()))).toBe(
      "Failed to get the upload URL: Could not reach the server. Check your connection and try again.",
    );
  });

  test("the PUT: a status, the network, or S3's own error", () => {
    expect(message(new UploadFailure("put", new HttpStatusError(500)))).toBe("Upload failed: HTTP status 500");
    expect(message(new UploadFailure("put", new NetworkError()))).toBe(
      "Network error during upload. Check your connection and try again.",
    );
    const s3 = statusError(403, "<Error><Code>SignatureDoesNotMatch</Code><Message>Bad signature</Message></Error>");
    expect(message(new UploadFailure("put", s3, { toS3: true }))).toBe(
      "Failed to upload to S3: HTTP status 403: SignatureDoesNotMatch: Bad signature",
    );
  });

  test("commit, multipart start, parts and completion, each with its reason", () => {
    expect(message(new UploadFailure("commit", trpcError("BAD_REQUEST", 400, "The uploaded file was not found")))).toBe(
      "Failed to commit the upload: The uploaded file was not found",
    );
    expect(message(new UploadFailure("multipartInit", trpcError("INTERNAL", 500, "boom")))).toBe(
      "Failed to start the multipart upload: boom",
    );
    expect(message(new UploadFailure("part", new NetworkError(true), { partNumber: 4 }))).toBe(
      "Part 4 failed: the request timed out",
    );
    expect(message(new UploadFailure("part", new MissingPartUrlError(7), { partNumber: 7 }))).toBe(
      "No presigned URL for part 7",
    );
    expect(message(new UploadFailure("multipartComplete", trpcError("BAD_REQUEST", 400, "Part 2 is missing")))).toBe(
      "Failed to complete the multipart upload: Part 2 is missing",
    );
  });

  test("cancelled uploads and downloads", () => {
    expect(message(new AbortedError())).toBe("Upload cancelled");
    expect(message(new UploadFailure("download", new AbortedError()))).toBe("Download cancelled");
    expect(isCancellation(new UploadFailure("download", new AbortedError()))).toBe(true);
    expect(isCancellation(new UploadFailure("put", new NetworkError()))).toBe(false);
  });

  test("URL uploads: checking the URL and fetching its content", () => {
    const refused = "This URL points to a private, loopback, link-local or metadata address, which cannot be fetched";
    expect(message(new UploadFailure("urlInfo", trpcError("BAD_REQUEST", 400, refused)))).toBe(
      `Failed to check the URL: ${refused}`,
    );
    // The site answered 404 to the browser.
    expect(message(new UploadFailure("download", new HttpStatusError(404)))).toBe(
      "Failed to fetch the URL content (HTTP status 404)",
    );
    // The proxy explains what the origin did.
    const proxied = statusError(
      502,
      JSON.stringify({ code: 502, message: "Failed to fetch the URL content (HTTP status 500)" }),
    );
    expect(message(new UploadFailure("download", proxied))).toBe("Failed to fetch the URL content (HTTP status 500)");
    const unreachable = statusError(502, JSON.stringify({ code: 502, message: "Could not connect to files.example" }));
    expect(message(new UploadFailure("download", unreachable))).toBe(
      "Failed to fetch the URL content: Could not connect to files.example",
    );
  });

  test("in Chinese too", () => {
    expect(uploadErrorMessage(new AbortedError(), zh, "zh")).toBe("上传已取消");
    expect(uploadErrorMessage(new UploadFailure("part", new NetworkError(), { partNumber: 2 }), zh, "zh")).toBe(
      "第 2 个分片失败：网络错误",
    );
  });

  test("final errors are the 4xx a retry cannot change", () => {
    expect(isFinalError(new HttpStatusError(403))).toBe(true);
    expect(isFinalError(new HttpStatusError(408))).toBe(false);
    expect(isFinalError(new HttpStatusError(429))).toBe(false);
    expect(isFinalError(new HttpStatusError(503))).toBe(false);
    expect(isFinalError(new NetworkError())).toBe(false);
    expect(isFinalError(trpcError("BAD_REQUEST", 400, "bad"))).toBe(true);
  });
});
