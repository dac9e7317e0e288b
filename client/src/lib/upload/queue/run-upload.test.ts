import { describe, expect, test } from "bun:test";
import type { SendRequest } from "../engine/transport";
import type { FilesClient } from "../engine/upload-api";
import { UploadFailure, UploadLimitError } from "../upload-errors";
import { checkLimits } from "../upload-limits";
import { runUpload, type UploadEnvironment, type UploadJob } from "./run-upload";
import { createUploadQueue, type ProgressPatch, type QueueItem, type QueueSource } from "./upload-queue";

const MB = 1024 * 1024;

function fakeClient() {
  const calls: string[] = [];
  const file = (input: Record<string, unknown>) => ({
    id: "f",
    slug: "s",
    url: "http://localhost:3000/file/s",
    filename: "x",
    mimetype: "application/octet-stream",
    size: 0,
    has_password: false,
    expires_at: null,
    max_views: 0,
    created_at: new Date(),
    ...input,
  });
  const procedure = (name: string, answer: (input: Record<string, unknown>) => unknown) => ({
    mutate: async (input: Record<string, unknown>) => {
      calls.push(name);
      return answer(input);
    },
  });
  const flow = (prefix: string) => ({
    presign: procedure(`${prefix}.presign`, (input) => ({
      upload_url: "http://localhost:3000/api/storage/local/c?op=put",
      file_id: "id-1",
      headers: { "Content-Type": String(input.mimetype ?? "application/octet-stream") },
      contentType: "x",
      input,
    })),
    commit: procedure(`${prefix}.commit`, (input) => file({ size: input.size })),
    multipartInit: procedure(`${prefix}.multipartInit`, () => ({})),
    multipartComplete: procedure(`${prefix}.multipartComplete`, () => file({})),
    multipartAbort: procedure(`${prefix}.multipartAbort`, () => ({ cancelled: true })),
    cancel: procedure(`${prefix}.cancel`, () => ({ cancelled: true })),
  });
  const client = {
    files: {
      upload: {
        ...flow("upload"),
        partUrls: procedure("upload.partUrls", () => ({ urls: [] })),
        uploadedParts: procedure("upload.uploadedParts", () => ({ parts: [] })),
      },
      fromUrl: flow("fromUrl"),
    },
  } as unknown as FilesClient;
  return { client, calls };
}

function environment(overrides: Partial<UploadEnvironment> = {}): UploadEnvironment & { puts: SendRequest[] } {
  const puts: SendRequest[] = [];
  const { client } = fakeClient();
  return {
    client,
    transport: async (request) => {
      puts.push(request);
      const size = request.body instanceof Uint8Array ? request.body.byteLength : (request.body as Blob).size;
      request.onProgress?.(size / 2, size);
      request.onProgress?.(size, size);
      return { status: 200, header: () => '"e"', text: "" };
    },
    headers: () => ({ Authorization: "Bearer t" }),
    maxBytes: 100 * MB,
    storage: { id: "cfg", provider_type: "local", total_storage_bytes: null, used_storage_bytes: 0 },
    pageOrigin: "http://localhost:3000",
    mayConnect: async () => true,
    directBlocked: { has: () => false, add: () => undefined },
    puts,
    ...overrides,
  };
}

/** A row of the upload list for this source, as the queue makes it (runUpload is given rows, not sources). */
function item(source: QueueSource): QueueItem {
  const [row] = createUploadQueue<UploadJob>({ run: runUpload }).add([source]);
  if (!row) throw new Error("the queue made no row");
  return row;
}

const TARGET = { s3_config_id: "cfg", max_views: 0 };

describe("limits checked before any byte moves", () => {
  test("the max upload size and the storage's free space", () => {
    expect(() => checkLimits(10, { maxBytes: 10, storage: null })).not.toThrow();
    expect(() => checkLimits(11, { maxBytes: 10, storage: null })).toThrow(UploadLimitError);
    const storage = { id: "c", provider_type: "AWS S3", total_storage_bytes: 100, used_storage_bytes: 95 };
    expect(() => checkLimits(5, { maxBytes: 1000, storage })).not.toThrow();
    const error = (() => {
      try {
        checkLimits(6, { maxBytes: 1000, storage });
      } catch (caught) {
        return caught as UploadLimitError;
      }
    })();
    expect(error?.limit).toBe("insufficientStorage");
    expect(error?.values).toEqual({ size: 6, remaining: 5, total: 100 });
  });

  test("a file over the limit never reaches the server", async () => {
    const env = environment({ maxBytes: 10 });
    const file = new File([new Uint8Array(11)], "big.bin");
    const job: UploadJob = { target: TARGET, env };
    await expect(
      runUpload(item({ kind: "file", file }), job, () => undefined, new AbortController().signal),
    ).rejects.toBeInstanceOf(UploadLimitError);
    expect(env.puts.length).toBe(0);
  });
});

