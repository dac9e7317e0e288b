import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { fileRecord } from "../../../test/fixtures";
import { createResumeStore } from "./engine/resume-store";
import { AbortedError, isAbortError } from "./engine/retry";
import { NetworkError, type SendRequest, type TransportResponse } from "./engine/transport";
import type { UploadApi, UploadedFile } from "./engine/upload-api";
import { sameOriginStorageUrl, type UploadSource } from "./engine/upload-object";
import { UploadFailure } from "./upload-errors";
import { type UploadDeps, uploadFile } from "./uploader";

const MB = 1024 * 1024;
const ORIGIN = "http://localhost:3000";

function uploaded(overrides: Partial<UploadedFile> = {}) {
  return fileRecord("abc123", { id: "file-1", filename: "report.pdf", size: 11, ...overrides });
}

type Call = { name: string; input: unknown };

function fakeApi(overrides: Partial<UploadApi> = {}) {
  const calls: Call[] = [];
  const record =
    <I, O>(name: string, answer: (input: I) => O | Promise<O>) =>
    async (input: I) => {
      calls.push({ name, input });
      return answer(input);
    };
  const api: UploadApi = {
    presign: record("presign", (input) => ({
      upload_url: `http://127.0.0.1:3000/api/storage/local/cfg-1?op=put&key=k&signature=s`,
      file_id: "file-1",
      storage_path: "k",
      s3_url: null,
      slug: "abc123",
      provider_type: "local",
      contentType: (input as { mimetype?: string }).mimetype ?? "application/octet-stream",
      headers: { "Content-Type": "application/pdf" },
      expires_in: 3600,
    })),
    commit: record("commit", () => uploaded()),
    multipartInit: record("multipartInit", (input) => ({
      file_id: "file-m",
      upload_id: "upload-1",
      storage_path: "k",
      slug: "big",
      provider_type: "local",
      contentType: "application/octet-stream",
      part_size: (input as { part_size: number }).part_size,
      part_count: Math.ceil((input as { size: number }).size / (input as { part_size: number }).part_size),
      // The uploader signs its parts through partUrls, as they are needed.
      presigned_urls: [],
      expires_in: 3600,
    })),
    partUrls: record("partUrls", (input) => ({
      urls: input.part_numbers.map((part_number) => ({
        part_number,
        url: `${ORIGIN}/api/storage/local/cfg-1?op=part&partNumber=${part_number}`,
      })),
      expires_in: 3600,
    })),
    uploadedParts: record("uploadedParts", () => ({ upload_id: "upload-1", parts: [] })),
    multipartComplete: record("multipartComplete", () => uploaded({ slug: "big", size: 12 * MB })),
    multipartAbort: record("multipartAbort", () => ({ cancelled: true })),
    cancel: record("cancel", () => ({ cancelled: true })),
    serverUpload: record("serverUpload", (request) => {
      request.onProgress?.(request.file.size + 200, request.file.size + 200);
      return uploaded({ use_proxy: true });
    }),
  };
  for (const [name, answer] of Object.entries(overrides)) {
    (api as Record<string, unknown>)[name] = record(name, answer as (input: unknown) => unknown);
  }
  return { api, calls, names: () => calls.map((call) => call.name) };
}

type Responder = (request: SendRequest, index: number) => TransportResponse | Promise<TransportResponse>;

function ok(etag: string | null = '"etag"'): TransportResponse {
  return { status: 200, header: (name) => (name.toLowerCase() === "etag" ? etag : null), text: "" };
}

function fakeTransport(respond: Responder = () => ok()) {
  const requests: SendRequest[] = [];
  const transport = async (request: SendRequest) => {
    requests.push(request);
    if (request.signal?.aborted) throw new AbortedError();
    request.onProgress?.(request.body instanceof Blob ? request.body.size : 0, 0);
    return respond(request, requests.length - 1);
  };
  return { transport, requests };
}

function source(size: number, name = "report.pdf"): UploadSource {
  const blob = new Blob([new Uint8Array(size)], { type: "application/pdf" });
  return { blob, name, type: "application/pdf", size, lastModified: 1_700_000_000_000 };
}

