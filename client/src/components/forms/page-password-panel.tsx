// The password a page asks before it shows anything (a shared folder or set of files, an upload
// request): a page-sized panel with the field and its button, and the last refusal above the field.
// Text and file shares ask theirs with share-password-prompt.tsx.
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { type FormEvent, useState } from "react";
import { Button } from "../button";
import { StatusPanel } from "../feedback/status-panel";
import { FormAlert, PasswordField } from "./form-controls";

export type PagePasswordTexts = { title: string; label: string; submit: string };

export function PagePasswordPanel({
  texts,
  name,
  testId,
  error,
  onSubmit,
}: {
  texts: PagePasswordTexts;
  /** The field's name, for password managers. */
  name: string;
  testId: string;
  /** Why the last attempt was refused, in the user's language. */
  error: string | null;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <StatusPanel size="page" icon={LockClosedIcon} title={texts.title} testId={testId}>
      <form onSubmit={submit} className="mx-auto mt-4 flex max-w-sm flex-col gap-3 text-left">
        {error ? <FormAlert title={texts.title}>{error}</FormAlert> : null}
        <PasswordField
          label={texts.label}
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          name={name}
          data-autofocus
        />
        <Button type="submit" variant="primary">
          {texts.submit}
        </Button>
      </form>
    </StatusPanel>
  );
}
