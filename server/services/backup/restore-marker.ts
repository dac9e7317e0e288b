// The marker a restore leaves in the data directory while it runs: a start after a crash mid-restore
// finds it and says the restore did not finish; and the names of a restore uploaded from the panel
// that waits for the next start (decision 0015). Kept apart from restore.ts so the server's start does
// not load the archive reader.
import { existsSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const RESTORE_MARKER = "restore-in-progress.json";
/** The archive uploaded from the panel, verified, and what it restores (services/backup/pending-restore.ts). */
export const PENDING_ARCHIVE = "pending-restore.tar";
export const PENDING_DETAILS = "pending-restore.json";

/** Whether a restore uploaded from the panel waits for this start. */
export function hasPendingRestore(dataDir: string): boolean {
  return existsSync(join(dataDir, PENDING_ARCHIVE)) && existsSync(join(dataDir, PENDING_DETAILS));
}

export type RestoreMarker = { startedAt: string; archive: string };

export async function markRestoreStarted(dataDir: string, archive: string): Promise<void> {
  const marker: RestoreMarker = { startedAt: new Date().toISOString(), archive };
  await writeFile(join(dataDir, RESTORE_MARKER), JSON.stringify(marker));
}

export async function markRestoreFinished(dataDir: string): Promise<void> {
  await rm(join(dataDir, RESTORE_MARKER), { force: true });
}

/** A restore that began and did not finish, or null. */
export function unfinishedRestore(dataDir: string): RestoreMarker | null {
  const path = join(dataDir, RESTORE_MARKER);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as RestoreMarker;
  } catch {
    return { startedAt: "unknown", archive: "unknown" };
  }
}
