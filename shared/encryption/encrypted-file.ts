// End-to-end encrypted files (docs/encrypted-shares.md, "The file format"): the stored object is a
// header, an encrypted metadata record (name, type, size) and the file's bytes in AES-256-GCM records
// of 5 MiB, so that neither side ever holds more than one record. The key is the pastes' key
// (contentKey: same link key, same KDFs); each record's nonce is a random prefix plus its index, and
// the additional data names the header and whether the record is the last one, so a changed,
// reordered, dropped or cut-off record fails its check instead of giving out different bytes.
//
//   header (42 bytes): "PBXE" | version 1 | kdf (1 hkdf, 2 pbkdf2) | iterations u32 | record size u32 |
//                      salt (16) | nonce prefix (8) | metadata record length u32        (big-endian)
//   metadata record:   AES-GCM(UTF-8 JSON {"name","type","size"}), nonce = prefix || u32(0), AAD = header || 0x00
//   record i (0-based): AES-GCM(bytes [i*R, (i+1)*R) of the file), nonce = prefix || u32(i+1),
//                      AAD = header || 0x01 (0x02 for the last record); an empty file has one empty record.
import { z } from "zod";
import { contentKey, DecryptError, ENCRYPTION_VERSION, PASSWORD_ITERATIONS, SALT_BYTES } from "./encrypted-share";

const MAGIC = [0x50, 0x42, 0x58, 0x45]; // "PBXE"
export const FILE_HEADER_BYTES = 42;
/** Plaintext bytes per record: the multipart part size, a bound on memory on both sides. */
export const RECORD_BYTES = 5 * 1024 * 1024;
export const TAG_BYTES = 16;
const NONCE_PREFIX_BYTES = 8;
/** The metadata record never needs more (a 255-character name and a media type). */
const METADATA_MAX_BYTES = 4096;
/** A reader fetches at most this much to learn the name, type and size: header and metadata record. */
export const FILE_PREAMBLE_MAX_BYTES = FILE_HEADER_BYTES + METADATA_MAX_BYTES;
const KDF_CODES = { "hkdf-sha256": 1, "pbkdf2-sha256": 2 } as const;
const KIND = { metadata: 0, record: 1, lastRecord: 2 } as const;

/** What the server records of an encrypted file instead of its name and type, which are in the ciphertext. */
export const ENCRYPTED_FILE_NAME = "encrypted.pbxe";
export const ENCRYPTED_FILE_TYPE = "application/octet-stream";

/** What the metadata record holds: what the server must not see. */
export const fileMetadata = z.object({
  name: z.string().min(1).max(1000),
  type: z.string().max(255),
  size: z.number().int().min(0),
});
export type FileMetadata = z.infer<typeof fileMetadata>;

type Bytes = Uint8Array<ArrayBuffer>;

type Header = {
  bytes: Bytes;
  needsPassword: boolean;
  iterations: number;
  recordBytes: number;
  salt: Bytes;
  noncePrefix: Bytes;
  metadataBytes: number;
};

/** Records a file of `size` bytes is cut into (at least one, so an empty file still has its last record). */
export function recordCount(size: number, recordBytes = RECORD_BYTES): number {
  return Math.max(1, Math.ceil(size / recordBytes));
}

function nonceOf(prefix: Bytes, counter: number): Bytes {
  const nonce = new Uint8Array(12);
  nonce.set(prefix);
  new DataView(nonce.buffer).setUint32(NONCE_PREFIX_BYTES, counter);
  return nonce;
}

function additionalData(header: Bytes, kind: number): Bytes {
  const aad = new Uint8Array(header.length + 1);
  aad.set(header);
  aad[header.length] = kind;
  return aad;
}

function readHeader(bytes: Uint8Array): Header {
  if (bytes.length < FILE_HEADER_BYTES || MAGIC.some((byte, index) => bytes[index] !== byte)) {
    throw new DecryptError("malformed");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, FILE_HEADER_BYTES);
  const kdf = bytes[5];
  const iterations = view.getUint32(6);
  const recordBytes = view.getUint32(10);
  const metadataBytes = view.getUint32(38);
  const isValid =
    bytes[4] === ENCRYPTION_VERSION &&
    (kdf === KDF_CODES["hkdf-sha256"]
      ? iterations === 0
      : kdf === KDF_CODES["pbkdf2-sha256"] && iterations >= 100_000) &&
    iterations <= 10_000_000 &&
    recordBytes >= 1024 &&
    recordBytes <= 64 * 1024 * 1024 &&
    metadataBytes > TAG_BYTES &&
    metadataBytes <= METADATA_MAX_BYTES;
  if (!isValid) throw new DecryptError("malformed");
  const copy = new Uint8Array(bytes.subarray(0, FILE_HEADER_BYTES));
  return {
    bytes: copy,
    needsPassword: kdf === KDF_CODES["pbkdf2-sha256"],
    iterations,
    recordBytes,
    salt: copy.slice(14, 30),
    noncePrefix: copy.slice(30, 38),
    metadataBytes,
  };
}