function deps(
  overrides: Partial<UploadDeps> & Pick<UploadDeps, "api" | "transport">,
): UploadDeps & { blocked: Set<string> } {
  const blocked = new Set<string>();
  return {
    providerType: "local",
    directBlocked: { has: (id) => blocked.has(id), add: (id) => void blocked.add(id) },
    mayConnect: async (url) => url.startsWith(ORIGIN),
    pageOrigin: ORIGIN,
    threshold: 6 * MB,
    retryDelayMs: 1,
    blocked,
    ...overrides,
  };
}

/** A resume store holding the record a reload left for "big.bin" (12 MB, three 5 MB parts). */
function resumeStoreWith(fileId: string, partsDone: number) {
  const resume = createResumeStore(undefined);
  resume.save({
    name: "big.bin",
    size: 12 * MB,
    lastModified: 1_700_000_000_000,
    file_id: fileId,
    s3_config_id: "cfg-1",
    part_size: 5 * MB,
    part_count: 3,
    parts_done: partsDone,
    started_at: Date.now(),
  });
  return resume;
}

const TARGET = { s3_config_id: "cfg-1", password: "pw", expires_in: 24, max_views: 3, remark: "r", path: "/docs" };

describe("direct upload", () => {
  test("presign, PUT with progress to the same-origin storage URL, commit with the ETag", async () => {
    const { api, calls, names } = fakeApi();
    const { transport, requests } = fakeTransport(() => ok('"abc"'));
    const progress: number[] = [];
    const modes: string[] = [];
    const file = await uploadFile(source(11), TARGET, deps({ api, transport }), {
      onProgress: (loaded) => progress.push(loaded),
      onMode: (mode) => modes.push(mode),
    });
    expect(file.slug).toBe("abc123");
    expect(names()).toEqual(["presign", "commit"]);
    expect(calls[0]?.input).toMatchObject({
      filename: "report.pdf",
      size: 11,
      s3_config_id: "cfg-1",
      slug: null,
      path: "/docs",
    });
    // The app signed its URL for 127.0.0.1; the page is on localhost: sent to the page's own origin.
    expect(requests[0]?.url.startsWith(`${ORIGIN}/api/storage/local/cfg-1?`)).toBe(true);
    expect(requests[0]?.method).toBe("PUT");
    expect(requests[0]?.headers).toEqual({ "Content-Type": "application/pdf" });
    expect(calls[1]?.input).toEqual({
      file_id: "file-1",
      etag: '"abc"',
      size: 11,
      remark: "r",
      password: "pw",
      expires_in: 24,
      max_views: 3,
    });
    expect(progress.at(-1)).toBe(11);
    expect(modes).toEqual(["direct"]);
  });

  test("an S3 bucket whose CORS refuses the browser: the record is removed and the server takes the file", async () => {
    const { api, calls, names } = fakeApi({});
    const { transport } = fakeTransport(() => {
      throw new NetworkError();
    });
    const environment = deps({ api, transport, providerType: "AWS S3", mayConnect: async () => true });
    const modes: string[] = [];
    const file = await uploadFile(source(11), TARGET, environment, { onMode: (mode) => modes.push(mode) });
    expect(file.use_proxy).toBe(true);
    expect(names()).toEqual(["presign", "cancel", "serverUpload"]);
    expect(calls[1]?.input).toEqual({ file_id: "file-1" });
    expect(calls[2]?.input).toMatchObject({
      filename: "report.pdf",
      fields: { size: 11, max_views: 3, password: "pw" },
    });
    expect(modes).toEqual(["direct", "server"]);
    // Remembered: the next upload to this storage goes through the server at once.
    expect(environment.blocked.has("cfg-1")).toBe(true);
    const again = fakeApi();
    await uploadFile(source(11), TARGET, { ...environment, api: again.api });
    expect(again.names()).toEqual(["serverUpload"]);
  });

  test("a storage the page's CSP does not allow is never tried (no console violation)", async () => {
    const { api, names } = fakeApi({
      presign: async () => ({
        upload_url: "https://bucket.s3.amazonaws.com/k?X-Amz-Signature=1",
        file_id: "file-1",
        storage_path: "k",
        s3_url: null,
        slug: "abc123",
        provider_type: "AWS S3",
        contentType: "application/pdf",
        headers: {},
        expires_in: 3600,
      }),
    });
    const { transport, requests } = fakeTransport();
    await uploadFile(source(11), TARGET, deps({ api, transport, providerType: "AWS S3" }));
    expect(requests.length).toBe(0);
    expect(names()).toEqual(["presign", "cancel", "serverUpload"]);
  });

  test("a PUT answered with an error fails the upload and removes its record (docs/product.md §4)", async () => {
    const { api, names } = fakeApi();
    const { transport } = fakeTransport(() => ({ status: 500, header: () => null, text: "" }));
    const error = await uploadFile(source(11), TARGET, deps({ api, transport })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadFailure);
    expect((error as UploadFailure).stage).toBe("put");
    expect(names()).toEqual(["presign", "cancel"]);
  });

  test("a failed commit removes the record too", async () => {
    const { api, names } = fakeApi({
      commit: async () => {
        throw new TRPCClientError("The uploaded file was not found", {
          result: { error: { message: "x", code: -32600, data: { appCode: "BAD_REQUEST", httpStatus: 400 } } },
        });
      },
    });
    const { transport } = fakeTransport();
    const error = await uploadFile(source(11), TARGET, deps({ api, transport })).catch((caught: unknown) => caught);
    expect((error as UploadFailure).stage).toBe("commit");
    expect(names()).toEqual(["presign", "commit", "cancel"]);
  });

  test("a presign without an upload URL is 'no valid data'", async () => {
    const { api } = fakeApi({ presign: async () => ({}) as never });
    const { transport } = fakeTransport();
    const error = await uploadFile(source(11), TARGET, deps({ api, transport })).catch((caught: unknown) => caught);
    expect((error as UploadFailure).stage).toBe("presign");
  });

  test("cancelling during the PUT aborts it and removes the record", async () => {
    const controller = new AbortController();
    const { api, names } = fakeApi();
    const { transport } = fakeTransport(
      (request) =>
        new Promise((_resolve, reject) => {
          request.signal?.addEventListener("abort", () => reject(new AbortedError()));
          controller.abort();
        }),
    );
    const error = await uploadFile(source(11), TARGET, deps({ api, transport, signal: controller.signal })).catch(
      (caught: unknown) => caught,
    );
    expect(isAbortError((error as UploadFailure).cause ?? error)).toBe(true);
    expect(names()).toEqual(["presign", "cancel"]);
  });
});

