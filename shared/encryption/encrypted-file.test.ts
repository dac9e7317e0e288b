import { describe, expect, test } from "bun:test";
import {
  createFileEncryptor,
  decryptBytes,
  encryptBlob,
  encryptedBytes,
  FILE_HEADER_BYTES,
  readPreamble,
  TAG_BYTES,
} from "./encrypted-file";
import { DecryptError, generateLinkKey } from "./encrypted-share";

/** Small records so that a few KiB make several of them. */
const RECORD = 1024;
const META = { name: "report 一.pdf", type: "application/pdf" };

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + 7) % 251;
  return bytes;
}

async function encrypt(plain: Uint8Array<ArrayBuffer>, key: string, password?: string) {
  const blob = await encryptBlob(new Blob([plain]), { ...META, size: plain.length }, key, password, {
    recordBytes: RECORD,
  });
  return new Uint8Array(await blob.arrayBuffer());
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "decrypted";
  } catch (error) {
    return error instanceof DecryptError ? error.reason : String(error);
  }
}

/** Offset of record `index` in a ciphertext of full records. */
const recordAt = (ciphertext: Uint8Array, index: number) =>
  readPreamble(ciphertext).length + index * (RECORD + TAG_BYTES);

describe("encrypted files, format 1", () => {
  test("a file of several records, an exact multiple and an empty one come back byte for byte with name and type", async () => {
    const key = generateLinkKey();
    for (const length of [0, 1, RECORD, 3 * RECORD, 3 * RECORD + 17]) {
      const plain = bytesOf(length);
      const ciphertext = await encrypt(plain, key);
      const records = Math.max(1, Math.ceil(length / RECORD));
      expect(ciphertext.length).toBe(readPreamble(ciphertext).length + length + records * TAG_BYTES);
      const opened = await decryptBytes(ciphertext, key);
      expect(opened.metadata).toEqual({ ...META, size: length });
      expect(Buffer.from(opened.bytes).equals(Buffer.from(plain))).toBe(true);
    }
  });

  test("the ciphertext holds neither the name, the type nor the plaintext; the size is announced before encrypting", async () => {
    const key = generateLinkKey();
    const plain = new TextEncoder().encode("top secret quarterly numbers ".repeat(100));
    const encryptor = await createFileEncryptor({ ...META, size: plain.length }, key, undefined, RECORD);
    const ciphertext = await encrypt(plain, key);
    expect(encryptor.size).toBe(ciphertext.length);
    const text = Buffer.from(ciphertext).toString("latin1");
    for (const secret of ["report", "pdf", "quarterly"]) expect(text).not.toContain(secret);
  });

  test("another link key, a missing or wrong password fails as wrongKey before any byte of the file", async () => {
    const key = generateLinkKey();
    const ciphertext = await encrypt(bytesOf(2 * RECORD), key);
    expect(await failure(decryptBytes(ciphertext, generateLinkKey()))).toBe("wrongKey");
    const locked = await encrypt(bytesOf(100), key, "hunter2");
    expect(readPreamble(locked).needsPassword).toBe(true);
    expect(await failure(decryptBytes(locked, key))).toBe("wrongKey");
    expect(await failure(decryptBytes(locked, key, "hunter3"))).toBe("wrongKey");
    expect((await decryptBytes(locked, key, "hunter2")).bytes.length).toBe(100);
  }, 30_000);

  test("a changed byte in the header or metadata is wrongKey, in a record damaged", async () => {
    const key = generateLinkKey();
    const ciphertext = await encrypt(bytesOf(3 * RECORD), key);
    for (const [offset, reason] of [
      [20, "wrongKey"], // the salt
      [FILE_HEADER_BYTES + 3, "wrongKey"], // the metadata record
      [recordAt(ciphertext, 1) + 5, "damaged"],
      [ciphertext.length - 1, "damaged"], // the last tag
    ] as const) {
      const tampered = ciphertext.slice();
      tampered[offset] = (tampered[offset] as number) ^ 1;
      expect(await failure(decryptBytes(tampered, key))).toBe(reason);
    }
  });

  test("two records swapped are damaged; a record dropped or the tail cut off is truncated", async () => {
    const key = generateLinkKey();
    const ciphertext = await encrypt(bytesOf(4 * RECORD), key);
    const [first, second] = [recordAt(ciphertext, 1), recordAt(ciphertext, 2)];
    const swapped = ciphertext.slice();
    swapped.set(ciphertext.subarray(second, second + RECORD + TAG_BYTES), first);
    swapped.set(ciphertext.subarray(first, second), second);
    expect(await failure(decryptBytes(swapped, key))).toBe("damaged");

    const lastDropped = ciphertext.slice(0, recordAt(ciphertext, 3));
    expect(await failure(decryptBytes(lastDropped, key))).toBe("truncated");
    expect(await failure(decryptBytes(ciphertext.slice(0, ciphertext.length - 100), key))).toBe("truncated");
    expect(await failure(decryptBytes(ciphertext.slice(0, 30), key))).toBe("malformed");
  });

  test("bytes appended after the last record are damaged; something not of this format is malformed", async () => {
    const key = generateLinkKey();
    const ciphertext = await encrypt(bytesOf(RECORD + 5), key);
    const longer = new Uint8Array([...ciphertext, 1, 2, 3]);
    expect(await failure(decryptBytes(longer, key))).toBe("damaged");
    expect(await failure(decryptBytes(new TextEncoder().encode("%PDF-1.7 ".repeat(20)), key))).toBe("malformed");
  });

  test("streamed decryption gives the same bytes from chunks of any size", async () => {
    const key = generateLinkKey();
    const plain = bytesOf(5 * RECORD + 300);
    const ciphertext = await encrypt(plain, key);
    const preamble = readPreamble(ciphertext);
    const file = await preamble.unlock(key);
    const rest = ciphertext.subarray(preamble.length);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < rest.length; offset += 777) controller.enqueue(rest.slice(offset, offset + 777));
        controller.close();
      },
    });
    const out = new Uint8Array(await new Response(chunks.pipeThrough(file.decryptRecords())).arrayBuffer());
    expect(Buffer.from(out).equals(Buffer.from(plain))).toBe(true);
    expect(file.ciphertextSize).toBe(ciphertext.length);
  });

  test("a byte stream (a fetch body) is read straight into the record buffer, and cut or lengthened it still fails", async () => {
    const key = generateLinkKey();
    const plain = bytesOf(3 * RECORD + 300);
    const ciphertext = await encrypt(plain, key);
    const preamble = readPreamble(ciphertext);
    const file = await preamble.unlock(key);
    const body = (bytes: Uint8Array) => {
      let offset = 0;
      return new ReadableStream({
        type: "bytes",
        pull(controller) {
          if (offset >= bytes.length) {
            controller.close();
            controller.byobRequest?.respond(0);
            return;
          }
          controller.enqueue(bytes.slice(offset, offset + 1000));
          offset += 1000;
        },
      });
    };
    const rest = ciphertext.subarray(preamble.length);
    // The whole ciphertext, as the page fetches it: the preamble is skipped.
    const out = new Uint8Array(await new Response(file.decryptFrom(body(ciphertext), preamble.length)).arrayBuffer());
    expect(Buffer.from(out).equals(Buffer.from(plain))).toBe(true);
    const reason = (bytes: Uint8Array) =>
      new Response(file.decryptFrom(body(bytes))).arrayBuffer().then(
        () => "decrypted",
        (error: DecryptError) => error.reason,
      );
    expect(await reason(rest.subarray(0, rest.length - 1))).toBe("truncated");
    expect(await reason(new Uint8Array([...rest, 0]))).toBe("damaged");
  });

  test("read by parts, the ciphertext is made only for the records a part covers, and the parts put together decrypt", async () => {
    const key = generateLinkKey();
    const plain = bytesOf(20 * RECORD + 300);
    let readTo = 0;
    const file = new (class extends Blob {
      override slice(start?: number, end?: number, type?: string): Blob {
        readTo = Math.max(readTo, end ?? this.size);
        return super.slice(start, end, type);
      }
    })([plain]);
    const bytes = await encryptedBytes(file, { ...META, size: plain.length }, key, undefined, RECORD);
    const PART = RECORD + 123;
    const first = await bytes.slice(0, PART);
    expect(readTo).toBeLessThanOrEqual(2 * RECORD);
    // A retried part is the same bytes.
    expect(Buffer.from(await bytes.slice(0, PART))).toEqual(Buffer.from(first));
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let start = 0; start < bytes.size; start += PART) parts.push(await bytes.slice(start, start + PART));
    // Each part is a buffer of its own, so that the page can drop it once sent.
    expect(new Set(parts.map((part) => part.buffer)).size).toBe(parts.length);
    expect(parts.every((part, index) => part.byteLength === Math.min(PART, bytes.size - index * PART))).toBe(true);
    const ciphertext = new Uint8Array(await new Blob(parts).arrayBuffer());
    expect(ciphertext.length).toBe(bytes.size);
    const opened = await decryptBytes(ciphertext, key);
    expect(Buffer.from(opened.bytes).equals(Buffer.from(plain))).toBe(true);
  });
});
