// The card every dashboard section sits in: a heading that names the region, an optional line
// under it and room for actions at the right (they drop below the heading on a phone).
import { type ReactNode, useId } from "react";
import { cx } from "../../../components/class-names";
import { TOAST_AVOID_ATTRIBUTE } from "../../../components/feedback/toast-placement";

export type PanelProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
  /** Toasts keep clear of it (components/feedback/toast-placement.ts). */
  avoidToasts?: boolean;
};

export function Panel({ title, description, actions, className, children, testId, avoidToasts }: PanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      {...(avoidToasts ? { [TOAST_AVOID_ATTRIBUTE]: "" } : {})}
      className={cx(
        "flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800",
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 pt-4 sm:px-5 sm:pt-5">
        {/* Grows beside the actions, and lets them drop below it only when there is no room. */}
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">{children}</div>
    </section>
  );
}

/** A grey block in place of a panel's content while it loads. */
export function PanelSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx("rounded-xl bg-slate-100 motion-safe:animate-pulse dark:bg-slate-800/70", className)}
    />
  );
}
