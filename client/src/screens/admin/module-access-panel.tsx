// Shown in the admin area when the signed-in key may not open the module in the URL (or no module
// at all): says so kindly and points to what the key can use.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { cx, focusRing } from "../../components/class-names";
import { IconBadge } from "../../components/icon-badge";
import type { IconProps } from "../../components/icons";
import { hasPermission } from "../../lib/auth/access";
import { mountExplorerUrl } from "../../lib/auth/route-guard";
import { useAuth } from "../../lib/auth/use-auth";
import { type AdminModule, adminModulePath, ROUTES } from "../../routes";
import { ADMIN_MODULE_ICONS } from "./module-icons";

type Destination = { href: string; label: string; icon: ComponentType<IconProps> };

export function ModuleAccessPanel({ module, modules }: { module: AdminModule; modules: AdminModule[] }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const basePath = auth.keyInfo?.basic_path ?? "/";
  const destinations: Destination[] = [
    ...modules.map((item) => ({
      href: adminModulePath(item),
      label: t(`adminModules.${item}.name`),
      icon: ADMIN_MODULE_ICONS[item],
    })),
    ...(hasPermission(auth, "mount")
      ? [
          {
            href: mountExplorerUrl(basePath),
            label: t("adminArea.destinations.mountExplorer", { path: basePath }),
            icon: FolderIcon,
          },
        ]
      : []),
    ...(hasPermission(auth, "text")
      ? [{ href: ROUTES.home, label: t("adminArea.destinations.home"), icon: DocumentTextIcon }]
      : []),
    ...(hasPermission(auth, "file")
      ? [{ href: ROUTES.upload, label: t("adminArea.destinations.upload"), icon: ArrowUpTrayIcon }]
      : []),
  ];
  const hasModules = modules.length > 0;
  return (
    <section className="rounded-2xl bg-white px-5 py-8 text-center shadow-sm ring-1 ring-slate-200 sm:px-10 sm:py-12 dark:bg-slate-900 dark:ring-slate-800">
      <IconBadge icon={LockClosedIcon} tone="amber" className="mx-auto size-12 rounded-full" iconClassName="size-6" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white">
        {hasModules ? t("adminArea.moduleUnavailable.title") : t("adminArea.noModules.title")}
      </h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {hasModules
          ? t("adminArea.moduleUnavailable.description", { module: t(`adminModules.${module}.name`) })
          : t("adminArea.noModules.description")}
      </p>
      <ul className="mx-auto mt-6 flex max-w-sm flex-col gap-2 text-left">
        {destinations.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className={cx(
                "flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-700 transition-colors hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10 dark:hover:text-indigo-200",
                focusRing,
              )}
            >
              <Icon className="size-5 shrink-0 text-slate-400 dark:text-slate-500" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
