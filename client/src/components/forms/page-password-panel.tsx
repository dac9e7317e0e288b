// The password a page asks before it shows anything (a shared folder or set of files, an upload
// request): a page-sized panel with the field and its button, and the last refusal above the field.
// Text and file shares ask theirs with share-password-prompt.tsx. Its texts are the page's
// `<ns>.passwordTitle`, `<ns>.passwordLabel` and `<ns>.passwordSubmit`.
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { StatusPanel } from "../feedback/status-panel";
import { FormAlert, PasswordField } from "./form-controls";

export function PagePasswordPanel({
  ns,
  name,
  testId,
  error,
  onSubmit,
}: {
  ns: "shareLink" | "uploadRequest";
  /** The field's name, for password managers. */
  name: string;
  testId: string;
  /** Why the last attempt was refused, in the user's language. */
  error: string | null;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <StatusPanel size="page" icon={LockClosedIcon} title={t(`${ns}.passwordTitle`)} testId={testId}>
      <form onSubmit={submit} className="mx-auto mt-4 flex max-w-sm flex-col gap-3 text-left">
        {error ? <FormAlert title={t(`${ns}.passwordTitle`)}>{error}</FormAlert> : null}
        <PasswordField
          label={t(`${ns}.passwordLabel`)}
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          name={name}
          data-autofocus
        />
        <Button type="submit" variant="primary">
          {t(`${ns}.passwordSubmit`)}
        </Button>
      </form>
    </StatusPanel>
  );
}
