// One part of the settings, security and backups screens: a card headed by its icon, title and one
// line on what it holds; the title names the section for screen readers. Its texts are `<ns>.title`
// and `<ns>.description`; screens/admin/shared/texts.test.ts checks them for every name listed here.
import { type ComponentType, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { BadgedHeading } from "../../../components/icon-badge";
import type { IconProps } from "../../../components/icons";

export const SETTINGS_SECTION_NS = [
  "about",
  "account",
  "systemSettings",
  "backups.archives",
  "backups.create",
  "backups.import",
  "backups.restore",
  "backups.schedule",
  "security.appPasswords",
  "security.passkeys",
  "security.sessions",
  "security.sso",
  "security.totp",
] as const;
type SettingsSectionNs = (typeof SETTINGS_SECTION_NS)[number];

export function SettingsSection({
  icon,
  ns,
  testId,
  children,
}: {
  icon: ComponentType<IconProps>;
  ns: SettingsSectionNs;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-testid={testId}
    >
      <div className="border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <BadgedHeading icon={icon} title={t(`${ns}.title`)} titleId={headingId} description={t(`${ns}.description`)} />
      </div>
      {children}
    </section>
  );
}
