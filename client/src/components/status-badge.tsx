// The small rounded label that names a state (a task running, a link expired, a job failed), in one of
// five colours. Each list maps its states to a tone once (a `Record<State, StatusTone>`), so the same
// state looks the same on every card and in every dialog.
import type { ReactNode } from "react";
import { cx } from "./class-names";

const TONES = {
  green:
    "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
  red: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30",
  blue: "bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/30",
  grey: "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/20",
} as const;

export type StatusTone = keyof typeof TONES;

export function StatusBadge({
  tone,
  testId,
  className,
  children,
}: {
  tone: StatusTone;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx("rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONES[tone], className)}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