describe("multipart upload", () => {
  test("init, part URLs, 3 parts of 5 MB with progress, complete with the parts in order", async () => {
    const { api, calls, names } = fakeApi();
    const { transport, requests } = fakeTransport((request) =>
      ok(`"etag-${new URL(request.url).searchParams.get("partNumber")}"`),
    );
    const resume = createResumeStore(undefined);
    const progress: number[] = [];
    const file = await uploadFile(source(12 * MB, "big.bin"), TARGET, deps({ api, transport, resume }), {
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(file.slug).toBe("big");
    expect(names()).toEqual(["multipartInit", "partUrls", "multipartComplete"]);
    expect(calls[0]?.input).toMatchObject({ size: 12 * MB, part_size: 5 * MB, filename: "big.bin" });
    expect(calls[1]?.input).toEqual({ file_id: "file-m", part_numbers: [1, 2, 3] });
    expect(requests.map((request) => (request.body as Blob).size).sort((a, b) => a - b)).toEqual([
      2 * MB,
      5 * MB,
      5 * MB,
    ]);
    expect(calls[2]?.input).toEqual({
      file_id: "file-m",
      parts: [
        { part_number: 1, etag: '"etag-1"' },
        { part_number: 2, etag: '"etag-2"' },
        { part_number: 3, etag: '"etag-3"' },
      ],
      remark: "r",
      password: "pw",
      expires_in: 24,
      max_views: 3,
    });
    expect(Math.max(...progress)).toBe(12 * MB);
    // Finished: nothing left to resume.
    expect(resume.list()).toEqual([]);
  });

  test("a part that fails twice is retried and the upload succeeds", async () => {
    const { api, names } = fakeApi();
    const failures = new Map<string, number>();
    const { transport, requests } = fakeTransport((request) => {
      const part = new URL(request.url).searchParams.get("partNumber") ?? "";
      const count = failures.get(part) ?? 0;
      if (part === "2" && count < 2) {
        failures.set(part, count + 1);
        throw new NetworkError();
      }
      return ok(`"e${part}"`);
    });
    await uploadFile(source(12 * MB), TARGET, deps({ api, transport }));
    expect(requests.length).toBe(5);
    expect(names().at(-1)).toBe("multipartComplete");
  });

  test("a part failing 3 times aborts the upload and reports the part", async () => {
    const { api, names } = fakeApi();
    const resume = createResumeStore(undefined);
    const { transport } = fakeTransport((request) => {
      if (new URL(request.url).searchParams.get("partNumber") === "3")
        return { status: 500, header: () => null, text: "" };
      return ok();
    });
    const error = await uploadFile(source(12 * MB), TARGET, deps({ api, transport, resume })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UploadFailure);
    expect((error as UploadFailure).stage).toBe("part");
    expect((error as UploadFailure).details.partNumber).toBe(3);
    expect(names()).toContain("multipartAbort");
    expect(names()).not.toContain("multipartComplete");
    expect(resume.list()).toEqual([]);
  });

  test("a final refusal (403) is not retried", async () => {
    const { api } = fakeApi();
    let puts = 0;
    const { transport } = fakeTransport(() => {
      puts++;
      return { status: 403, header: () => null, text: "<Error><Code>AccessDenied</Code></Error>" };
    });
    await uploadFile(source(7 * MB), TARGET, deps({ api, transport })).catch(() => undefined);
    // Two parts started in parallel, each refused once.
    expect(puts).toBe(2);
  });

  test("after a reload, the same file resumes: only the missing parts are sent", async () => {
    const resume = resumeStoreWith("file-old", 2);
    const { api, calls, names } = fakeApi({
      uploadedParts: async () => {
        return {
          upload_id: "upload-1",
          parts: [
            { part_number: 1, etag: '"s1"', size: 5 * MB },
            { part_number: 2, etag: '"s2"', size: 5 * MB },
          ],
        };
      },
    });
    const { transport, requests } = fakeTransport(() => ok('"n3"'));
    const resumed: number[] = [];
    await uploadFile(source(12 * MB, "big.bin"), TARGET, deps({ api, transport, resume }), {
      onResume: (bytes) => resumed.push(bytes),
    });
    expect(names()).toEqual(["uploadedParts", "partUrls", "multipartComplete"]);
    expect(calls[1]?.input).toEqual({ file_id: "file-old", part_numbers: [3] });
    expect(requests.length).toBe(1);
    expect(resumed).toEqual([10 * MB]);
    expect((calls[2]?.input as { parts: unknown } | undefined)?.parts).toEqual([
      { part_number: 1, etag: '"s1"' },
      { part_number: 2, etag: '"s2"' },
      { part_number: 3, etag: '"n3"' },
    ]);
    expect(resume.list()).toEqual([]);
  });

  test("a resume record the server no longer knows is dropped and the upload starts over", async () => {
    const resume = resumeStoreWith("file-gone", 1);
    const { api, names } = fakeApi({
      uploadedParts: async () => {
        throw new TRPCClientError("gone", {
          result: { error: { message: "gone", code: -32004, data: { appCode: "NOT_FOUND", httpStatus: 404 } } },
        });
      },
    });
    const { transport } = fakeTransport();
    await uploadFile(source(12 * MB, "big.bin"), TARGET, deps({ api, transport, resume }));
    expect(names()).toEqual(["uploadedParts", "multipartInit", "partUrls", "multipartComplete"]);
  });

  test("an interrupted upload (no abort reached the server) keeps its record for resuming", async () => {
    const resume = createResumeStore(undefined);
    const { api } = fakeApi({
      multipartAbort: async () => {
        throw new NetworkError();
      },
    });
    const { transport } = fakeTransport(() => {
      throw new NetworkError(true);
    });
    await uploadFile(source(12 * MB, "big.bin"), TARGET, deps({ api, transport, resume })).catch(() => undefined);
    expect(resume.list().map((record) => record.file_id)).toEqual(["file-m"]);
  });

  test("cancelling stops every part, aborts the upload and forgets it", async () => {
    const controller = new AbortController();
    const resume = createResumeStore(undefined);
    const { api, names } = fakeApi();
    let started = 0;
    const { transport } = fakeTransport(
      (request) =>
        new Promise((_resolve, reject) => {
          started++;
          request.signal?.addEventListener("abort", () => reject(new AbortedError()));
          if (started === 3) controller.abort();
        }),
    );
    const error = await uploadFile(
      source(30 * MB),
      TARGET,
      deps({ api, transport, resume, signal: controller.signal }),
    ).catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    expect(started).toBe(3);
    expect(names()).toContain("multipartAbort");
    expect(resume.list()).toEqual([]);
  });

  test("ETags hidden by the bucket's CORS are read back from the server", async () => {
    const { api, calls } = fakeApi({
      uploadedParts: async () => {
        return {
          upload_id: "u",
          parts: [1, 2, 3].map((part_number) => ({ part_number, etag: `"srv${part_number}"`, size: 1 })),
        };
      },
    });
    const { transport } = fakeTransport(() => ok(null));
    await uploadFile(source(12 * MB), TARGET, deps({ api, transport }));
    const complete = calls.find((call) => call.name === "multipartComplete");
    expect((complete?.input as { parts: { etag: string }[] } | undefined)?.parts.map((part) => part.etag)).toEqual([
      '"srv1"',
      '"srv2"',
      '"srv3"',
    ]);
  });

  test("an S3 bucket the browser cannot reach: the multipart upload is aborted and the server takes the file", async () => {
    const { api, names } = fakeApi({
      partUrls: async (input) => ({
        urls: input.part_numbers.map((part_number) => ({
          part_number,
          url: `https://s3.example/b/k?partNumber=${part_number}`,
        })),
        expires_in: 3600,
      }),
    });
    const { transport } = fakeTransport(() => {
      throw new NetworkError();
    });
    const environment = deps({ api, transport, providerType: "Other S3 Compatible", mayConnect: async () => true });
    const file = await uploadFile(source(12 * MB), TARGET, environment);
    expect(file.use_proxy).toBe(true);
    expect(names()).toEqual(["multipartInit", "partUrls", "multipartAbort", "serverUpload"]);
    expect(environment.blocked.has("cfg-1")).toBe(true);
  });
});

describe("through the server", () => {
  test("progress follows the file's bytes, not the form's", async () => {
    const { api } = fakeApi();
    const { transport } = fakeTransport();
    const environment = deps({ api, transport, providerType: "AWS S3" });
    environment.blocked.add("cfg-1");
    const progress: [number, number][] = [];
    await uploadFile(source(1000), TARGET, environment, {
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(progress).toEqual([[1000, 1000]]);
  });
});

describe("local storage URLs", () => {
  test("are moved to the page's origin; other URLs are left alone", () => {
    expect(sameOriginStorageUrl("http://127.0.0.1:8787/api/storage/local/c?op=put&x=1", "http://localhost:8787")).toBe(
      "http://localhost:8787/api/storage/local/c?op=put&x=1",
    );
    expect(sameOriginStorageUrl("https://bucket.s3.amazonaws.com/k", "http://localhost:8787")).toBe(
      "https://bucket.s3.amazonaws.com/k",
    );
    expect(sameOriginStorageUrl("/api/storage/local/c?op=get", undefined)).toBe("/api/storage/local/c?op=get");
  });
});
