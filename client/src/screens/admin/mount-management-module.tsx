// Admin module "mount-management": its tables and forms arrive in a later issue; for now the heading.
// API keys see it read-only (SPEC.md §6: keys cannot manage mount points), and are told so.
import { useTranslation } from "react-i18next";
import { InfoIcon } from "../../components/icons";
import { canManageMounts } from "../../lib/auth/access";
import { useAuth } from "../../lib/auth/use-auth";
import { AdminModuleHeader } from "./admin-module-header";

export default function MountManagementModule() {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <div>
      <AdminModuleHeader module="mount-management" />
      {canManageMounts(auth) ? null : (
        <div
          role="note"
          className="mt-6 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100"
        >
          <InfoIcon className="mt-px size-5 shrink-0 text-sky-500" />
          <div>
            <p className="font-semibold">{t("adminArea.mountReadOnly.title")}</p>
            <p className="mt-0.5 text-sky-800 dark:text-sky-200/80">{t("adminArea.mountReadOnly.description")}</p>
          </div>
        </div>
      )}
    </div>
  );
}
