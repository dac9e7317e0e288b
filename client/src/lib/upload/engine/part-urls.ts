// Presigned part URLs of one multipart upload, asked for in batches as the parts go (they expire after
// an hour, so not all at once): the owner's share uploads (uploader.ts) and a sender's upload to an
// upload request (screens/upload-request-screen.tsx) hand out theirs through this.
import { MissingPartUrlError, UploadFailure } from "../upload-errors";
import type { PartPlan } from "../upload-plan";
import { sameOriginStorageUrl, step } from "./upload-object";

/** Part URLs asked for at once. */
export const PART_URL_BATCH = 24;

export type PartUrls = { urlFor(partNumber: number, refresh?: boolean): Promise<string> };

/**
 * `fetchUrls` asks the server for the URLs of some parts; `known` are URLs already handed out (the
 * start's first ones); `parts` the parts still to send, in order. Local-storage URLs are made
 * same-origin with the page (`pageOrigin`), as the app serves them itself.
 */
export function partUrlSource(
  fetchUrls: (partNumbers: number[]) => Promise<{ part_number: number; url: string }[]>,
  parts: readonly PartPlan[],
  options: { known?: Iterable<[number, string]>; pageOrigin?: string } = {},
): PartUrls {
  const urls = new Map<number, string>(options.known);
  let pending: Promise<void> | null = null;
  const order = parts.map((part) => part.partNumber);
  const fetchFrom = (partNumber: number) => {
    const start = Math.max(0, order.indexOf(partNumber));
    const batch = order.slice(start, start + PART_URL_BATCH).filter((number) => !urls.has(number));
    if (!batch.includes(partNumber)) batch.unshift(partNumber);
    return step(
      "partUrls",
      async () => {
        for (const item of (await fetchUrls(batch)) ?? []) urls.set(item.part_number, item.url);
      },
      { partNumber },
    );
  };
  return {
    async urlFor(partNumber, refresh = false) {
      if (refresh) urls.delete(partNumber);
      while (!urls.has(partNumber)) {
        if (pending) {
          await pending;
          if (urls.has(partNumber)) break;
        }
        pending = fetchFrom(partNumber).finally(() => {
          pending = null;
        });
        await pending;
        if (!urls.has(partNumber)) throw new UploadFailure("part", new MissingPartUrlError(partNumber), { partNumber });
      }
      return sameOriginStorageUrl(urls.get(partNumber) as string, options.pageOrigin);
    },
  };
}
