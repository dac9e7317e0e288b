// "Automatic backups": off, daily or weekly at an hour (UTC, with the admin's own time beside it), how
// many archives to keep, where they go (the server's disk or a storage config: the off-site copy), and
// whether the secret is sealed with a stored passphrase. Saved through PUT /api/admin/backups/schedule.
import CalendarDaysIcon from "@heroicons/react/24/outline/CalendarDaysIcon";
import { BACKUP_FREQUENCIES, BACKUP_PASSPHRASE_MIN, type BackupScheduleView } from "@shared/schemas/admin/backups";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { LoadError, LoadingStatus } from "../../../components/feedback/request-status";
import { ChoiceCards, FieldGroup } from "../../../components/forms/choice-cards";
import { FormField, PasswordField, TextField } from "../../../components/forms/form-controls";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { storageDisplayName } from "../../../lib/storage-name";
import { SettingsSection } from "../settings/settings-section";
import { ChoiceSelect } from "../shared/choice-select";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { ArchiveContentFields, type SecretChoice } from "./secret-choice";

type Frequency = (typeof BACKUP_FREQUENCIES)[number];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = Array.from({ length: 7 }, (_, day) => day);
const KEEP_MAX = 365;

/** A weekday's name in the reader's language (0 = Sunday, as the schedule counts). */
function weekdayName(day: number, language: string): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2023, 0, 1 + day));
}

/** "03:00 UTC (04:00 here)": the hour the server keeps, and what it is on the admin's clock. */
function hourLabel(hour: number, language: string, localWord: string): string {
  const utc = `${String(hour).padStart(2, "0")}:00 UTC`;
  const at = new Date(Date.UTC(2023, 0, 1, hour));
  const local = new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(at);
  return at.getTimezoneOffset() === 0 ? utc : `${utc} (${local} ${localWord})`;
}

export function ScheduleSection({ nextScheduledAt }: { nextScheduledAt: Date | null | undefined }) {
  const { t } = useTranslation();
  const schedule = trpc.backups.schedule.useQuery();
  return (
    <SettingsSection icon={CalendarDaysIcon} ns="backups.schedule" testId="backup-schedule">
      {schedule.data ? (
        <ScheduleForm saved={schedule.data} nextScheduledAt={nextScheduledAt ?? null} />
      ) : (
        <div className="p-5 sm:p-6">
          {schedule.error ? (
            <LoadError title={t("backups.schedule.loadError")} query={schedule} />
          ) : (
            <LoadingStatus label={t("backups.archives.loading")} />
          )}
        </div>
      )}
    </SettingsSection>
  );
}

