// Stream helpers shared by drivers and upload routes. Uploads stay Node streams end to end (busboy
// gives one, the AWS SDK and the file system consume them), avoiding web-stream conversions that
// cost throughput on every chunk.
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { PutBody } from "./driver";

export function toNodeReadable(body: PutBody): Readable {
  if (body instanceof Readable) return body;
  if (typeof body === "string" || body instanceof Uint8Array) return Readable.from([Buffer.from(body)]);
  const stream = body instanceof Blob ? body.stream() : body;
  return Readable.fromWeb(stream as unknown as NodeWebReadableStream<Uint8Array>);
}

/** Passes bytes through while counting them; fails the stream with `tooLarge()` past `maxBytes`. */
export function byteCounter(maxBytes: number, tooLarge: (received: number) => Error) {
  let received = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) callback(tooLarge(received));
      else callback(null, chunk);
    },
  });
  return { transform, received: () => received };
}
