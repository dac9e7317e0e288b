// The card of a configured thing in the admin (a storage config, a mount point): its icon, name and
// badges, a line under the name, a switch or the like on the right, its details, and actions below.
import type { ComponentType, ReactNode } from "react";
import { cx } from "../../../components/class-names";
import { IconBadge } from "../../../components/icon-badge";
import type { IconProps } from "../../../components/icons";

export function ConfigCard({
  icon,
  title,
  badges,
  subtitle,
  aside,
  children,
  actions,
  actionsClassName = "px-4 py-3 sm:px-5",
  testId,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  badges?: ReactNode;
  subtitle: ReactNode;
  aside?: ReactNode;
  /** The details (a <CardDetails>) and anything else between the header and the actions. */
  children: ReactNode;
  actions: ReactNode;
  actionsClassName?: string;
  testId: string;
}) {
  return (
    <li
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-testid={testId}
    >
      <div className="flex items-start gap-3 p-4 sm:p-5">
        <IconBadge icon={icon} hasRing className="size-10 rounded-xl" iconClassName="size-5.5" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 truncate text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
            {badges}
          </div>
          {subtitle}
        </div>
        {aside}
      </div>
      {children}
      <div
        className={cx(
          "mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 dark:border-slate-800",
          actionsClassName,
        )}
      >
        {actions}
      </div>
    </li>
  );
}

/** One fact of a card, cut to one line (the whole value on hover). */
export function CardDetail({
  label,
  children,
  mono = false,
  isWide = false,
  action,
}: {
  label: string;
  children: string;
  mono?: boolean;
  isWide?: boolean;
  /** A small control after the value (a link-like button that changes it). */
  action?: ReactNode;
}) {
  const text = cx("truncate text-sm text-slate-800 dark:text-slate-200", mono && "font-mono text-[13px]");
  return (
    <div className={cx("min-w-0", isWide && "col-span-2")}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      {action ? (
        <dd className="mt-0.5 flex min-w-0 items-center gap-2">
          <span className={text} title={children}>
            {children}
          </span>
          {action}
        </dd>
      ) : (
        <dd className={cx("mt-0.5", text)} title={children}>
          {children}
        </dd>
      )}
    </div>
  );
}
