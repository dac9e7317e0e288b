// "Create a backup": the choice of sealing the app secret with a passphrase (typed twice) or leaving it
// out with what that costs on another install, whether to copy local files, and the run's progress and
// outcome as the overview reports them (the run may have been started by the schedule or another tab).
import ArchiveBoxArrowDownIcon from "@heroicons/react/24/outline/ArchiveBoxArrowDownIcon";
import { formatBytes } from "@shared/format-bytes";
import { BACKUP_PASSPHRASE_MIN, type BackupOverview } from "@shared/schemas/admin/backups";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { toast } from "../../../components/feedback/toast-store";
import { FormAlert, PasswordField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { SettingsSection } from "../settings/settings-section";
import { ArchiveContentFields, type SecretChoice } from "./secret-choice";

type LastRun = NonNullable<BackupOverview["last_run"]>;
type RunResult = { name?: string; bytes?: number; secretIncluded?: boolean; error?: string };

function resultOf(run: LastRun): RunResult {
  try {
    return (JSON.parse(run.result ?? "{}") as RunResult) ?? {};
  } catch {
    return {};
  }
}

export function CreateBackupSection({ overview }: { overview: BackupOverview | undefined }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const utils = trpc.useUtils();
  const create = trpc.backups.create.useMutation();
  const [secretChoice, setSecretChoice] = useState<SecretChoice>("seal");
  const [passphrase, setPassphrase] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [includeObjects, setIncludeObjects] = useState(true);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const running = overview?.running ?? null;
  const lastRun = overview?.last_run ?? null;

  // When a run this tab started finishes, say how it ended.
  const awaitedRun = useRef<string | null>(null);
  useEffect(() => {
    if (!awaitedRun.current || running || !lastRun || lastRun.id === awaitedRun.current) return;
    awaitedRun.current = null;
    const result = resultOf(lastRun);
    if (lastRun.status === "succeeded") {
      toast.success(
        t("backups.create.succeeded", {
          name: result.name ?? "",
          size: formatBytes(result.bytes ?? 0, currentLanguage()),
        }),
      );
    } else {
      toast.error(t("backups.create.failed", { error: result.error ?? lastRun.status }));
    }
  }, [running, lastRun, t]);

  const passphraseError =
    secretChoice === "seal" && isSubmitted && passphrase.length < BACKUP_PASSPHRASE_MIN
      ? t("backups.create.passphraseTooShort", { min: BACKUP_PASSPHRASE_MIN })
      : null;
  const confirmationError =
    secretChoice === "seal" && isSubmitted && !passphraseError && confirmation !== passphrase
      ? t("backups.create.passphraseMismatch")
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    const isSealed = secretChoice === "seal";
    if (isSealed && (passphrase.length < BACKUP_PASSPHRASE_MIN || confirmation !== passphrase)) return;
    awaitedRun.current = lastRun?.id ?? "none";
    create.mutate(
      { passphrase: isSealed ? passphrase : null, include_objects: includeObjects },
      {
        onSuccess: () => {
          toast.success(t("backups.create.started"));
          setIsSubmitted(false);
          setPassphrase("");
          setConfirmation("");
        },
        onError: (error) => {
          awaitedRun.current = null;
          toast.error(errorMessage(error));
        },
        onSettled: () => utils.backups.overview.invalidate(),
      },
    );
  }

  return (
    <SettingsSection icon={ArchiveBoxArrowDownIcon} ns="backups.create" testId="create-backup">
      <form className="space-y-5 p-5 sm:p-6" onSubmit={submit} noValidate>
        <ArchiveContentFields
          name="backup-secret"
          value={secretChoice}
          onChange={setSecretChoice}
          hint={t("backups.create.secretHint")}
          choiceHint={(choice) => t(`backups.create.choices.${choice}Hint`)}
          includeObjects={includeObjects}
          onIncludeObjectsChange={setIncludeObjects}
          passphraseFields={
            <div className="grid gap-4 sm:grid-cols-2">
              <PasswordField
                label={t("backups.create.passphrase")}
                value={passphrase}
                onValueChange={setPassphrase}
                hint={t("backups.create.passphraseHint", { min: BACKUP_PASSPHRASE_MIN })}
                error={passphraseError}
                autoComplete="new-password"
              />
              <PasswordField
                label={t("backups.create.passphraseConfirm")}
                value={confirmation}
                onValueChange={setConfirmation}
                error={confirmationError}
                autoComplete="new-password"
              />
            </div>
          }
        />
        <RunStatus running={running} lastRun={lastRun} />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" isLoading={create.isPending || running !== null}>
            {running ? t("backups.create.running") : t("backups.create.start")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

function RunStatus({ running, lastRun }: { running: BackupOverview["running"]; lastRun: LastRun | null }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (running) {
    const progress = running.progress;
    const text = progress
      ? t(`backups.create.phases.${progress.phase}`, {
          rows: progress.rows,
          objects: progress.objects,
          bytes: formatBytes(progress.bytes, language),
        })
      : t("backups.create.running");
    return (
      <FormAlert tone="info" testId="backup-progress">
        {running.trigger === "schedule" ? <p className="font-medium">{t("backups.create.startedBySchedule")}</p> : null}
        <p>{text}</p>
      </FormAlert>
    );
  }
  if (!lastRun) return null;
  const time = formatDateTime(lastRun.finished_at ?? lastRun.started_at, language);
  const result = resultOf(lastRun);
  if (lastRun.status === "succeeded") {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="backup-last-run">
        {t("backups.create.lastSucceeded", {
          time,
          name: result.name ?? "",
          size: formatBytes(result.bytes ?? 0, language),
        })}
        {result.secretIncluded === false ? ` ${t("backups.create.noSecretNote")}` : null}
      </p>
    );
  }
  return (
    <FormAlert tone="error" role="status" testId="backup-last-run">
      {lastRun.status === "interrupted"
        ? t("backups.create.lastInterrupted", { time })
        : t("backups.create.lastFailed", { time, error: result.error ?? lastRun.status })}
    </FormAlert>
  );
}
