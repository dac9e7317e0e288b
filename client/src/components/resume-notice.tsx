// Multipart uploads left unfinished (the page was reloaded or closed): choosing the same file again
// continues where it stopped; discarding removes what the server kept. Shown by the owner's Upload
// screen and by an upload request's page, each with its own uploads and its own way to discard one.
import PauseCircleIcon from "@heroicons/react/24/outline/PauseCircleIcon";
import { formatBytes } from "@shared/format-bytes";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";
import { type FileIdentity, type ResumeRecord, resumeStore, sameFile } from "../lib/upload/engine/resume-store";
import { Button } from "./button";
import { cx, fileNameText } from "./class-names";
import { toast } from "./feedback/toast-store";

/**
 * `shows`: which records are this page's (resume-store.ts isOwnersUpload, isRequestUpload); `busyFiles`:
 * files being sent right now, whose records are theirs, not leftovers; `discard` removes an upload on
 * the server.
 */
export function ResumeNotice({
  shows,
  busyFiles,
  discard,
}: {
  shows: (record: ResumeRecord) => boolean;
  busyFiles: readonly FileIdentity[];
  discard: (record: ResumeRecord) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const records = useSyncExternalStore(
    resumeStore.subscribe,
    () => JSON.stringify(resumeStore.list()),
    () => "[]",
  );
  const list = (JSON.parse(records) as ResumeRecord[]).filter(
    (record) => shows(record) && !busyFiles.some((file) => sameFile(file, record)),
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  if (list.length === 0) return null;

  const onDiscard = (record: ResumeRecord) => {
    setBusyId(record.file_id);
    discard(record).then(
      () => {
        setBusyId(null);
        resumeStore.remove(record.file_id);
        toast.info(t("files.resume.discarded", { name: record.name }));
      },
      () => {
        setBusyId(null);
        toast.error(t("files.resume.discardFailed"));
      },
    );
  };

  return (
    <section
      aria-labelledby="resume-title"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-500/30 dark:bg-amber-500/10"
      data-testid="resume-notice"
    >
      <div className="flex items-start gap-3">
        <PauseCircleIcon className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-300" />
        <div className="min-w-0 flex-1">
          <h2 id="resume-title" className="text-sm font-semibold text-amber-900 dark:text-amber-100">
            {t("files.resume.title", { count: list.length })}
          </h2>
          <p className="mt-0.5 text-sm text-amber-800 dark:text-amber-200/90">{t("files.resume.description")}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {list.map((record) => (
              <li key={record.file_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className={cx(fileNameText, "min-w-0 text-amber-950 dark:text-amber-50")}>
                  <span className="font-medium">{record.name}</span>
                  <span className="text-amber-800 tabular-nums dark:text-amber-200/80">
                    {" · "}
                    {t("files.resume.progress", {
                      size: formatBytes(record.size, language),
                      percent: Math.floor((record.parts_done / Math.max(1, record.part_count)) * 100),
                    })}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onDiscard(record)}
                  isLoading={busyId === record.file_id}
                >
                  {t("files.resume.discard")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
