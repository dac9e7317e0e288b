// The Backups module's calls that are not tRPC procedures: an archive's download link (a plain GET the
// browser saves, sent with the session cookie), the CloudPaste import, whose body is the file itself,
// and the upload of a backup to restore, sent with XMLHttpRequest for its upload progress.
import type { CloudPasteImportView, PendingRestoreView } from "@shared/schemas/admin/backups";
import { ApiResponseError } from "../api/api-errors";
import { requestHeaders } from "../api/request-headers";
import { fetchEnvelope } from "../api/rest-api";
import { xhrTransport } from "../upload/engine/transport";

export function backupDownloadHref(location: string, name: string): string {
  return `/api/admin/backups/${encodeURIComponent(location)}/${encodeURIComponent(name)}/download`;
}

export function importCloudPasteFile(file: Blob, options: { dryRun: boolean }): Promise<CloudPasteImportView> {
  return fetchEnvelope<CloudPasteImportView>(`/api/admin/backups/cloudpaste-import?dry_run=${options.dryRun}`, {
    method: "POST",
    upload: file,
    headers: requestHeaders(),
  });
}

/** The header the restore route reads the passphrase from (server/routers/admin/backups.ts). */
const PASSPHRASE_HEADER = "X-Backup-Passphrase";

/**
 * Uploads a backup to restore at the next start; the server verifies it before it answers. Progress
 * is the upload's (the check that follows is reported by the caller as "verifying").
 */
export async function uploadRestoreArchive(
  file: Blob,
  options: { passphrase: string; force: boolean; onProgress: (loaded: number, total: number) => void },
): Promise<PendingRestoreView> {
  const answer = await xhrTransport({
    method: "POST",
    url: `/api/admin/backups/restore?force=${options.force}`,
    body: file,
    headers: {
      ...requestHeaders(),
      Accept: "application/json",
      "Content-Type": "application/octet-stream",
      ...(options.passphrase ? { [PASSPHRASE_HEADER]: encodeURIComponent(options.passphrase) } : {}),
    },
    onProgress: options.onProgress,
  });
  let envelope: { message?: unknown; data?: unknown; success?: unknown } | null = null;
  try {
    envelope = JSON.parse(answer.text);
  } catch {
    // Not our envelope (a proxy's error page): the status says what there is to say.
  }
  if (answer.status >= 300 || envelope?.success !== true) {
    const message =
      typeof envelope?.message === "string" && envelope.message ? envelope.message : `HTTP ${answer.status}`;
    throw new ApiResponseError(message, answer.status);
  }
  // Dates arrive as JSON strings.
  const data = envelope.data as PendingRestoreView;
  return { ...data, uploaded_at: new Date(data.uploaded_at), backup_created_at: new Date(data.backup_created_at) };
}
