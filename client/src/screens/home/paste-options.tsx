// The share options beside the editor (SPEC.md §5): custom link suffix checked as it is typed,
// password with show/hide, expiry choice, max views and remark; then the create button, or for
// someone who may not create, what to do instead.
import { SLUG_MAX_LENGTH } from "@shared/constants";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { FormAlert, PasswordField, TextField } from "../../components/form-controls";
import { CheckCircleIcon, LockIcon, ShieldIcon } from "../../components/icons";
import { LinkIcon } from "../../components/paste-icons";
import { type FieldErrors, renderFieldMessage } from "../../lib/form-messages";
import type { CreateField } from "../../lib/pastes/create-form";
import type { PasteDraft } from "../../lib/pastes/draft-store";
import { EXPIRY_CHOICES, type ExpiryChoice } from "../../lib/pastes/expiry";
import { validateSlugInput } from "../../lib/pastes/slug-validation";
import { ROUTES } from "../../routes";

export type CreateAccess = "allowed" | "signedOut" | "noPermission";

export type PasteOptionsProps = {
  draft: PasteDraft;
  onDraftChange: (change: Partial<PasteDraft>) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  errors: FieldErrors<CreateField>;
  formError: ReactNode;
  access: CreateAccess;
  isSubmitting: boolean;
};

export function PasteOptions({
  draft,
  onDraftChange,
  password,
  onPasswordChange,
  errors,
  formError,
  access,
  isSubmitting,
}: PasteOptionsProps) {
  const { t } = useTranslation();
  // Checked as typed (the shared schema); the server's verdict (a taken suffix) wins until the next edit.
  const slugMessage = renderFieldMessage(t, errors.slug ?? validateSlugInput(draft.slug));
  const isSlugValid = draft.slug.trim() !== "" && !slugMessage;

  return (
    <section
      aria-labelledby="paste-options-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="paste-options-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {t("pastes.options.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("pastes.options.description")}</p>

      <div className="mt-5 flex flex-col gap-5">
        <TextField
          label={t("pastes.options.slug")}
          value={draft.slug}
          onValueChange={(slug) => onDraftChange({ slug })}
          error={slugMessage}
          hint={
            isSlugValid ? (
              <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
                <CheckCircleIcon className="size-4" />
                {t("pastes.options.slugValid")}
              </span>
            ) : (
              t("pastes.options.slugHint", { max: SLUG_MAX_LENGTH })
            )
          }
          labelExtra={
            <span
              className={cx(
                "text-xs tabular-nums",
                draft.slug.trim().length > SLUG_MAX_LENGTH ? "text-red-600 dark:text-red-400" : "text-slate-400",
              )}
              aria-hidden="true"
            >
              {t("pastes.options.slugCount", { length: draft.slug.trim().length, max: SLUG_MAX_LENGTH })}
            </span>
          }
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          name="slug"
          data-testid="slug-input"
        />

        <PasswordField
          label={t("pastes.options.password")}
          value={password}
          onValueChange={onPasswordChange}
          hint={t("pastes.options.passwordHint")}
          error={renderFieldMessage(t, errors.password)}
          autoComplete="new-password"
          name="paste-password"
        />

        <ExpiryChoices value={draft.expiry} onChange={(expiry) => onDraftChange({ expiry })} />

        <TextField
          label={t("pastes.options.maxViews")}
          value={draft.maxViews}
          onValueChange={(value) => onDraftChange({ maxViews: value.replace(/[^\d]/g, "").slice(0, 10) })}
          hint={t("pastes.options.maxViewsHint")}
          error={renderFieldMessage(t, errors.maxViews)}
          inputMode="numeric"
          placeholder="0"
          autoComplete="off"
          name="max-views"
        />

        <TextField
          label={t("pastes.options.remark")}
          value={draft.remark}
          onValueChange={(remark) => onDraftChange({ remark })}
          hint={t("pastes.options.remarkHint")}
          placeholder={t("pastes.options.remarkPlaceholder")}
          error={renderFieldMessage(t, errors.remark)}
          autoComplete="off"
          name="remark"
        />
      </div>

      <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
        {formError ? <div className="mb-4">{formError}</div> : null}
        {access === "allowed" ? (
          <Button type="submit" variant="primary" icon={LinkIcon} isLoading={isSubmitting} className="w-full">
            {isSubmitting ? t("pastes.create.submitting") : t("pastes.create.submit")}
          </Button>
        ) : (
          <LoginPrompt access={access} />
        )}
      </div>
    </section>
  );
}

function ExpiryChoices({ value, onChange }: { value: ExpiryChoice; onChange: (value: ExpiryChoice) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t("pastes.options.expiry")}</legend>
      <div className="mt-1.5 grid grid-cols-3 gap-1.5 sm:grid-cols-5 lg:grid-cols-3">
        {EXPIRY_CHOICES.map((choice) => (
          <label
            key={choice}
            className={cx(
              "flex cursor-pointer items-center justify-center rounded-lg px-2 py-2 text-center text-sm font-medium ring-1 transition-colors ring-inset has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:has-focus-visible:outline-indigo-400",
              value === choice
                ? "bg-indigo-50 text-indigo-700 ring-indigo-500 dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-400"
                : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800",
            )}
          >
            <input
              type="radio"
              name="expiry"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            {t(`pastes.options.expiryChoices.${choice}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function LoginPrompt({ access }: { access: Exclude<CreateAccess, "allowed"> }) {
  const { t } = useTranslation();
  const isSignedOut = access === "signedOut";
  return (
    <div
      role="note"
      className="rounded-xl border border-indigo-200 bg-indigo-50/70 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10"
      data-testid="login-prompt"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-indigo-600 ring-1 ring-indigo-200 dark:bg-slate-900 dark:text-indigo-300 dark:ring-indigo-500/30">
          {isSignedOut ? <LockIcon className="size-5" /> : <ShieldIcon className="size-5" />}
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            {isSignedOut ? t("pastes.create.loginTitle") : t("pastes.create.noPermissionTitle")}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {isSignedOut ? t("pastes.create.loginDescription") : t("pastes.create.noPermissionDescription")}
          </p>
        </div>
      </div>
      <Link href={ROUTES.admin} className={cx(buttonClasses("primary"), "mt-4 w-full")}>
        {isSignedOut ? t("pastes.create.loginAction") : t("pastes.create.switchAccount")}
      </Link>
    </div>
  );
}

export function CreateFailed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <FormAlert title={t("pastes.create.failed")}>{children}</FormAlert>;
}
