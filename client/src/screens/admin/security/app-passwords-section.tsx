// The admin's app passwords: for WebDAV clients and scripts once a second factor or single sign-on
// keeps the account's password from signing them in. Each has a name and the areas it reaches and,
// with mount access, like an API key a base path and a read-only switch; made here, shown once (with
// a copy button), listed with its last use (time and address), revocable.
import DevicePhoneMobileIcon from "@heroicons/react/24/outline/DevicePhoneMobileIcon";
import { normalizePath } from "@shared/paths";
import type { AppPasswordView } from "@shared/schemas/auth/auth";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { CopyButton } from "../../../components/copy-button";
import { CheckboxField, FormAlert, TextField } from "../../../components/forms/form-controls";
import { SwitchField } from "../../../components/forms/switch-field";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { PermissionBadges } from "../../../components/permission-badges";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatRelativeTime } from "../../../lib/format-date";
import { AddedAndUsed, SectionList, SectionRow } from "../settings/section-list";
import { SettingsSection } from "../settings/settings-section";
import { useToastOutcome } from "../shared/use-toast-outcome";

const AREAS = ["text", "file", "mount"] as const;
type Area = (typeof AREAS)[number];

export function AppPasswordsSection() {
  const { t } = useTranslation();
  const list = trpc.appPasswords.list.useQuery();
  const utils = trpc.useUtils();
  const [made, setMade] = useState<{ name: string; password: string } | null>(null);
  const refresh = () => Promise.all([utils.appPasswords.list.invalidate(), utils.security.sessions.invalidate()]);
  return (
    <SettingsSection icon={DevicePhoneMobileIcon} ns="security.appPasswords" testId="app-passwords">
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        {made ? (
          <div
            className="flex flex-col gap-3 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-600/20 dark:bg-emerald-400/10 dark:ring-emerald-400/25"
            data-testid="app-password-made"
          >
            <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">
              {t("security.appPasswords.shownOnce", { name: made.name })}
            </p>
            <code
              className="rounded-md bg-white px-3 py-2 font-mono text-base break-all text-slate-900 ring-1 ring-slate-200 dark:bg-slate-950 dark:text-white dark:ring-slate-700"
              data-testid="app-password-value"
            >
              {made.password}
            </code>
            <div className="flex flex-col gap-2 sm:flex-row">
              <CopyButton
                text={made.password}
                label={t("security.appPasswords.copy")}
                copiedMessage={t("security.totp.copied")}
                failedMessage={t("security.totp.copyFailed")}
              />
              <Button onClick={() => setMade(null)}>{t("security.appPasswords.done")}</Button>
            </div>
          </div>
        ) : null}
        <SectionList ns="security.appPasswords" query={list}>
          {(entry) => <AppPasswordRow key={entry.id} entry={entry} onRevoked={refresh} />}
        </SectionList>
        <NewAppPasswordForm
          onMade={(answer) => {
            setMade(answer);
            void refresh();
          }}
        />
      </div>
    </SettingsSection>
  );
}

