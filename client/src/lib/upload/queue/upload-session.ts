// The upload list of this page session (one for the whole app, so uploads continue while the user
// looks elsewhere), the recent-uploads record of each success, and a warning before the tab is closed
// in the middle of an upload.
import { recentUploads } from "./recent-uploads";
import type { UploadJob } from "./run-upload";
import { createUploadQueue } from "./upload-queue";

export const uploadQueue = createUploadQueue<UploadJob>({
  // The upload engine (run-upload.ts and what it imports) loads when the first upload starts: the
  // page's checks before anything is sent (upload-limits.ts, the share options) do not need it.
  run: async (...args) => (await import("./run-upload")).runUpload(...args),
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
