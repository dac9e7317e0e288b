// The heading block every screen opens with: an icon tile, the screen's h1, a one-line description,
// and room for metadata (a slug, a path) and for actions that later screens add.
import type { ComponentType, ReactNode } from "react";
import { IconBadge } from "../icon-badge";
import type { IconProps } from "../icons";

export type PageHeaderProps = {
  title: string;
  description: string;
  icon?: ComponentType<IconProps>;
  meta?: ReactNode;
  actions?: ReactNode;
};

export function PageHeader({ title, description, icon, meta, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800">
      <div className="flex min-w-0 items-start gap-4">
        {icon ? <IconBadge icon={icon} hasRing className="size-11 rounded-xl" iconClassName="size-6" /> : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
          <p className="mt-1.5 text-base text-slate-600 dark:text-slate-400">{description}</p>
          {meta ? <div className="mt-3 flex flex-wrap items-center gap-2">{meta}</div> : null}
        </div>
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}

export function MetaBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex max-w-full items-center truncate rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {children}
    </span>
  );
}
