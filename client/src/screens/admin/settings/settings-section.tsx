// One part of the settings screen (system settings, the admin account, about): a card headed by its
// icon, title and one line on what it holds; the title names the section for screen readers.
import { type ComponentType, type ReactNode, useId } from "react";
import { IconBadge } from "../../../components/icon-badge";
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
      <div className="flex items-start gap-4 border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <IconBadge icon={icon} />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
