// The upload list of this page session (one for the whole app, so uploads continue while the user
// looks elsewhere), the recent-uploads record of each success, and a warning before the tab is closed
// in the middle of an upload.
import { recentUploads } from "./recent-uploads";
import type { ScreenJob } from "./screen-upload";
import { createUploadQueue } from "./upload-queue";

export type { ScreenJob };

/**
 * The upload engine (screen-upload.ts, run-upload.ts and what they import): the Upload screen asks for
 * it when the first file or URL is added, and a row started before it arrived waits for it (the queue
 * keeps the row). The page's checks before anything is sent (upload-limits.ts, the share options) do
 * not need it.
 */
export const loadUploadEngine = () => import("./screen-upload");

export const uploadQueue = createUploadQueue<ScreenJob>({
  run: async (...args) => (await loadUploadEngine()).runScreenUpload(...args),
  onSuccess: (_item, file) => {
    // An encrypted upload's link holds its key: it is shown once and never kept in this browser.
    if (file.encrypted) return;
    recentUploads.add({
      slug: file.slug,
      url: file.url,
      filename: file.filename,
      size: file.size,
      mimetype: file.mimetype,
      has_password: file.has_password,
      created_at: file.created_at.toISOString(),
      expires_at: file.expires_at ? file.expires_at.toISOString() : null,
    });
  },
});

if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", (event) => {
    if (!uploadQueue.isBusy()) return;
    // Browsers show their own wording; asking is what matters.
    event.preventDefault();
    event.returnValue = "";
  });
}