/** The ciphertext's size for a file of `size` bytes whose metadata record is `metadataBytes` long. */
function ciphertextSize(size: number, metadataBytes: number, recordBytes: number): number {
  return FILE_HEADER_BYTES + metadataBytes + size + recordCount(size, recordBytes) * TAG_BYTES;
}

export type FileEncryptor = {
  /** Header and metadata record: the first bytes of the ciphertext. */
  preamble: Bytes;
  records: number;
  /** Bytes of the whole ciphertext. */
  size: number;
  /** Record `index` (0-based) of the file, encrypted; the same bytes each time for the same input. */
  encryptRecord: (index: number, plaintext: Uint8Array) => Promise<Bytes>;
};

/** Starts encrypting a file under the link key (and the password, when one is given). */
export async function createFileEncryptor(
  metadata: FileMetadata,
  linkKey: string,
  password?: string,
  recordBytes = RECORD_BYTES,
): Promise<FileEncryptor> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const noncePrefix = crypto.getRandomValues(new Uint8Array(NONCE_PREFIX_BYTES));
  const iterations = password ? PASSWORD_ITERATIONS : 0;
  const key = await contentKey(linkKey, password, salt, password ? iterations : undefined);
  const metadataPlain = new TextEncoder().encode(JSON.stringify(fileMetadata.parse(metadata)));
  const metadataBytes = metadataPlain.length + TAG_BYTES;
  if (metadataBytes > METADATA_MAX_BYTES) throw new RangeError("file name or type too long to encrypt");

  const header = new Uint8Array(FILE_HEADER_BYTES);
  const view = new DataView(header.buffer);
  header.set(MAGIC);
  header[4] = ENCRYPTION_VERSION;
  header[5] = password ? KDF_CODES["pbkdf2-sha256"] : KDF_CODES["hkdf-sha256"];
  view.setUint32(6, iterations);
  view.setUint32(10, recordBytes);
  header.set(salt, 14);
  header.set(noncePrefix, 30);
  view.setUint32(38, metadataBytes);

  const seal = async (counter: number, kind: number, plaintext: Uint8Array) =>
    new Uint8Array(
      await crypto.subtle.encrypt(
        { name: "AES-GCM", iv: nonceOf(noncePrefix, counter), additionalData: additionalData(header, kind) },
        key,
        plaintext as Bytes,
      ),
    );
  const metadataRecord = await seal(0, KIND.metadata, metadataPlain);
  const preamble = new Uint8Array(FILE_HEADER_BYTES + metadataRecord.length);
  preamble.set(header);
  preamble.set(metadataRecord, FILE_HEADER_BYTES);
  const records = recordCount(metadata.size, recordBytes);
  return {
    preamble,
    records,
    size: ciphertextSize(metadata.size, metadataBytes, recordBytes),
    encryptRecord: (index, plaintext) => {
      if (index < 0 || index >= records) throw new RangeError(`record ${index} of ${records}`);
      return seal(index + 1, index === records - 1 ? KIND.lastRecord : KIND.record, plaintext);
    },
  };
}

/** Records an upload keeps encrypted at once: each part spans two, and a few parts go at a time. */
const RECORDS_KEPT = 6;

/**
 * A file's ciphertext, encrypted record by record as it is read: `slice` encrypts only the records
 * the range covers (keeping the last few, which neighbouring parts share), so an upload encrypts
 * while it sends and the page never holds more than a few records, whatever the file's size.
 */
export type EncryptedBytes = {
  /** Bytes of the whole ciphertext. */
  size: number;
  /**
   * The ciphertext's bytes [start, end), in a buffer of their own; the same bytes each time (a retried
   * part sends them again). The uploader wraps them as it sends them (run-upload.ts).
   */
  slice: (start: number, end: number) => Promise<Bytes>;
};

