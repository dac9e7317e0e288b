// What an admin list shows when it has no rows to show: still loading (a skeleton), or empty (what
// would be here and how to add the first one). A list that failed to load shows LoadError
// (components/feedback/request-status.tsx).
import type { ComponentType, ReactNode } from "react";
import { cx } from "../../../../components/class-names";
import { IconBadge } from "../../../../components/icon-badge";
import type { IconProps } from "../../../../components/icons";

export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  description: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        "flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center dark:border-slate-800",
        className,
      )}
    >
      <IconBadge icon={icon} className="size-12 rounded-full" iconClassName="size-6" />
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">{description}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

/** Rows of grey bars in the shape of a table, announced as loading. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: 1 | 2 | 3 | 4 }) {
  return (
    <div
      role="status"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].slice(0, rows).map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-b-0 motion-safe:animate-pulse dark:border-slate-800"
        >
          <span className="size-4 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="h-3.5 w-32 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="hidden h-3.5 flex-1 rounded bg-slate-100 sm:block dark:bg-slate-800" />
          <span className="ml-auto h-3.5 w-16 rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}

/** Blank cards in the grid the real cards will fill, announced as loading. */
export function CardGridSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cx("grid gap-4", className)}>
      <span className="sr-only">{label}</span>
      {[0, 1].map((card) => (
        <div
          key={card}
          aria-hidden="true"
          className="h-48 rounded-2xl bg-white ring-1 ring-slate-200 motion-safe:animate-pulse dark:bg-slate-900 dark:ring-slate-800"
        />
      ))}
    </div>
  );
}
