// Stream helpers shared by drivers and upload routes. Uploads stay Node streams end to end (busboy
// gives one, the AWS SDK and the file system consume them), avoiding web-stream conversions that
// cost throughput on every chunk.
import { pipeline, Readable, Transform } from "node:stream";
import type { PutBody } from "./driver";

/**
 * A web stream as a Node stream made of the stream's own chunks, read one at a time as the consumer
 * asks (so backpressure reaches the socket). Not `Readable.fromWeb`: in Bun it copies every chunk
 * into a freshly allocated buffer, about 5% of the server's CPU time during a large upload and one
 * more body's worth of garbage for the collector (docs/decisions/0004-webdav.md, "Memory").
 */
export function readableOf(stream: ReadableStream<Uint8Array>): Readable {
  const reader = stream.getReader();
  return new Readable({
    read() {
      const pull = (): Promise<void> =>
        reader.read().then(({ done, value }) => {
          if (done) this.push(null);
          // An empty chunk would end this read without data and the stream would wait forever.
          else if (value.byteLength === 0) return pull();
          else this.push(value);
        });
      pull().catch((error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))));
    },
    destroy(error, callback) {
      // Whoever stopped reading (a failed store, a refused form) lets the rest of the body go.
      reader.cancel(error ?? undefined).catch(() => undefined);
      callback(error);
    },
  });
}

export function toNodeReadable(body: PutBody): Readable {
  if (body instanceof Readable) return body;
  if (typeof body === "string" || body instanceof Uint8Array) return Readable.from([Buffer.from(body)]);
  return readableOf(body instanceof Blob ? body.stream() : body);
}

// No forced collection here: a full `Bun.gc(true)` every 32 MiB received bounded the dead chunks of a
// form upload (+40 instead of +80 MiB at 1 GiB) but paused the event loop 70-87 ms at the median and up
// to 329 ms each time (measured in the server, 2026-11-28), several times a second during an upload:
// every other request would wait. `Bun.gc(false)` every 8 MiB pauses nothing and bounds nothing
// (+81 MiB). docs/decisions/0004-webdav.md, "Memory".

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

/**
 * What a driver is given for an upload body that `counter` guards, how many bytes it carried, and
 * how to let the rest of the body go after a failure. A web stream of stated length (a request's
 * own body) goes as it is: Bun moves its bytes to `fetch` or to a file natively, with no JavaScript
 * chunk per read, so no garbage and no collection (docs/decisions/0004-webdav.md, "Memory"); HTTP
 * framing holds it to its Content-Length, which callers check against the limits before. Anything
 * else passes the counter.
 */
export function guardedBody(body: PutBody, exactSize: number | undefined, counter: ReturnType<typeof byteCounter>) {
  if (body instanceof ReadableStream && exactSize !== undefined) {
    return {
      body: body as PutBody,
      received: () => exactSize,
      drain: () => void body.cancel().catch(() => undefined),
    };
  }
  const source = toNodeReadable(body);
  pipeline(source, counter.transform, () => undefined);
  return { body: counter.transform as PutBody, received: counter.received, drain: () => void source.resume() };
}
