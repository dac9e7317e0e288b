// Shown instead of the upload controls to someone who may not upload: signed out, or signed in with
// a key that lacks the file permission (docs/product.md §6).
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import ShieldCheckIcon from "@heroicons/react/24/outline/ShieldCheckIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../../components/button";
import { StatusPanel } from "../../components/feedback/status-panel";
import { loginHref, ROUTES } from "../../routes";

export function UploadLoginPrompt({ isSignedOut }: { isSignedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      size="card"
      icon={isSignedOut ? LockClosedIcon : ShieldCheckIcon}
      tone="indigo"
      title={isSignedOut ? t("files.login.title") : t("files.login.noPermissionTitle")}
      titleId="upload-login-title"
      description={isSignedOut ? t("files.login.description") : t("files.login.noPermissionDescription")}
      actions={
        <Link href={loginHref(ROUTES.upload)} className={buttonClasses("primary")}>
          {isSignedOut ? t("files.login.action") : t("files.login.switchAccount")}
        </Link>
      }
      className="rounded-2xl border-2 border-dashed border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
      testId="upload-login-prompt"
    />
  );
}
