// The counts of the upload list's summary line (upload-list.tsx), apart from the queue itself: the
// queue is drawn when the Upload screen opens, the list and the failure kinds load with the first row.
import { isCancellation } from "../upload-errors";
import type { QueueItem } from "./upload-queue";

/** Counts for the summary line above the list. */
export function summarize(items: readonly QueueItem[]) {
  let pending = 0;
  let uploading = 0;
  let success = 0;
  let failed = 0;
  let cancelled = 0;
  for (const item of items) {
    if (item.status === "pending") pending++;
    else if (item.status === "uploading") uploading++;
    else if (item.status === "success") success++;
    else if (isCancellation(item.error)) cancelled++;
    else failed++;
  }
  return { pending, uploading, success, failed, cancelled, total: items.length };
}
