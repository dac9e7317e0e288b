// "Import from CloudPaste": choose a CloudPaste backup or database file, see the dry run's per-item
// report (what would be imported, skipped, changed or in conflict, and what has no place here), then
// import it and see the same report as done. The file is sent whole each time; the import is
// idempotent, so the real run may follow the dry run safely.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import type { CloudPasteImportView } from "@shared/schemas/admin/backups";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { toast } from "../../../components/feedback/toast-store";
import { FormAlert, FormField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { importCloudPasteFile } from "../../../lib/backups/backups-api";
import { SettingsSection } from "../settings/settings-section";

type Step = "idle" | "checking" | "importing";

export function CloudPasteImportSection() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>("idle");
  const [report, setReport] = useState<CloudPasteImportView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  async function run(dryRun: boolean) {
    if (!file) {
      setError(t("backups.import.chooseFile"));
      return;
    }
    setStep(dryRun ? "checking" : "importing");
    setError(null);
    try {
      const answer = await importCloudPasteFile(file, { dryRun });
      setReport(answer);
      if (!dryRun) toast.success(t("backups.import.doneTitle"));
    } catch (caught) {
      setReport(null);
      setError(errorMessage(caught));
    } finally {
      setStep("idle");
    }
  }

  function reset() {
    setFile(null);
    setReport(null);
    setError(null);
    setInputKey((key) => key + 1);
  }

  const isDone = report !== null && !report.dry_run;
  return (
    <SettingsSection icon={ArrowUpTrayIcon} ns="backups.import" testId="cloudpaste-import">
      <div className="space-y-5 p-5 sm:p-6">
        <FormField label={t("backups.import.file")} hint={t("backups.import.fileHint")}>
          {(control) => (
            <input
              key={inputKey}
              type="file"
              accept=".json,.db,.sqlite,application/json,application/octet-stream"
              {...control}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100 dark:hover:file:bg-slate-700"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
                setError(null);
              }}
            />
          )}
        </FormField>
        {error ? <FormAlert testId="import-error">{error}</FormAlert> : null}
        {report ? <ImportReport report={report} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          {isDone ? (
            <Button onClick={reset}>{t("backups.import.again")}</Button>
          ) : (
            <>
              <Button onClick={() => void run(true)} isLoading={step === "checking"} disabled={step !== "idle"}>
                {step === "checking" ? t("backups.import.checking") : t("backups.import.check")}
              </Button>
              {report?.dry_run ? (
                <Button
                  variant="primary"
                  onClick={() => void run(false)}
                  isLoading={step === "importing"}
                  disabled={step !== "idle"}
                >
                  {step === "importing" ? t("backups.import.importing") : t("backups.import.run")}
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}

const ACTION_STYLES = {
  import: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200",
  change: "bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200",
  skip: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  conflict: "bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-100",
} as const;

function ImportReport({ report }: { report: CloudPasteImportView }) {
  const { t } = useTranslation();
  const headingId = useId();
  const count = (...actions: string[]) => report.items.filter((item) => actions.includes(item.action)).length;
  const actionsKey = report.dry_run ? "actions" : "doneActions";
  return (
    <section aria-labelledby={headingId} data-testid="import-report">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
        {report.dry_run ? t("backups.import.dryRunTitle") : t("backups.import.doneTitle")}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t("backups.import.source", {
          kind: t(`backups.import.sourceKinds.${report.source.kind}`),
          schema: report.source.schema_version ?? t("backups.import.unknownSchema"),
        })}
        {" · "}
        {t("backups.import.counts", {
          imported: count("import", "change"),
          skipped: count("skip"),
          conflicts: count("conflict"),
        })}
      </p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {report.items.map((item, index) => (
          <li
            // Items have no id of their own; the report's order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: the report is replaced whole, never reordered
            key={index}
            className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-start sm:gap-3"
            data-testid="import-item"
          >
            <span
              className={`inline-flex w-fit shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${ACTION_STYLES[item.action]}`}
            >
              {t(`backups.import.${actionsKey}.${item.action}`)}
            </span>
            <span className="min-w-0">
              <span className="text-slate-600 dark:text-slate-400">
                {t(`backups.import.kinds.${item.kind}`, { defaultValue: item.kind })}
              </span>{" "}
              <span className="font-medium break-all text-slate-900 dark:text-white">{item.name}</span>
              {item.note ? (
                // A note may hold a long host name (a storage that did not answer): it wraps, not the page.
                <span className="block break-words text-slate-600 dark:text-slate-400">{item.note}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {report.unmapped.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-medium text-slate-900 dark:text-white">{t("backups.import.unmapped")}</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-600 dark:text-slate-400">
            {report.unmapped.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
