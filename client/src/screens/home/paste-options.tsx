// The share options beside the editor (docs/product.md §5): custom link suffix checked as it is typed,
// password with show/hide, expiry choice, max views and remark; then the create button, or for
// someone who may not create, what to do instead (and, above the editor, a line saying so first).
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { FormAlert } from "../../components/forms/form-controls";
import { ShareOptionsFields } from "../../components/forms/share-options-fields";
import { SwitchField } from "../../components/forms/switch-field";
import type { FieldErrors } from "../../lib/form-messages";
import type { CreateField } from "../../lib/pastes/editor/create-form";
import type { PasteDraft } from "../../lib/pastes/editor/draft-store";
import { loginHref, ROUTES } from "../../routes";

export type CreateAccess = "allowed" | "signedOut" | "noPermission";

export type PasteOptionsProps = {
  draft: PasteDraft;
  onDraftChange: (change: Partial<PasteDraft>) => void;
  password: string;
  onPasswordChange: (password: string) => void;
  errors: FieldErrors<CreateField>;
  formError: ReactNode;
  access: CreateAccess;
  /** Encrypt in this browser (docs/encrypted-shares.md). */
  encrypt: boolean;
  onEncryptChange: (encrypt: boolean) => void;
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
  encrypt,
  onEncryptChange,
  isSubmitting,
}: PasteOptionsProps) {
  const { t } = useTranslation();

  return (
    <section aria-labelledby="paste-options-title" className={cx(cardSurface, "p-4 sm:p-5")}>
      <h2 id="paste-options-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {t("pastes.options.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("pastes.options.description")}</p>

      <div className="mt-5 flex flex-col gap-5">
        <ShareOptionsFields
          kind="pastes"
          values={{ ...draft, password }}
          onChange={({ password: nextPassword, ...change }) => {
            // The password is not part of the draft: it is never stored.
            if (nextPassword !== undefined) onPasswordChange(nextPassword);
            if (Object.keys(change).length > 0) onDraftChange(change);
          }}
          errors={errors}
          remarkHint={t("pastes.options.remarkHint")}
        />
        <SwitchField
          label={t("pastes.options.encrypt")}
          description={t("pastes.options.encryptHint")}
          checked={encrypt}
          onCheckedChange={onEncryptChange}
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
          {isSignedOut ? <LockClosedIcon className="size-5" /> : <ShieldCheckIcon className="size-5" />}
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
      <Link href={loginHref(ROUTES.home)} className={cx(buttonClasses("primary"), "mt-4 w-full")}>
        {isSignedOut ? t("pastes.create.loginAction") : t("pastes.create.switchAccount")}
      </Link>
    </div>
  );
}

/**
 * Above the editor, for someone who may not create a link: said before they write, not only where the
 * create button would be (below the options, far down on a phone).
 */
export function CreateAccessNotice({ access }: { access: Exclude<CreateAccess, "allowed"> }) {
  const { t } = useTranslation();
  const isSignedOut = access === "signedOut";
  return (
    <FormAlert tone="info" icon={isSignedOut ? LockClosedIcon : ShieldCheckIcon} testId="login-notice">
      {isSignedOut ? t("pastes.create.loginNotice") : t("pastes.create.noPermissionDescription")}{" "}
      <Link href={loginHref(ROUTES.home)} className="font-semibold underline underline-offset-2">
        {isSignedOut ? t("pastes.create.loginAction") : t("pastes.create.switchAccount")}
      </Link>
    </FormAlert>
  );
}

export function CreateFailed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <FormAlert title={t("pastes.create.failed")}>{children}</FormAlert>;
}
