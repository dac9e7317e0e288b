// Shown instead of the upload controls to someone who may not upload: signed out, or signed in with
// a key that lacks the file permission (docs/product.md §6).
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { loginHref, ROUTES } from "../../routes";

export function UploadLoginPrompt({ isSignedOut }: { isSignedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="upload-login-title"
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900"
      data-testid="upload-login-prompt"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 ring-inset dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20">
        {isSignedOut ? <LockClosedIcon className="size-7" /> : <ShieldCheckIcon className="size-7" />}
      </span>
      <h2 id="upload-login-title" className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
        {isSignedOut ? t("files.login.title") : t("files.login.noPermissionTitle")}
      </h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {isSignedOut ? t("files.login.description") : t("files.login.noPermissionDescription")}
      </p>
      <Link href={loginHref(ROUTES.upload)} className={cx(buttonClasses("primary"), "mt-6")}>
        {isSignedOut ? t("files.login.action") : t("files.login.switchAccount")}
      </Link>
    </section>
  );
}
