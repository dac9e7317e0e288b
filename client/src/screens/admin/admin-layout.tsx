// The admin area frame: a sidebar with the user's badge and the modules they may open (a collapsible
// menu below md), and the current module. A module the user may not open shows what they can use.

import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ChevronDownIcon from "@heroicons/react/24/outline/ChevronDownIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import { type KeyboardEvent, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Redirect } from "wouter";
import { Button } from "../../components/button";
import { cx, focusRing } from "../../components/class-names";
import { PageSpinner } from "../../components/feedback/page-spinner";
import { TOAST_AVOID_ATTRIBUTE, TOAST_HOLD } from "../../components/feedback/toast-placement";
import { useIsOnline } from "../../hooks/use-is-online";
import { canOpenAdminModule, visibleAdminModules } from "../../lib/auth/access";
import { authStore } from "../../lib/auth/store/session";
import { useAuth } from "../../lib/auth/use-auth";
import { type AdminModule, adminModulePath } from "../../routes";
import { ModuleAccessPanel } from "./module-access-panel";
import { ADMIN_MODULE_ICONS } from "./module-icons";
import { ADMIN_MODULE_SCREENS } from "./module-screens";
import { UserBadge } from "./user-badge";

export type AdminLayoutProps = { module: AdminModule; isDefault: boolean };

export function AdminLayout({ module, isDefault }: AdminLayoutProps) {
  const auth = useAuth();
  const modules = visibleAdminModules(auth);
  const canOpen = canOpenAdminModule(auth, module);
  const first = modules[0];
  if (isDefault && !canOpen && first) return <Redirect to={adminModulePath(first)} replace />;
  const ModuleScreen = ADMIN_MODULE_SCREENS[module];

  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start lg:gap-8">
      <AdminSidebar current={module} modules={modules} />
      <div className="min-w-0 flex-1">
        {auth.validationError ? <ValidationProblem /> : null}
        {canOpen ? (
          <Suspense fallback={<PageSpinner />}>
            <ModuleScreen />
          </Suspense>
        ) : (
          <ModuleAccessPanel module={module} modules={modules} />
        )}
      </div>
    </div>
  );
}

function ValidationProblem() {
  const { t } = useTranslation();
  const auth = useAuth();
  const isOnline = useIsOnline();
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <ExclamationTriangleIcon className="size-5 shrink-0 text-amber-500" />
      <div className="min-w-0 flex-1">
        {/* Offline, the check could not have worked: say so, and what still works, not that the login failed. */}
        <p className="font-semibold">{t(isOnline ? "auth.notices.checkFailedTitle" : "auth.notices.offlineTitle")}</p>
        <p className="mt-0.5 text-amber-800 dark:text-amber-200/80">
          {t(isOnline ? "auth.notices.checkFailedDescription" : "auth.notices.offlineDescription")}
        </p>
      </div>
      <Button size="sm" icon={ArrowPathIcon} isLoading={auth.isValidating} onClick={() => void authStore.revalidate()}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

function ModuleLinks({
  current,
  modules,
  onNavigate,
}: {
  current: AdminModule;
  modules: AdminModule[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-0.5">
      {modules.map((module) => {
        const isActive = module === current;
        const Icon = ADMIN_MODULE_ICONS[module];
        return (
          <li key={module}>
            <Link
              href={adminModulePath(module)}
              aria-current={isActive ? "page" : undefined}
              onClick={onNavigate}
              className={cx(
                "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                isActive
                  ? "bg-white text-indigo-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-indigo-300 dark:ring-slate-800"
                  : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800/70 dark:hover:text-white",
                focusRing,
              )}
            >
              <Icon
                className={cx(
                  "size-5 shrink-0",
                  isActive
                    ? "text-indigo-600 dark:text-indigo-300"
                    : "text-slate-400 group-hover:text-slate-600 dark:text-slate-500 dark:group-hover:text-slate-300",
                )}
              />
              {t(`adminModules.${module}.name`)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function AdminSidebar({ current, modules }: { current: AdminModule; modules: AdminModule[] }) {
  const { t } = useTranslation();
  const CurrentIcon = ADMIN_MODULE_ICONS[current];
  const currentName = t(`adminModules.${current}.name`);
  return (
    <>
      <aside className="hidden w-56 shrink-0 md:sticky md:top-24 md:flex md:flex-col md:gap-6">
        <UserBadge />
        {modules.length > 0 ? (
          <nav aria-label={t("screens.admin.navLabel")}>
            <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
              {t("screens.admin.title")}
            </p>
            <ModuleLinks current={current} modules={modules} />
          </nav>
        ) : null}
      </aside>

      <Disclosure as="div" className="md:hidden">
        {({ open, close }) => (
          <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            {/* Named by its content, the module and "Admin", so the name holds what it shows (WCAG 2.5.3). */}
            <DisclosureButton
              className={cx(
                "flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium text-slate-800 dark:text-slate-100",
                focusRing,
              )}
            >
              <CurrentIcon className="size-5 shrink-0 text-indigo-600 dark:text-indigo-300" />
              <span className="min-w-0 flex-1 truncate">{currentName}</span>
              <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{t("screens.admin.title")}</span>
              <ChevronDownIcon
                className={cx("size-5 shrink-0 text-slate-400 transition-transform", open && "rotate-180")}
              />
            </DisclosureButton>
            {/* Open, the module menu is what the user is reading: toasts keep off it (toast-placement.ts). */}
            <DisclosurePanel
              {...{ [TOAST_AVOID_ATTRIBUTE]: TOAST_HOLD }}
              className="flex flex-col gap-4 border-t border-slate-200 p-3 dark:border-slate-800"
              onKeyDown={(event: KeyboardEvent) => {
                if (event.key === "Escape") close();
              }}
            >
              {modules.length > 0 ? (
                <nav aria-label={t("screens.admin.navLabel")}>
                  <ModuleLinks current={current} modules={modules} onNavigate={() => close()} />
                </nav>
              ) : null}
              <UserBadge />
            </DisclosurePanel>
          </div>
        )}
      </Disclosure>
    </>
  );
}