/** The ciphertext of `file`, made as it is read (see EncryptedBytes). */
export async function encryptedBytes(
  file: Blob,
  metadata: FileMetadata,
  linkKey: string,
  password?: string,
  recordBytes = RECORD_BYTES,
): Promise<EncryptedBytes> {
  const encryptor = await createFileEncryptor({ ...metadata, size: file.size }, linkKey, password, recordBytes);
  const preambleBytes = encryptor.preamble.length;
  const sealedBytes = recordBytes + TAG_BYTES;
  const kept = new Map<number, Promise<Bytes>>();
  const sealedRecord = (index: number): Promise<Bytes> => {
    let sealed = kept.get(index);
    if (sealed) {
      kept.delete(index);
    } else {
      const start = index * recordBytes;
      sealed = file
        .slice(start, start + recordBytes)
        .arrayBuffer()
        .then((plain) => encryptor.encryptRecord(index, new Uint8Array(plain)));
      // A failed read (the file changed on disk) is tried again by the next slice.
      sealed.catch(() => kept.delete(index));
    }
    kept.set(index, sealed);
    if (kept.size > RECORDS_KEPT) kept.delete(kept.keys().next().value as number);
    return sealed;
  };
  return {
    size: encryptor.size,
    async slice(from, to) {
      const start = Math.max(0, from);
      const end = Math.max(start, Math.min(encryptor.size, to));
      const out = new Uint8Array(end - start);
      if (start < preambleBytes) out.set(encryptor.preamble.subarray(start, Math.min(end, preambleBytes)));
      if (end > preambleBytes) {
        const first = Math.floor(Math.max(0, start - preambleBytes) / sealedBytes);
        const last = Math.floor((end - 1 - preambleBytes) / sealedBytes);
        for (let index = first; index <= last; index++) {
          const base = preambleBytes + index * sealedBytes;
          const sealed = await sealedRecord(index);
          out.set(
            sealed.subarray(Math.max(0, start - base), Math.min(sealed.length, end - base)),
            Math.max(0, base - start),
          );
        }
      }
      return out;
    },
  };
}

/** Encrypts a whole file into a Blob of ciphertext, in memory (tests; uploads read EncryptedBytes by part). */
export async function encryptBlob(
  file: Blob,
  metadata: FileMetadata,
  linkKey: string,
  password?: string,
  options: { recordBytes?: number } = {},
): Promise<Blob> {
  const bytes = await encryptedBytes(file, metadata, linkKey, password, options.recordBytes);
  return new Blob([await bytes.slice(0, bytes.size)], { type: "application/octet-stream" });
}

/**
 * A reader of the ciphertext's first bytes: the header tells whether a password is needed; `unlock`
 * derives the key and decrypts the metadata (a wrong key or password fails here, before any byte of
 * the file is written).
 */
export type EncryptedFilePreamble = {
  needsPassword: boolean;
  /** Bytes of header and metadata record. */
  length: number;
  unlock: (linkKey: string, password?: string) => Promise<UnlockedFile>;
};

export type UnlockedFile = {
  metadata: FileMetadata;
  /** Bytes of the whole ciphertext for this file. */
  ciphertextSize: number;
  /**
   * Decrypts the ciphertext that follows the preamble, as it streams in: pipe it through, or hand it
   * the response's body (a byte stream is read straight into the record buffer).
   */
  decryptRecords: () => ReadableWritablePair<Uint8Array<ArrayBuffer>, Uint8Array>;
  /** The same, reading `source` itself, after its first `skip` bytes (the preamble, when it starts with it). */
  decryptFrom: (source: ReadableStream<Uint8Array>, skip?: number) => ReadableStream<Uint8Array<ArrayBuffer>>;
};

/** Reads header and metadata record from the first bytes of a ciphertext (up to FILE_PREAMBLE_MAX_BYTES). */
export function readPreamble(bytes: Uint8Array): EncryptedFilePreamble {
  const header = readHeader(bytes);
  const length = FILE_HEADER_BYTES + header.metadataBytes;
  if (bytes.length < length) throw new DecryptError("truncated");
  const metadataRecord = new Uint8Array(bytes.subarray(FILE_HEADER_BYTES, length));
  return {
    needsPassword: header.needsPassword,
    length,
    unlock: async (linkKey, password) => {
      const key = await contentKey(
        linkKey,
        header.needsPassword ? password : undefined,
        header.salt,
        header.needsPassword ? header.iterations : undefined,
      );
      const open = async (counter: number, kind: number, sealed: Uint8Array) =>
        new Uint8Array(
          await crypto.subtle.decrypt(
            {
              name: "AES-GCM",
              iv: nonceOf(header.noncePrefix, counter),
              additionalData: additionalData(header.bytes, kind),
            },
            key,
            sealed as Bytes,
          ),
        );
      let metadata: FileMetadata;
      try {
        const plain = await open(0, KIND.metadata, metadataRecord);
        metadata = fileMetadata.parse(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plain)));
      } catch {
        throw new DecryptError("wrongKey");
      }
      return {
        metadata,
        ciphertextSize: ciphertextSize(metadata.size, header.metadataBytes, header.recordBytes),
        decryptFrom: (source, skip) => recordReader(source, metadata.size, header.recordBytes, open, skip),
        decryptRecords: () => {
          const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
          return { writable, readable: recordReader(readable, metadata.size, header.recordBytes, open) };
        },
      };
    },
  };
}

/**
 * Reads exactly `into.length` bytes of `source` into `into` (fewer only where the stream ends): by a
 * BYOB reader where the stream is a byte stream (a fetch body), so the network's bytes land in the
 * record buffer with no chunk of their own, else by copying chunks and keeping what is left over.
 * Returns the bytes read, in the buffer `into` now lives in (a BYOB read moves it).
 */
