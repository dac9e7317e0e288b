// Admin module "backups" (docs/backup.md, "From the admin panel"): create a backup now with the choice
// of sealing the app secret, follow its progress, automatic backups on a schedule, the archives kept
// (download, delete), a restore uploaded now and applied at the next start, and the import from
// CloudPaste with its dry run first.
import { trpc } from "../../../lib/api/trpc";
import { AdminModuleHeader } from "../admin-module-header";
import { ArchivesSection } from "./archives-section";
import { CloudPasteImportSection } from "./cloudpaste-import-section";
import { CreateBackupSection } from "./create-section";
import { RestoreSection } from "./restore-section";
import { ScheduleSection } from "./schedule-section";

/** How often the overview is read while a backup runs (its progress is written once a second). */
const RUNNING_POLL_MS = 1_000;

export default function BackupsModule() {
  const overview = trpc.backups.overview.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_POLL_MS : false),
  });
  return (
    <div>
      <AdminModuleHeader module="backups" />
      <CreateBackupSection overview={overview.data} />
      <ScheduleSection nextScheduledAt={overview.data?.next_scheduled_at} />
      <ArchivesSection overview={overview} />
      <RestoreSection overview={overview.data} />
      <CloudPasteImportSection />
    </div>
  );
}
