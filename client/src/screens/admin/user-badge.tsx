// Who is signed in: the admin's name, or the key's name with its permissions and base path, and
// the logout button.
import ArrowRightStartOnRectangleIcon from "@heroicons/react/24/outline/ArrowRightStartOnRectangleIcon";
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import UserIcon from "@heroicons/react/24/outline/UserIcon";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { toast } from "../../components/feedback/toast-store";
import { IconBadge } from "../../components/icon-badge";
import { PermissionBadges } from "../../components/permission-badges";
import { authStore } from "../../lib/auth/store/session";
import { useAuth } from "../../lib/auth/use-auth";

export function UserBadge() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.authType === "none") return null;
  const isKey = auth.authType === "apikey";
  const role = t(`auth.roles.${auth.authType}`);
  const name = auth.userInfo?.name || role;

  const logout = () => {
    authStore.logout();
    toast.success(t("auth.notices.loggedOut"), { id: "logged-out" });
  };

  return (
    <section
      aria-label={t("adminArea.account")}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex items-center gap-3">
        <IconBadge icon={isKey ? KeyIcon : UserIcon} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white" data-testid="user-name">
            {name}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{role}</p>
        </div>
      </div>
      {isKey ? (
        <div className="mt-3 flex flex-col gap-2 text-xs">
          <PermissionBadges permissions={auth.permissions} mountReadOnly={auth.mountReadOnly} />
          <p className="text-slate-500 dark:text-slate-400">
            {t("adminArea.basePath")}:{" "}
            <span className="font-mono text-slate-700 dark:text-slate-200">{auth.keyInfo?.basic_path ?? "/"}</span>
          </p>
        </div>
      ) : null}
      <Button size="sm" icon={ArrowRightStartOnRectangleIcon} onClick={logout} className="mt-4 w-full">
        {t("auth.logout")}
      </Button>
    </section>
  );
}
