// Admin panel frame (SPEC.md §2): module navigation (a sidebar from md up, a select below it) and the
// current module's screen. Auth and the route guard arrive with the login issue.
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { cx, focusRing } from "../components/class-names";
import { ChevronDownIcon } from "../components/icons";
import { PageSpinner } from "../components/page-spinner";
import { ADMIN_MODULES, type AdminModule, adminModulePath, isAdminModule } from "../routes";
import { ADMIN_MODULE_ICONS } from "./admin/module-icons";
import { ADMIN_MODULE_SCREENS } from "./admin/module-screens";

export type AdminScreenProps = { module: AdminModule };

export default function AdminScreen({ module }: AdminScreenProps) {
  const ModuleScreen = ADMIN_MODULE_SCREENS[module];
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start md:gap-8">
      <AdminModuleNav current={module} />
      <div className="min-w-0 flex-1">
        <Suspense fallback={<PageSpinner />}>
          <ModuleScreen />
        </Suspense>
      </div>
    </div>
  );
}

function AdminModuleNav({ current }: { current: AdminModule }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();

  return (
    <>
      <nav aria-label={t("screens.admin.navLabel")} className="hidden w-60 shrink-0 md:sticky md:top-24 md:block">
        <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
          {t("screens.admin.title")}
        </p>
        <ul className="flex flex-col gap-0.5">
          {ADMIN_MODULES.map((module) => {
            const isActive = module === current;
            const Icon = ADMIN_MODULE_ICONS[module];
            return (
              <li key={module}>
                <Link
                  href={adminModulePath(module)}
                  aria-current={isActive ? "page" : undefined}
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
      </nav>

      <div className="md:hidden">
        <label htmlFor="admin-module-select" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t("screens.admin.moduleSelect")}
        </label>
        <div className="relative mt-1.5">
          <select
            id="admin-module-select"
            value={current}
            onChange={(event) => {
              if (isAdminModule(event.target.value)) navigate(adminModulePath(event.target.value));
            }}
            className={cx(
              "block w-full appearance-none rounded-lg border border-slate-300 bg-white py-2.5 pr-10 pl-3 text-base text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-white",
              focusRing,
            )}
          >
            {ADMIN_MODULES.map((module) => (
              <option key={module} value={module}>
                {t(`adminModules.${module}.name`)}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
        </div>
      </div>
    </>
  );
}
