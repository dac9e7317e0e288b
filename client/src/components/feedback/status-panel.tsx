// What a screen shows in place of content it has not got or may not show: an icon badge, a heading,
// one line on why, and the ways on. "page" heads a whole screen with an h1 (a share that is gone,
// offline, an unknown page); "card" stands in for one section of a screen with an h2, on the surface
// the caller gives it.
import type { ComponentType, ReactNode, Ref } from "react";
import { cx } from "../class-names";
import { IconBadge, type IconBadgeTone } from "../icon-badge";
import type { IconProps } from "../icons";

const SIZES = {
  page: {
    section: "py-14 sm:py-20",
    badge: "size-14 rounded-full",
    icon: "size-7",
    heading: "mt-5 text-2xl font-semibold tracking-tight text-balance sm:text-3xl",
    description: "mt-3 text-base",
    actions: "mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row",
  },
  card: {
    section: "px-6 py-12",
    badge: "size-12 rounded-full",
    icon: "size-6",
    heading: "mt-4 text-lg font-semibold",
    description: "mt-1.5 text-sm",
    actions: "mt-6 flex flex-col gap-2 sm:flex-row",
  },
};

export type StatusPanelProps = {
  size: keyof typeof SIZES;
  /** The badge above the heading; a page may show a short `eyebrow` line (an error code) instead. */
  icon?: ComponentType<IconProps>;
  tone?: IconBadgeTone;
  eyebrow?: ReactNode;
  title: ReactNode;
  /** The heading's id, which names the section. */
  titleId?: string;
  description?: ReactNode;
  /** Anything between the description and the actions (an address, a warning). */
  children?: ReactNode;
  /** The ways on: links and buttons, side by side from the small breakpoint up. */
  actions?: ReactNode;
  /** The surface and outer spacing (a card, a dashed frame, a top margin). */
  className?: string;
  role?: "alert" | "status";
  testId?: string;
  ref?: Ref<HTMLElement>;
};

export function StatusPanel({
  size,
  icon,
  tone = "slate",
  eyebrow,
  title,
  titleId,
  description,
  children,
  actions,
  className,
  role,
  testId,
  ref,
}: StatusPanelProps) {
  const classes = SIZES[size];
  const Heading = size === "page" ? "h1" : "h2";
  return (
    <section
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      className={cx("flex flex-col items-center text-center", classes.section, className)}
      data-testid={testId}
    >
      {icon ? (
        <IconBadge icon={icon} tone={tone} hasRing className={classes.badge} iconClassName={classes.icon} />
      ) : null}
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-widest text-indigo-600 dark:text-indigo-400">{eyebrow}</p>
      ) : null}
      <Heading id={titleId} className={cx(classes.heading, "text-slate-900 dark:text-white")}>
        {title}
      </Heading>
      {description ? (
        <p className={cx(classes.description, "max-w-md text-slate-600 dark:text-slate-400")}>{description}</p>
      ) : null}
      {children}
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </section>
  );
}
