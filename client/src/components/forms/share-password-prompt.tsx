// The password form of a protected share (a text or a file). A wrong password says so at the field
// (it is about the share, not a login: the session is untouched); too many attempts say to wait.
// Texts come from `<kind>.password.*`.
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { cardSurface, cx } from "../class-names";
import type { ShareKind } from "../feedback/share-problem";
import { IconBadge } from "../icon-badge";
import { PasswordField } from "./form-controls";

export type SharePasswordPromptProps = {
  kind: ShareKind;
  /** h1 where the prompt is the page's heading, h2 under a heading of the page's own. */
  headingLevel: 1 | 2;
  /** What is protected, shown between the heading and the form. */
  summary?: ReactNode;
  /** Replaces the kind's usual sentence under the heading. */
  description?: string;
  onSubmit: (password: string) => void;
  isChecking: boolean;
  /** What went wrong with the last attempt, in the user's language. */
  error: string | null;
  testId: string;
};

// Element ids of each kind ("file-password-title", ...).
const ID_PREFIX: Record<ShareKind, string> = { files: "file", pastes: "paste" };

export function SharePasswordPrompt({
  kind,
  headingLevel,
  summary,
  description,
  onSubmit,
  isChecking,
  error,
  testId,
}: SharePasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [isEmpty, setIsEmpty] = useState(false);
  const titleId = `${ID_PREFIX[kind]}-password-title`;
  const Heading = headingLevel === 1 ? "h1" : "h2";

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
      aria-labelledby={titleId}
      className={cx(cardSurface, "mx-auto w-full max-w-md p-6 sm:p-8")}
      data-testid={testId}
    >
      <div className="flex flex-col items-center text-center">
        <IconBadge icon={LockClosedIcon} tone="amber" hasRing className="size-12 rounded-full" iconClassName="size-6" />
        <Heading id={titleId} className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
          {t(`${kind}.password.title`)}
        </Heading>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {description ?? t(`${kind}.password.description`)}
        </p>
      </div>
      {summary}
      <form noValidate onSubmit={submit} className={summary ? "mt-5 flex flex-col gap-4" : "mt-6 flex flex-col gap-4"}>
        <PasswordField
          label={t(`${kind}.password.label`)}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setIsEmpty(false);
          }}
          error={isEmpty ? t(`${kind}.password.required`) : error}
          autoComplete="off"
          autoFocus
          name="password"
        />
        <Button type="submit" variant="primary" isLoading={isChecking} className="w-full">
          {isChecking ? t(`${kind}.password.submitting`) : t(`${kind}.password.submit`)}
        </Button>
      </form>
    </section>
  );
}
