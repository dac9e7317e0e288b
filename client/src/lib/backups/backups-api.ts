// The Backups module's calls that are not tRPC procedures: an archive's download link (a plain GET the
// browser saves, sent with the session cookie) and the CloudPaste import, whose body is the file itself.
import type { CloudPasteImportView } from "@shared/schemas/backups";
import { requestHeaders } from "../request-headers";
import { fetchEnvelope } from "../rest-api";

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
