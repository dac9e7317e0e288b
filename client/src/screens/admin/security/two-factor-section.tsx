// Two-factor authentication for the admin: off -> "Set up" starts an enrolment (a QR code of the
// otpauth URI and the key for typing by hand), a first code turns it on and the ten recovery codes are
// shown once; on -> how many recovery codes are left and "Turn off" (password and a code).
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { CopyButton } from "../../../components/copy-button";
import { LoadError, LoadingStatus } from "../../../components/feedback/request-status";
import { toast } from "../../../components/feedback/toast-store";
import { FormAlert, PasswordField, TextField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { VERBATIM_INPUT } from "../../../components/forms/use-field-form";
import { QrCode } from "../../../components/qr-code";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDate } from "../../../lib/format-date";
import { SettingsSection } from "../settings/settings-section";
import { SectionFormActions } from "./form-actions";

type Enrolment = { secret: string; otpauth_url: string };

export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = trpc.security.status.useQuery();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.security.status.invalidate(), utils.security.sessions.invalidate()]);

  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (enrolment) {
    body = (
      <EnrolmentForm
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onEnabled={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
          void refresh();
        }}
      />
    );
  } else if (status.data?.totp_enabled) {
    body = (
      <EnabledPanel enabledAt={status.data.totp_enabled_at} left={status.data.recovery_codes_left} onOff={refresh} />
    );
  } else if (status.data) {
    body = <StartPanel onStarted={setEnrolment} />;
  } else {
    body = status.error ? (
      <LoadError title={t("security.totp.loadError")} query={status} />
    ) : (
      <LoadingStatus label={t("security.totp.loading")} />
    );
  }
  return (
    <SettingsSection icon={ShieldCheckIcon} ns="security.totp" testId="two-factor">
      <div className="p-5 sm:p-6">{body}</div>
    </SettingsSection>
  );
}

function StartPanel({ onStarted }: { onStarted: (enrolment: Enrolment) => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const setup = trpc.security.totpSetup.useMutation();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("security.totp.statusOff")}</p>
      <Button
        variant="primary"
        isLoading={setup.isPending}
        onClick={() =>
          setup.mutate(undefined, { onSuccess: onStarted, onError: (error) => toast.error(errorMessage(error)) })
        }
      >
        {t("security.totp.start")}
      </Button>
    </div>
  );
}

function EnrolmentForm({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: Enrolment;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const enable = trpc.security.totpEnable.useMutation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t("auth.login.codeRequired"));
      return;
    }
    enable.mutate(
      { code: code.trim() },
      {
        onSuccess: (answer) => {
          toast.success(t("security.totp.enabled"));
          onEnabled(answer.recovery_codes);
        },
        onError: (failure) => {
          setError(errorMessage(failure));
          setCode("");
        },
      },
    );
  };
  // The key in groups of four, as authenticator apps show it.
  const groupedKey = enrolment.secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("security.totp.scan")}</p>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <QrCode value={enrolment.otpauth_url} alt={t("security.totp.qrAlt")} />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div>
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t("security.totp.manualKey")}</p>
            <div className="mt-1.5 flex items-center gap-2">
              <code
                className="min-w-0 rounded-md bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
                data-testid="totp-secret"
              >
                {groupedKey}
              </code>
              <CopyButton
                text={enrolment.secret}
                label={t("security.totp.copyKey")}
                copiedMessage={t("security.totp.copied")}
                failedMessage={t("security.totp.copyFailed")}
                isIconOnly
                size="sm"
              />
            </div>
          </div>
          <TextField
            label={t("security.totp.confirmCode")}
            hint={t("security.totp.confirmCodeHint")}
            value={code}
            onValueChange={(value) => {
              setCode(value);
              setError(null);
            }}
            error={error}
            name="totp-code"
            inputMode="numeric"
            {...VERBATIM_INPUT}
            autoComplete="one-time-code"
            maxLength={64}
            className="sm:max-w-xs [&_input]:font-mono"
          />
        </div>
      </div>
      <SectionFormActions
        onCancel={onCancel}
        submitLabel={t("security.totp.confirm")}
        isPending={enable.isPending}
        className="border-t border-slate-200 pt-5 dark:border-slate-800"
      />
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <FormAlert tone="info" title={t("security.totp.recoveryTitle")}>
        {t("security.totp.recoveryDescription")}
      </FormAlert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5 dark:text-slate-100">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-slate-100 px-2 py-1.5 text-center dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <CopyButton
          text={codes.join("\n")}
          label={t("security.totp.copyCodes")}
          copiedMessage={t("security.totp.copied")}
          failedMessage={t("security.totp.copyFailed")}
        />
        <Button variant="primary" onClick={onDone}>
          {t("security.totp.savedCodes")}
        </Button>
      </div>
    </div>
  );
}

function EnabledPanel({ enabledAt, left, onOff }: { enabledAt: Date | null; left: number; onOff: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const disable = trpc.security.totpDisable.useMutation();
  const [isDisabling, setIsDisabling] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) {
      setError(!password ? t("errors.passwordRequired") : t("auth.login.codeRequired"));
      return;
    }
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          toast.success(t("security.totp.disabled"));
          setIsDisabling(false);
          onOff();
        },
        onError: (failure) => {
          setError(errorMessage(failure));
          setPassword("");
          setCode("");
        },
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm">
          <p className="font-medium text-emerald-700 dark:text-emerald-300" data-testid="totp-status">
            {t("security.totp.statusOn", { date: enabledAt ? formatDate(enabledAt, currentLanguage()) : "" })}
          </p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("security.totp.recoveryLeft", { count: left })}</p>
        </div>
        {isDisabling ? null : <Button onClick={() => setIsDisabling(true)}>{t("security.totp.disable")}</Button>}
      </div>
      {isDisabling ? (
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
          aria-label={t("security.totp.disableTitle")}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("security.totp.disableDescription")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label={t("security.totp.password")}
              value={password}
              onValueChange={setPassword}
              autoComplete="current-password"
            />
            <TextField
              label={t("security.totp.code")}
              value={code}
              onValueChange={setCode}
              {...VERBATIM_INPUT}
              autoComplete="one-time-code"
              maxLength={64}
              className="[&_input]:font-mono"
            />
          </div>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <SectionFormActions
            onCancel={() => setIsDisabling(false)}
            submitLabel={t("security.totp.disable")}
            variant="danger"
            isPending={disable.isPending}
          />
        </form>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("security.totp.lostEverything")}</p>
    </div>
  );
}
