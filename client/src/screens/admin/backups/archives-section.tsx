// The archives kept: name, where, size and time, with a download link (a plain GET the browser saves)
// and delete behind a confirmation.
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { formatBytes } from "@shared/format-bytes";
import type { BackupArchiveView, BackupOverview } from "@shared/schemas/admin/backups";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/button";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { QueryView, type RefetchableQuery } from "../../../components/feedback/request-status";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { backupDownloadHref } from "../../../lib/backups/backups-api";
import { formatDateTime } from "../../../lib/format-date";
import { SectionRow } from "../settings/section-list";
import { SettingsSection } from "../settings/settings-section";
import { useToastOutcome } from "../shared/use-toast-outcome";

type OverviewQuery = RefetchableQuery & { data?: BackupOverview };

export function ArchivesSection({ overview }: { overview: OverviewQuery }) {
  const { t } = useTranslation();
  const outcome = useToastOutcome();
  const utils = trpc.useUtils();
  const remove = trpc.backups.remove.useMutation();
  const [toDelete, setToDelete] = useState<BackupArchiveView | null>(null);
  const locationLabel = (archive: BackupArchiveView) => archive.location_name ?? t("backups.archives.onDisk");

  return (
    <SettingsSection icon={FolderIcon} ns="backups.archives" testId="backup-archives">
      <div className="p-5 sm:p-6">
        <QueryView
          query={overview}
          failedTitle={t("backups.archives.loadError")}
          loadingLabel={t("backups.archives.loading")}
        >
          {(data) =>
            data.archives.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t("backups.archives.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {data.archives.map((archive) => (
                  <ArchiveRow
                    key={`${archive.location}/${archive.name}`}
                    archive={archive}
                    location={locationLabel(archive)}
                    onDelete={() => setToDelete(archive)}
                  />
                ))}
              </ul>
            )
          }
        </QueryView>
      </div>
      <ConfirmDialog
        name="backup-delete"
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        isPending={remove.isPending}
        title={t("backups.archives.deleteTitle")}
        description={
          toDelete
            ? t("backups.archives.deleteDescription", { name: toDelete.name, location: locationLabel(toDelete) })
            : ""
        }
        confirmLabel={t("backups.archives.delete")}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(
            { location: toDelete.location, name: toDelete.name },
            outcome(
              t("backups.archives.deleted"),
              () => void utils.backups.overview.invalidate(),
              () => setToDelete(null),
            ),
          );
        }}
      />
    </SettingsSection>
  );
}

function ArchiveRow({
  archive,
  location,
  onDelete,
}: {
  archive: BackupArchiveView;
  location: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <SectionRow
      testId="backup-archive"
      title={archive.name}
      titleClassName="break-all"
      details={
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {[location, formatBytes(archive.size, language), formatDateTime(archive.created_at, language)].join(" · ")}
        </p>
      }
      actions={
        <>
          <a
            href={backupDownloadHref(archive.location, archive.name)}
            download={archive.name}
            className={buttonClasses("secondary", "sm")}
            aria-label={t("backups.archives.downloadLabel", { name: archive.name })}
          >
            <ArrowDownTrayIcon className="size-4.5 shrink-0" />
            {t("backups.archives.download")}
          </a>
          <Button
            size="sm"
            variant="secondary"
            icon={TrashIcon}
            onClick={onDelete}
            aria-label={t("backups.archives.deleteLabel", { name: archive.name })}
            {...opensDialog("backup-delete")}
          >
            {t("backups.archives.delete")}
          </Button>
        </>
      }
    />
  );
}
