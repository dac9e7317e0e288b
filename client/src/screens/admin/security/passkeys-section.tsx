// The admin's passkeys: each with its name, when it was added and last used; "Add a passkey" (a name,
// then the browser's prompt) and "Remove" (asks for the password). A passkey signs in alone or as the
// second factor after the password; the first one added signs out the other sessions.
import FingerPrintIcon from "@heroicons/react/24/outline/FingerPrintIcon";
import type { PasskeyView } from "@shared/schemas/auth/auth";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { toast } from "../../../components/feedback/toast-store";
import { FormAlert, PasswordField, TextField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { browserHasPasskeys, createPasskey, isPasskeyPromptDismissed } from "../../../lib/auth/passkey-ceremony";
import { formatRelativeTime } from "../../../lib/format-date";
import { AddedAndUsed, SectionList, SectionRow } from "../settings/section-list";
import { SettingsSection } from "../settings/settings-section";
import { SectionFormActions } from "./form-actions";

export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = trpc.passkeys.list.useQuery();
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.passkeys.list.invalidate(),
      utils.security.status.invalidate(),
      utils.security.sessions.invalidate(),
    ]);
  return (
    <SettingsSection icon={FingerPrintIcon} ns="security.passkeys" testId="passkeys">
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <SectionList ns="security.passkeys" query={passkeys}>
          {(passkey) => <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={refresh} />}
        </SectionList>
        {browserHasPasskeys() ? (
          <AddPasskeyForm onAdded={refresh} />
        ) : (
          <FormAlert tone="info">{t("security.passkeys.unsupported")}</FormAlert>
        )}
      </div>
    </SettingsSection>
  );
}

function AddPasskeyForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const options = trpc.passkeys.registerOptions.useMutation();
  const register = trpc.passkeys.register.useMutation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    if (!name.trim()) {
      setError(t("errors.passkeyNameRequired"));
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      const ceremony = await options.mutateAsync();
      const response = await createPasskey(ceremony.options);
      await register.mutateAsync({ ceremony_id: ceremony.ceremony_id, name: name.trim(), response });
      toast.success(t("security.passkeys.added", { name: name.trim() }));
      setName("");
      onAdded();
    } catch (failure) {
      setError(isPasskeyPromptDismissed(failure) ? t("auth.login.passkeyDismissed") : errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-start dark:border-slate-800"
      aria-label={t("security.passkeys.add")}
    >
      <TextField
        label={t("security.passkeys.name")}
        hint={t("security.passkeys.nameHint")}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
        error={error}
        name="passkey-name"
        maxLength={100}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="primary" isLoading={isBusy} className="sm:mt-7">
        {t("security.passkeys.add")}
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: PasskeyView; onRemoved: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const remove = trpc.passkeys.remove.useMutation();
  const [isRemoving, setIsRemoving] = useState(false);
  const [isRenaming, setIsRenaming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t("errors.passwordRequired"));
      return;
    }
    remove.mutate(
      { id: passkey.id, password },
      {
        onSuccess: () => {
          toast.success(t("security.passkeys.removed", { name: passkey.name }));
          onRemoved();
        },
        onError: (failure) => {
          setError(errorMessage(failure));
          setPassword("");
        },
      },
    );
  };
  return (
    <SectionRow
      testId="passkey-row"
      title={passkey.name}
      details={
        <AddedAndUsed
          createdAt={passkey.created_at}
          lastUsed={
            passkey.last_used_at
              ? t("security.passkeys.lastUsed", {
                  time: formatRelativeTime(passkey.last_used_at, new Date(), currentLanguage()),
                })
              : null
          }
          className="mt-1"
        />
      }
      actions={
        isRemoving || isRenaming ? null : (
          <>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t("security.passkeys.renameLabel", { name: passkey.name })}
              onClick={() => setIsRenaming(true)}
            >
              {t("security.passkeys.rename")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t("security.passkeys.removeLabel", { name: passkey.name })}
              onClick={() => setIsRemoving(true)}
            >
              {t("security.passkeys.remove")}
            </Button>
          </>
        )
      }
    >
      {isRenaming ? (
        <RenamePasskeyForm
          passkey={passkey}
          onDone={(isRenamed) => {
            setIsRenaming(false);
            if (isRenamed) onRemoved();
          }}
        />
      ) : null}
      {isRemoving ? (
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-3"
          aria-label={t("security.passkeys.removeLabel", { name: passkey.name })}
        >
          <PasswordField
            label={t("security.totp.password")}
            hint={t("security.passkeys.removeHint")}
            value={password}
            onValueChange={setPassword}
            autoComplete="current-password"
          />
          {error ? <FormAlert>{error}</FormAlert> : null}
          <SectionFormActions
            onCancel={() => setIsRemoving(false)}
            submitLabel={t("security.passkeys.remove")}
            variant="danger"
            isPending={remove.isPending}
          />
        </form>
      ) : null}
    </SectionRow>
  );
}

/** Renaming in place: the current name to edit, saved with Enter or the button, Escape-free Cancel. */
function RenamePasskeyForm({ passkey, onDone }: { passkey: PasskeyView; onDone: (isRenamed: boolean) => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const rename = trpc.passkeys.rename.useMutation();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t("errors.passkeyNameRequired"));
      return;
    }
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(t("security.passkeys.renamed", { name: name.trim() }));
          onDone(true);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3"
      aria-label={t("security.passkeys.renameLabel", { name: passkey.name })}
    >
      <TextField
        label={t("security.passkeys.newName")}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
        error={error}
        name="passkey-new-name"
        maxLength={100}
      />
      <SectionFormActions
        onCancel={() => onDone(false)}
        submitLabel={t("security.passkeys.save")}
        isPending={rename.isPending}
      />
    </form>
  );
}
