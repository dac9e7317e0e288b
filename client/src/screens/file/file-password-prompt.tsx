// The password form of a protected file. A wrong password says so at the field (it is about the
// share, not a login: the session is untouched); too many attempts say to wait.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { FileTypeIcon } from "../../components/file-icons";
import { PasswordField } from "../../components/form-controls";
import { LockIcon } from "../../components/icons";
import { currentLanguage } from "../../i18n";
import { formatBytes } from "../../lib/format-bytes";

export type FilePasswordPromptProps = {
  file: { filename: string; mimetype: string; size: number } | null;
  onSubmit: (password: string) => void;
  isChecking: boolean;
  error: string | null;
};

export function FilePasswordPrompt({ file, onSubmit, isChecking, error }: FilePasswordPromptProps) {
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
      aria-labelledby="file-password-title"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800"
      data-testid="file-password-prompt"
    >
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20">
          <LockIcon className="size-6" />
        </span>
        <h1 id="file-password-title" className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
          {t("files.password.title")}
        </h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{t("files.password.description")}</p>
      </div>
      {file ? (
        <div className="mt-5 flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 dark:bg-slate-950/50 dark:ring-slate-800">
          <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="sm" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900 dark:text-white" title={file.filename}>
              {file.filename}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{formatBytes(file.size, currentLanguage())}</p>
          </div>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <PasswordField
          label={t("files.password.label")}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setIsEmpty(false);
          }}
          error={isEmpty ? t("files.password.required") : error}
          autoComplete="off"
          autoFocus
          name="password"
        />
        <Button type="submit" variant="primary" isLoading={isChecking} className="w-full">
          {isChecking ? t("files.password.submitting") : t("files.password.submit")}
        </Button>
      </form>
    </section>
  );
}