type Filler = (into: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;

function fillerOf(source: ReadableStream<Uint8Array>): { fill: Filler; cancel: (reason?: unknown) => Promise<void> } {
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = source.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: chunks are copied below.
  }
  if (byob) {
    const reader = byob;
    return {
      async fill(into) {
        // Each read detaches the buffer it was given (`into` reads as empty after): keep the numbers.
        const { byteOffset, length } = into;
        let buffer = into.buffer;
        let filled = 0;
        while (filled < length) {
          const { done, value } = await reader.read(new Uint8Array(buffer, byteOffset + filled, length - filled));
          if (!value) break;
          buffer = value.buffer as ArrayBuffer;
          filled += value.length;
          if (done) break;
        }
        return new Uint8Array(buffer, byteOffset, filled);
      },
      cancel: (reason) => reader.cancel(reason),
    };
  }
  const reader = source.getReader();
  let left: Uint8Array | null = null;
  return {
    async fill(into) {
      let filled = 0;
      while (filled < into.length) {
        let chunk = left;
        left = null;
        if (!chunk) {
          const { done, value } = await reader.read();
          if (done) break;
          chunk = value;
        }
        const used = Math.min(chunk.length, into.length - filled);
        into.set(chunk.subarray(0, used), filled);
        filled += used;
        if (used < chunk.length) left = chunk.subarray(used);
      }
      return into.subarray(0, filled);
    },
    cancel: (reason) => reader.cancel(reason),
  };
}

/**
 * The file's bytes from the records' ciphertext in `source`, one record per pull: each sealed record
 * is read into one buffer used again for the next (WebCrypto copies its input when called), so the
 * page makes no garbage but the decrypted records it hands on, and reading waits for the reader of
 * the result (backpressure). Checks each record's place and the last one's flag; errors with
 * DecryptError("damaged") or ("truncated") and never passes on unchecked bytes.
 */
function recordReader(
  source: ReadableStream<Uint8Array>,
  size: number,
  recordBytes: number,
  open: (counter: number, kind: number, sealed: Uint8Array) => Promise<Uint8Array<ArrayBuffer>>,
  skip = 0,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const records = recordCount(size, recordBytes);
  const sealedBytes = (index: number) => (index === records - 1 ? size - index * recordBytes : recordBytes) + TAG_BYTES;
  const { fill, cancel } = fillerOf(source);
  let buffer = new Uint8Array(sealedBytes(0));
  let index = 0;
  let toSkip = skip;

  const openRecord = async (sealed: Uint8Array) => {
    const isLast = index === records - 1;
    try {
      return await open(index + 1, isLast ? KIND.lastRecord : KIND.record, sealed);
    } catch {
      // The expected last record checks as a middle one: records after it were cut off.
      if (
        isLast &&
        (await open(index + 1, KIND.record, sealed).then(
          () => true,
          () => false,
        ))
      ) {
        throw new DecryptError("truncated");
      }
      throw new DecryptError("damaged");
    }
  };

  return new ReadableStream(
    {
      async pull(controller) {
        if (toSkip > 0) {
          const skipped = await fill(new Uint8Array(toSkip));
          if (skipped.length < toSkip) throw new DecryptError("truncated");
          toSkip = 0;
        }
        const sealed = await fill(buffer.subarray(0, sealedBytes(index)));
        buffer = new Uint8Array(sealed.buffer);
        if (sealed.length < sealedBytes(index)) throw new DecryptError("truncated");
        controller.enqueue(await openRecord(sealed));
        index++;
        if (index < records) return;
        // Bytes after the last record: the object is not what was uploaded.
        if ((await fill(buffer.subarray(0, 1))).length > 0) {
          await cancel().catch(() => undefined);
          throw new DecryptError("damaged");
        }
        controller.close();
      },
      cancel: (reason) => cancel(reason),
    },
    // One record decrypted ahead of the reader, while the network fills the next.
    { highWaterMark: 1 },
  );
}

/** Decrypts a whole ciphertext held in memory (previews of small files, tests, scripts). */
export async function decryptBytes(
  ciphertext: Uint8Array,
  linkKey: string,
  password?: string,
): Promise<{ metadata: FileMetadata; bytes: Uint8Array }> {
  const preamble = readPreamble(ciphertext.subarray(0, FILE_PREAMBLE_MAX_BYTES));
  const file = await preamble.unlock(linkKey, password);
  const records = new Blob([ciphertext.subarray(preamble.length) as Bytes]).stream();
  const plain = await new Response(records.pipeThrough(file.decryptRecords())).arrayBuffer();
  return { metadata: file.metadata, bytes: new Uint8Array(plain) };
}
