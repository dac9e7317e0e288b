// Mount explorer (/mount-explorer/<path>): the route hands over the decoded directory path; the
// folder view (listing, uploads, file operations, preview, search) is ExplorerBrowser. Browsing needs
// the admin or a key with mount permission (docs/product.md §6); signed out, the screen asks to log in (the
// guard does not redirect).
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { StatusPanel } from "../../components/feedback/status-panel";
import { MetaBadge, PageHeader } from "../../components/layout/page-header";
import { hasPermission } from "../../lib/auth/access";
import { useAuth } from "../../lib/auth/use-auth";
import { explorerHref } from "../../lib/explorer/explorer-paths";
import { loginHref } from "../../routes";
import { ExplorerBrowser } from "./explorer-browser";

export type MountExplorerScreenProps = { path: string };

export default function MountExplorerScreen({ path }: MountExplorerScreenProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const isKey = auth.authType === "apikey";
  const canBrowse = hasPermission(auth, "mount");
  return (
    <div>
      <PageHeader
        icon={FolderIcon}
        title={t("screens.mountExplorer.title")}
        description={t("screens.mountExplorer.description")}
        meta={
          <>
            {/* Browsing, the breadcrumbs show the path; without access it is said here once. */}
            {canBrowse ? null : <MetaBadge>{path}</MetaBadge>}
            {isKey && canBrowse ? (
              <span className="text-sm text-slate-500 dark:text-slate-400">
                {t("mountAccess.basePath", { path: auth.keyInfo?.basic_path ?? "/" })}
                {auth.mountReadOnly ? ` · ${t("mountAccess.readOnly")}` : ""}
              </span>
            ) : null}
          </>
        }
      />
      {auth.authType === "none" ? (
        <AccessNotice
          title={t("mountAccess.loginTitle")}
          description={t("mountAccess.loginDescription")}
          action={
            <Link href={loginHref(explorerHref(path))} className={buttonClasses("primary")}>
              {t("mountAccess.loginAction")}
            </Link>
          }
        />
      ) : !canBrowse ? (
        <AccessNotice
          title={t("mountAccess.noPermissionTitle")}
          description={t("mountAccess.noPermissionDescription", { name: auth.userInfo?.name ?? "" })}
        />
      ) : (
        <ExplorerBrowser path={path} />
      )}
    </div>
  );
}

function AccessNotice({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <StatusPanel
      size="card"
      icon={LockClosedIcon}
      tone="indigo"
      title={title}
      description={description}
      actions={action}
      className={cx("mt-8", cardSurface)}
    />
  );
}