function NewAppPasswordForm({ onMade }: { onMade: (made: { name: string; password: string }) => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = trpc.appPasswords.create.useMutation();
  const [name, setName] = useState("");
  const [areas, setAreas] = useState<Record<Area, boolean>>({ text: false, file: false, mount: true });
  const [basePath, setBasePath] = useState("/");
  const [readOnly, setReadOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The base path and the switch only mean something with mount access (the explorer and WebDAV).
  const normalisedPath = normalizePath(basePath.trim() || "/");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t("errors.appPasswordNameRequired"));
      return;
    }
    if (!AREAS.some((area) => areas[area])) {
      setError(t("errors.appPasswordScopeRequired"));
      return;
    }
    if (areas.mount && normalisedPath === null) {
      setError(t("errors.invalidPath"));
      return;
    }
    setError(null);
    create.mutate(
      {
        name: name.trim(),
        permissions: areas,
        basic_path: areas.mount ? (normalisedPath ?? "/") : "/",
        read_only: areas.mount && readOnly,
      },
      {
        onSuccess: (answer) => {
          setName("");
          setBasePath("/");
          setReadOnly(false);
          onMade({ name: answer.name, password: answer.password });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
      aria-label={t("security.appPasswords.create")}
    >
      <TextField
        label={t("security.appPasswords.name")}
        hint={t("security.appPasswords.nameHint")}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
        name="app-password-name"
        maxLength={100}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("security.appPasswords.areas")}
        </legend>
        <div className="mt-3 flex flex-col gap-3">
          {AREAS.map((area) => (
            <CheckboxField
              key={area}
              name={`app-password-${area}`}
              label={t(`auth.permissions.${area}`)}
              description={t(`security.appPasswords.areaDescriptions.${area}`)}
              checked={areas[area]}
              onCheckedChange={(checked) => {
                setAreas((current) => ({ ...current, [area]: checked }));
                setError(null);
              }}
            />
          ))}
          {areas.mount ? (
            <div className="ml-7.5 flex flex-col gap-4 rounded-lg bg-slate-50 px-3 py-3 dark:bg-slate-800/50">
              <SwitchField
                label={t("security.appPasswords.readOnly")}
                description={t("security.appPasswords.readOnlyDescription")}
                checked={readOnly}
                onCheckedChange={setReadOnly}
              />
              <TextField
                label={t("security.appPasswords.basePath")}
                value={basePath}
                onValueChange={(value) => {
                  setBasePath(value);
                  setError(null);
                }}
                name="app-password-base-path"
                maxLength={1024}
                {...VERBATIM_INPUT}
                className="[&_input]:font-mono"
                hint={
                  normalisedPath && normalisedPath !== basePath
                    ? `${t("security.appPasswords.basePathHint")} ${t("security.appPasswords.basePathSavedAs", { path: normalisedPath })}`
                    : t("security.appPasswords.basePathHint")
                }
              />
            </div>
          ) : null}
        </div>
      </fieldset>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <Button type="submit" variant="primary" isLoading={create.isPending}>
          {t("security.appPasswords.create")}
        </Button>
      </div>
    </form>
  );
}

function AppPasswordRow({ entry, onRevoked }: { entry: AppPasswordView; onRevoked: () => void }) {
  const { t } = useTranslation();
  const outcome = useToastOutcome();
  const language = currentLanguage();
  const revoke = trpc.appPasswords.revoke.useMutation();
  return (
    <SectionRow
      testId="app-password-row"
      title={entry.name}
      details={
        <>
          <PermissionBadges permissions={entry.permissions} mountReadOnly={entry.read_only} className="mt-1.5" />
          {entry.permissions.mount && entry.basic_path !== "/" ? (
            <p className="mt-1.5 text-slate-600 dark:text-slate-400">
              {t("security.appPasswords.limitedTo")}{" "}
              <span className="font-mono text-xs break-all text-slate-800 dark:text-slate-200">{entry.basic_path}</span>
            </p>
          ) : null}
          <AddedAndUsed
            createdAt={entry.created_at}
            lastUsed={
              entry.last_used_at
                ? t("security.appPasswords.lastUsed", {
                    time: formatRelativeTime(entry.last_used_at, new Date(), language),
                    address: entry.last_used_ip ?? "?",
                  })
                : null
            }
            className="mt-1.5"
          />
        </>
      }
      actions={
        <Button
          size="sm"
          variant="danger"
          isLoading={revoke.isPending}
          aria-label={t("security.appPasswords.revokeLabel", { name: entry.name })}
          onClick={() =>
            revoke.mutate(
              { id: entry.id },
              outcome(t("security.appPasswords.revoked", { name: entry.name }), undefined, onRevoked),
            )
          }
        >
          {t("security.appPasswords.revoke")}
        </Button>
      }
    />
  );
}
