// The password form of a protected paste. A wrong password says so at the field (and is not a
// login problem: the session is untouched); too many attempts say to wait.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { PasswordField } from "../../components/form-controls";
import { LockIcon } from "../../components/icons";

export type PasswordPromptProps = {
  onSubmit: (password: string) => void;
  isChecking: boolean;
  /** What went wrong with the last attempt, in the user's language. */
  error: string | null;
};

export function PasswordPrompt({ onSubmit, isChecking, error }: PasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [isEmpty, setIsEmpty] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === "") {
      setIsEmpty(true);
      return;
    }
    onSubmit(password);
  };

  return (
    <section
      aria-labelledby="paste-password-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800"
      data-testid="password-prompt"
    >
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20">
          <LockIcon className="size-6" />
        </span>
        <h2 id="paste-password-title" className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
          {t("pastes.password.title")}
        </h2>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{t("pastes.password.description")}</p>
      </div>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <PasswordField
          label={t("pastes.password.label")}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setIsEmpty(false);
          }}
          error={isEmpty ? t("pastes.password.required") : error}
          autoComplete="off"
          autoFocus
          name="password"
        />
        <Button type="submit" variant="primary" isLoading={isChecking} className="w-full">
          {isChecking ? t("pastes.password.submitting") : t("pastes.password.submit")}
        </Button>
      </form>
    </section>
  );
}
