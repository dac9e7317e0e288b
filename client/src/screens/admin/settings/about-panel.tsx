// What this server is: its version (GET /api/version, as the footer shows it), the runtime, the
// database and its schema level (the newest migration applied), and a link to the generated API reference.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import { useTranslation } from "react-i18next";
import { cx, focusRing } from "../../../components/class-names";
import { useServerVersion } from "../../../components/layout/site-footer";
import { SettingsSection } from "./settings-section";

export function AboutPanel() {
  const { t } = useTranslation();
  const version = useServerVersion();
  const rows = version.data
    ? [
        { label: t("about.version"), value: version.data.version, testId: "about-version" },
        { label: t("about.runtime"), value: version.data.runtime, testId: "about-runtime" },
        { label: t("about.database"), value: t(`about.databases.${version.data.database}`), testId: "about-database" },
        { label: t("about.schemaLevel"), value: version.data.schema_level, testId: "about-schema-level" },
      ]
    : [];
  return (
    <SettingsSection icon={InformationCircleIcon} ns="about" testId="about-panel">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        {version.isError ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("about.unavailable")}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-8 gap-y-3 sm:flex sm:gap-10">
            {version.isPending
              ? [0, 1, 2, 3].map((row) => (
                  <div
                    key={row}
                    aria-hidden="true"
                    className="h-10 w-24 rounded-md bg-slate-100 motion-safe:animate-pulse dark:bg-slate-800"
                  />
                ))
              : rows.map((row) => (
                  <div key={row.testId} className="min-w-0">
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{row.label}</dt>
                    <dd
                      className="mt-0.5 truncate font-mono text-sm font-medium text-slate-900 dark:text-white"
                      data-testid={row.testId}
                    >
                      {row.value}
                    </dd>
                  </div>
                ))}
          </dl>
        )}
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener noreferrer"
          className={cx(
            "inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-indigo-600 hover:text-indigo-700 sm:self-auto dark:text-indigo-400 dark:hover:text-indigo-300",
            focusRing,
          )}
        >
          {t("about.apiReference")}
          <ArrowTopRightOnSquareIcon className="size-4" />
        </a>
      </div>
    </SettingsSection>
  );
}
