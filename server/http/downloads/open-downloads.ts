// How many downloads one address holds open at once (docs/security.md). A download's body is read at
// the client's pace, and each open one holds a file handle or a storage connection and a buffer, so a
// client reading a byte a second from many links could pin them without end. Past the bound the next
// download answers 429 with Retry-After, before anything is opened or a view is counted; a download
// holds its place until its body is read to the end, fails, or the client goes away.
import { AppError } from "../../errors";

/** Who asks for a download: a request context (REST, WebDAV) carries both. */
export type Downloader = { openDownloads: OpenDownloads; clientIp: string };

export type DownloadSlot = {
  /** `body` that gives the place back once it ends, fails or is cancelled (at once without a body). */
  hold(body: ReadableStream<Uint8Array> | null): ReadableStream<Uint8Array> | null;
  /** Gives the place back when no body follows (an error before it was opened). */
  release(): void;
};

export type OpenDownloads = {
  /** Takes one of the address's places, or throws 429 when all are taken. */
  take(address: string): DownloadSlot;
  /** Downloads open now, all addresses together. */
  count(): number;
};

/** `maxPerAddress`: the config's maxDownloadsPerAddress. */
export function createOpenDownloads(maxPerAddress: number): OpenDownloads {
  const open = new Map<string, number>();
  let total = 0;
  return {
    count: () => total,
    take(address) {
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) {
        throw new AppError("TOO_MANY_REQUESTS", "errors.downloadsOpen", { max: maxPerAddress }, { "Retry-After": "5" });
      }
      open.set(address, count + 1);
      total++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        total--;
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      };
      return {
        release,
        hold(body) {
          if (!body) {
            release();
            return null;
          }
          const reader = body.getReader();
          return new ReadableStream<Uint8Array>(
            {
              async pull(controller) {
                try {
                  const { done, value } = await reader.read();
                  if (done) {
                    release();
                    controller.close();
                  } else controller.enqueue(value);
                } catch (error) {
                  release();
                  controller.error(error);
                }
              },
              cancel(reason) {
                release();
                // A source that fails as it is cancelled (the zip's generator) has nothing left to say.
                return reader.cancel(reason).catch(() => undefined);
              },
            },
            { highWaterMark: 0 },
          );
        },
      };
    },
  };
}
