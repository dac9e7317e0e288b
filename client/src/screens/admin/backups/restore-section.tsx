// "Restore from a backup" (docs/decisions/0015-restore-from-the-panel.md): choose an archive, give its
// passphrase, and upload it with progress; the server verifies it at once (a refusal says why and
// keeps nothing) and keeps it for the next start. While one waits, the section says what it will
// restore and to restart the server, and offers to cancel it.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import { formatBytes } from "@shared/format-bytes";
import type { BackupOverview, PendingRestoreView } from "@shared/schemas/admin/backups";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { toast } from "../../../components/feedback/toast-store";
import { CheckboxField, FormAlert, FormField, PasswordField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { uploadRestoreArchive } from "../../../lib/backups/backups-api";
import { formatDateTime } from "../../../lib/format-date";
import { SettingsSection } from "../settings/settings-section";
import { useToastOutcome } from "../shared/use-toast-outcome";

type Upload = { loaded: number; total: number } | null;

export function RestoreSection({ overview }: { overview: BackupOverview | undefined }) {
  const pending = overview?.pending_restore ?? null;
  return (
    <SettingsSection icon={ArrowPathIcon} ns="backups.restore" testId="restore-backup">
      <div className="space-y-5 p-5 sm:p-6">
        {overview === undefined ? null : pending ? <PendingRestore pending={pending} /> : <RestoreForm />}
      </div>
    </SettingsSection>
  );
}

function RestoreForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState("");
  const [force, setForce] = useState(false);
  const [upload, setUpload] = useState<Upload>(null);
  const [error, setError] = useState<string | null>(null);
  const isBusy = upload !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t("backups.restore.chooseFile"));
      return;
    }
    setError(null);
    setUpload({ loaded: 0, total: file.size });
    try {
      await uploadRestoreArchive(file, {
        passphrase,
        force,
        onProgress: (loaded, total) => setUpload({ loaded, total }),
      });
      setPassphrase("");
      toast.success(t("backups.restore.verified"));
      await utils.backups.overview.invalidate();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setUpload(null);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <FormField label={t("backups.restore.file")} hint={t("backups.restore.fileHint")}>
        {(control) => (
          <input
            type="file"
            accept=".tar,application/x-tar"
            {...control}
            disabled={isBusy}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100 dark:hover:file:bg-slate-700"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        )}
      </FormField>
      <PasswordField
        label={t("backups.restore.passphrase")}
        hint={t("backups.restore.passphraseHint")}
        value={passphrase}
        onValueChange={(value) => {
          setPassphrase(value);
          setError(null);
        }}
        autoComplete="off"
        disabled={isBusy}
      />
      <CheckboxField
        name="restore-force"
        label={t("backups.restore.force")}
        description={t("backups.restore.forceHint")}
        checked={force}
        onCheckedChange={setForce}
      />
      {upload ? <UploadProgress upload={upload} /> : null}
      {error ? <FormAlert testId="restore-error">{error}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" isLoading={isBusy} disabled={isBusy}>
          {t("backups.restore.start")}
        </Button>
      </div>
    </form>
  );
}

function UploadProgress({ upload }: { upload: NonNullable<Upload> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const percent = upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0;
  // Once every byte is sent the server reads the archive through: say so rather than sit at 100 %.
  const isVerifying = upload.total > 0 && upload.loaded >= upload.total;
  return (
    <div className="space-y-2" data-testid="restore-progress">
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {isVerifying
          ? t("backups.restore.verifying")
          : t("backups.restore.uploading", {
              percent,
              sent: formatBytes(upload.loaded, language),
              total: formatBytes(upload.total, language),
            })}
      </p>
      <div
        role="progressbar"
        aria-label={t("backups.restore.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function PendingRestore({ pending }: { pending: PendingRestoreView }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const outcome = useToastOutcome();
  const utils = trpc.useUtils();
  const cancel = trpc.backups.cancelRestore.useMutation();
  return (
    <div className="space-y-4" data-testid="restore-pending">
      <FormAlert tone="warning" title={t("backups.restore.pendingTitle")}>
        <p>{t("backups.restore.restartToFinish")}</p>
        <p className="mt-2">
          <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs break-all dark:bg-slate-950/60">
            docker restart pastebox
          </code>{" "}
          {t("backups.restore.restartOr")}
        </p>
      </FormAlert>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label={t("backups.restore.facts.made")}>
          {t("backups.restore.facts.madeValue", {
            time: formatDateTime(pending.backup_created_at, language),
            version: pending.app_version,
            provider: pending.source_provider === "postgres" ? "PostgreSQL" : "SQLite",
          })}
        </Fact>
        <Fact label={t("backups.restore.facts.contents")}>
          {t("backups.restore.facts.contentsValue", {
            rows: pending.rows,
            files: pending.objects.count,
            size: formatBytes(pending.objects.bytes, language),
          })}
        </Fact>
        <Fact label={t("backups.restore.facts.uploaded")}>{formatDateTime(pending.uploaded_at, language)}</Fact>
        <Fact label={t("backups.restore.facts.secret")}>
          {pending.secret_included
            ? t("backups.restore.secretKept")
            : pending.other_secret
              ? t("backups.restore.secretLost")
              : t("backups.restore.secretSame")}
        </Fact>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("backups.restore.replaces")}</p>
      <div className="flex justify-end">
        <Button
          variant="danger"
          isLoading={cancel.isPending}
          onClick={() =>
            cancel.mutate(
              undefined,
              outcome(t("backups.restore.cancelled"), undefined, () => void utils.backups.overview.invalidate()),
            )
          }
        >
          {t("backups.restore.cancel")}
        </Button>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}
