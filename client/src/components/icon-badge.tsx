// The icon in a tinted circle (or rounded square) that heads a dialog, a settings section, a card or
// an empty state. One place for its tones so that every "indigo badge" is the same indigo. Below it,
// the heading of a card that opens with its badge.
import type { ComponentType, ReactNode } from "react";
import { cx } from "./class-names";
import type { IconProps } from "./icons";

const TONES = {
  slate: "bg-slate-100 text-slate-500 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700",
  indigo:
    "bg-indigo-50 text-indigo-600 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20",
  red: "bg-red-50 text-red-600 ring-red-100 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/20",
  emerald:
    "bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/20",
  amber: "bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20",
};

export type IconBadgeTone = keyof typeof TONES;

export function IconBadge({
  icon: Icon,
  tone = "indigo",
  hasRing = false,
  className = "size-10 rounded-full",
  iconClassName = "size-5",
}: {
  icon: ComponentType<IconProps>;
  tone?: IconBadgeTone;
  /** A thin inner ring in the tone, for a badge on a white surface that needs an edge. */
  hasRing?: boolean;
  /** Its size and shape. */
  className?: string;
  iconClassName?: string;
}) {
  return (
    <span
      className={cx(
        "flex shrink-0 items-center justify-center",
        TONES[tone],
        hasRing && "ring-1 ring-inset",
        className,
      )}
    >
      <Icon className={iconClassName} />
    </span>
  );
}

/** A card's heading: its badge beside the h2 and one line on what the card holds. */
export function BadgedHeading({
  icon,
  tone,
  title,
  titleId,
  description,
}: {
  icon: ComponentType<IconProps>;
  tone?: IconBadgeTone;
  title: ReactNode;
  titleId?: string;
  description: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <IconBadge icon={icon} tone={tone} hasRing />
      <div className="min-w-0">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
    </div>
  );
}