describe("progress of a row", () => {
  test("a local file goes 0-99 %", async () => {
    const env = environment();
    const patches: ProgressPatch[] = [];
    const file = new File([new Uint8Array(1000)], "a.bin");
    await runUpload(
      item({ kind: "file", file }),
      { target: TARGET, env },
      (patch) => patches.push(patch),
      new AbortController().signal,
    );
    const percents = patches.flatMap((patch) => (patch.percent === undefined ? [] : [patch.percent]));
    expect(percents).toEqual([50, 99, 99]);
    expect(patches.find((patch) => patch.mode)?.mode).toBe("direct");
  });

  test("a URL: 0-49 % downloading, then 50-99 % uploading through the URL procedures", async () => {
    const body = new Uint8Array(4000);
    const { client, calls } = fakeClient();
    const env = environment({
      client,
      fetchImpl: (async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(body.slice(0, 2000));
              controller.enqueue(body.slice(2000));
              controller.close();
            },
          }),
          { headers: { "Content-Length": "4000", "Content-Type": "image/png" } },
        )) as unknown as typeof fetch,
    });
    const patches: ProgressPatch[] = [];
    const file = await runUpload(
      item({ kind: "url", url: "https://site.example/p.png", filename: "p.png", size: 4000, contentType: "image/png" }),
      { target: TARGET, env },
      (patch) => patches.push(patch),
      new AbortController().signal,
    );
    expect(file.size).toBe(4000);
    const percents = patches.flatMap((patch) => (patch.percent === undefined ? [] : [patch.percent]));
    expect(percents).toEqual([0, 0, 24, 49, 50, 74, 99, 99]);
    expect(patches.find((patch) => patch.phase === "uploading")?.via).toBe("direct");
    expect(calls).toEqual(["fromUrl.presign", "fromUrl.commit"]);
    expect(env.puts[0]?.headers).toEqual({ "Content-Type": "image/png" });
  });

  test("a URL the server refuses to proxy fails at the download step", async () => {
    const env = environment({
      mayConnect: async () => false,
      fetchImpl: (async () =>
        Response.json(
          { code: 400, message: "refused", data: null, success: false },
          { status: 400 },
        )) as unknown as typeof fetch,
    });
    const error = await runUpload(
      item({ kind: "url", url: "http://127.0.0.1/x", filename: "x", size: null, contentType: "" }),
      { target: TARGET, env },
      () => undefined,
      new AbortController().signal,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadFailure);
    expect((error as UploadFailure).stage).toBe("download");
  });
});

describe("encrypt in this browser", () => {
  /** A file that records how far it has been read (the page's memory holds what was read and not sent). */
  class WatchedFile extends File {
    readTo = 0;
    override slice(start?: number, end?: number, contentType?: string): Blob {
      this.readTo = Math.max(this.readTo, Math.min(this.size, end ?? this.size));
      return super.slice(start, end, contentType);
    }
  }

  test("a large file is encrypted while its parts are sent: the first part goes before the file is read to its end", async () => {
    const { client } = fakeClient();
    const upload = (client.files as unknown as { upload: Record<string, { mutate: unknown }> }).upload;
    let announced = 0;
    upload.multipartInit = {
      mutate: async (input: { size: number; part_size: number }) => {
        announced = input.size;
        return {
          file_id: "id-1",
          upload_id: "u-1",
          part_size: input.part_size,
          part_count: Math.ceil(input.size / input.part_size),
        };
      },
    };
    upload.partUrls = {
      mutate: async (input: { part_numbers: number[] }) => ({
        urls: input.part_numbers.map((number) => ({ part_number: number, url: `http://localhost:3000/p/${number}` })),
      }),
    };
    const file = new WatchedFile([new Uint8Array(40 * MB)], "big.bin");
    const readAtPut: number[] = [];
    const sent: SendRequest["body"][] = [];
    const env = environment({
      client,
      threshold: 6 * MB,
      transport: async (request) => {
        readAtPut.push(file.readTo);
        sent.push(request.body);
        return { status: 200, header: () => `"e${sent.length}"`, text: "" };
      },
    });
    const result = await runUpload(
      item({ kind: "file", file }),
      { target: TARGET, env, encryption: { password: null } },
      () => undefined,
      new AbortController().signal,
    );
    expect(readAtPut.length).toBeGreaterThan(8);
    expect(readAtPut[0]).toBeLessThan(file.size / 2);
    // What was sent is the whole ciphertext, in order (shared/encryption/encrypted-file.test.ts decrypts such slices).
    const ciphertext = new Uint8Array(await new Blob(sent as Blob[]).arrayBuffer());
    expect(ciphertext.length).toBe(announced);
    expect(announced).toBe(40 * MB + 8 * 16 + 42 + 16 + '{"name":"big.bin","type":"","size":41943040}'.length);
    expect(new TextDecoder().decode(ciphertext.subarray(0, 4))).toBe("PBXE");
    expect(new URL(result.url).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
  });
  test("a password mixed into the key makes the result say it is password protected; without one it does not", async () => {
    const upload = async (password: string | null) => {
      const env = environment();
      return runUpload(
        item({ kind: "file", file: new File(["secret notes"], "notes.txt", { type: "text/plain" }) }),
        { target: TARGET, env, encryption: { password } },
        () => undefined,
        new AbortController().signal,
      );
    };
    // The server was sent no password (it could not check one) and answers has_password: false.
    expect((await upload("open sesame")).has_password).toBe(true);
    expect((await upload(null)).has_password).toBe(false);
  });
});
