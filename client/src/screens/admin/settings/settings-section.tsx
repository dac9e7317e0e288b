// One part of the settings screen (system settings, the admin account, about): a card headed by its
// icon, title and one line on what it holds; the title names the section for screen readers.
import { type ComponentType, type ReactNode, useId } from "react";
import { BadgedHeading } from "../../../components/icon-badge";
import type { IconProps } from "../../../components/icons";

export function SettingsSection({
  icon,
  title,
  description,
  testId,
  children,
}: {
  icon: ComponentType<IconProps>;
  title: ReactNode;
  description: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-testid={testId}
    >
      <div className="border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <BadgedHeading icon={icon} title={title} titleId={headingId} description={description} />
      </div>
      {children}
    </section>
  );
}