function ScheduleForm({ saved, nextScheduledAt }: { saved: BackupScheduleView; nextScheduledAt: Date | null }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const outcome = useToastOutcome();
  const utils = trpc.useUtils();
  const storages = trpc.storage.list.useQuery(undefined, { staleTime: 30_000 });
  const save = trpc.backups.setSchedule.useMutation();
  const [frequency, setFrequency] = useState<Frequency>(saved.frequency);
  const [hour, setHour] = useState(saved.hour);
  const [weekday, setWeekday] = useState(saved.weekday);
  const [keep, setKeep] = useState(String(saved.keep));
  const [location, setLocation] = useState(saved.location);
  const [includeObjects, setIncludeObjects] = useState(saved.include_objects);
  // Sealing is offered first, as when creating one now; a schedule saved without it stays so.
  const [secretChoice, setSecretChoice] = useState<SecretChoice>(
    saved.frequency === "off" || saved.has_passphrase ? "seal" : "omit",
  );
  const [passphrase, setPassphrase] = useState("");
  const [isSubmitted, setIsSubmitted] = useState(false);

  const isOn = frequency !== "off";
  const keepCount = Number(keep);
  const isKeepValid = Number.isInteger(keepCount) && keepCount >= 1 && keepCount <= KEEP_MAX;
  // A stored passphrase is kept while the field stays empty; a typed one replaces it.
  const isPassphraseTyped = passphrase !== "" || !saved.has_passphrase;
  const isPassphraseShort =
    isOn && secretChoice === "seal" && isPassphraseTyped && passphrase.length < BACKUP_PASSPHRASE_MIN;
  const keepError = isSubmitted && isOn && !isKeepValid ? t("backups.schedule.keepRange", { max: KEEP_MAX }) : null;
  const passphraseError =
    isSubmitted && isPassphraseShort ? t("backups.create.passphraseTooShort", { min: BACKUP_PASSPHRASE_MIN }) : null;
  const locationMissing =
    location !== "disk" && storages.data !== undefined && !storages.data.some((config) => config.id === location);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if ((isOn && !isKeepValid) || isPassphraseShort) return;
    // undefined keeps the stored passphrase; null leaves the secret out of scheduled backups.
    const passphraseChange = secretChoice === "omit" ? null : passphrase !== "" ? passphrase : undefined;
    save.mutate(
      {
        frequency,
        hour,
        weekday,
        keep: isOn ? keepCount : saved.keep,
        location,
        include_objects: includeObjects,
        passphrase: passphraseChange,
      },
      outcome(
        (view) => (view.frequency === "off" ? t("backups.schedule.turnedOff") : t("backups.schedule.saved")),
        () => void utils.backups.overview.invalidate(),
        (view) => {
          setPassphrase("");
          setIsSubmitted(false);
          utils.backups.schedule.setData(undefined, view);
        },
      ),
    );
  }

  return (
    <form className="space-y-5 p-5 sm:p-6" onSubmit={submit} noValidate>
      <FieldGroup id="backup-frequency" legend={t("backups.schedule.frequency")}>
        <ChoiceCards
          name="backup-frequency"
          choices={BACKUP_FREQUENCIES}
          value={frequency}
          onChange={setFrequency}
          className="mt-3 grid gap-3 sm:grid-cols-3"
          cardClassName="flex items-center gap-3 rounded-lg p-3.5"
          showsRadio
        >
          {(choice) => <span className="font-medium">{t(`backups.schedule.frequencies.${choice}`)}</span>}
        </ChoiceCards>
      </FieldGroup>
      {isOn ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {frequency === "weekly" ? (
              <ChoiceSelect
                label={t("backups.schedule.weekday")}
                name="backup-weekday"
                choices={WEEKDAYS}
                labelOf={(day) => weekdayName(day, language)}
                value={weekday}
                onChange={setWeekday}
              />
            ) : null}
            <ChoiceSelect
              label={t("backups.schedule.hour")}
              hint={t("backups.schedule.hourHint")}
              name="backup-hour"
              choices={HOURS}
              labelOf={(option) => hourLabel(option, language, t("backups.schedule.localTime"))}
              value={hour}
              onChange={setHour}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t("backups.schedule.location")}
              hint={t("backups.schedule.locationHint")}
              error={locationMissing ? t("backups.schedule.locationMissing") : null}
            >
              {(control) => (
                <select
                  {...control}
                  name="backup-location"
                  value={location}
                  onChange={(event) => setLocation(event.target.value)}
                >
                  <option value="disk">{t("backups.archives.onDisk")}</option>
                  {storages.data?.map((config) => (
                    <option key={config.id} value={config.id}>
                      {storageDisplayName(config.name, t)}
                    </option>
                  ))}
                  {locationMissing ? <option value={location}>{location}</option> : null}
                </select>
              )}
            </FormField>
            <TextField
              label={t("backups.schedule.keep")}
              hint={t("backups.schedule.keepHint")}
              value={keep}
              onValueChange={setKeep}
              error={keepError}
              type="number"
              inputMode="numeric"
              min={1}
              max={KEEP_MAX}
              name="backup-keep"
            />
          </div>
          <ArchiveContentFields
            name="backup-schedule-secret"
            value={secretChoice}
            onChange={setSecretChoice}
            choiceHint={(choice) => t(`backups.schedule.secretHints.${choice}`)}
            includeObjects={includeObjects}
            onIncludeObjectsChange={setIncludeObjects}
            passphraseFields={
              <PasswordField
                label={t("backups.create.passphrase")}
                value={passphrase}
                onValueChange={setPassphrase}
                hint={
                  saved.has_passphrase
                    ? t("backups.schedule.passphraseKeep")
                    : t("backups.create.passphraseHint", { min: BACKUP_PASSPHRASE_MIN })
                }
                error={passphraseError}
                autoComplete="new-password"
                name="backup-schedule-passphrase"
              />
            }
          />
        </>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="backup-next-run" aria-live="polite">
          {saved.frequency !== "off" && nextScheduledAt
            ? t("backups.schedule.next", { time: formatDateTime(nextScheduledAt, language) })
            : t("backups.schedule.off")}
        </p>
        <Button type="submit" variant="primary" isLoading={save.isPending}>
          {t("backups.schedule.save")}
        </Button>
      </div>
    </form>
  );
}
