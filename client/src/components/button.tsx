// Buttons used across screens: one look per role (primary action, secondary, danger, quiet), a busy
// state that keeps the label readable, and type="button" unless a form submit is asked for.
import type { ButtonHTMLAttributes, ComponentType, ReactNode } from "react";
import { cx, focusRing } from "./class-names";
import { Spinner } from "./feedback/spinner";
import { TOAST_AVOID_ATTRIBUTE } from "./feedback/toast-placement";
import type { IconProps } from "./icons";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 disabled:bg-indigo-600/60 dark:bg-indigo-500 dark:hover:bg-indigo-600 dark:disabled:bg-indigo-500/50",
  secondary:
    "bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900 disabled:text-slate-400 disabled:hover:bg-white dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800 dark:hover:text-white dark:disabled:text-slate-500 dark:disabled:hover:bg-slate-900",
  // Disabled, a danger button loses its red in both themes: a dimmed red on a dark page still reads as ready.
  danger:
    "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none disabled:hover:bg-slate-200 dark:hover:bg-red-700 dark:disabled:bg-slate-800 dark:disabled:text-slate-400 dark:disabled:hover:bg-slate-800",
  ghost:
    "text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-400 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 px-2.5 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
};

export function buttonClasses(variant: ButtonVariant = "secondary", size: ButtonSize = "md"): string {
  return cx(
    "inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
    focusRing,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ComponentType<IconProps>;
  isLoading?: boolean;
  /** With an icon: the label is only read out on phones (the icon stands alone), shown from `sm` up. */
  isCompactOnPhones?: boolean;
  children: ReactNode;
};

export function Button({
  variant = "secondary",
  size = "md",
  icon: Icon,
  isLoading = false,
  type = "button",
  className,
  disabled,
  isCompactOnPhones = false,
  children,
  ...props
}: ButtonProps) {
  const isCompact = isCompactOnPhones && Boolean(Icon);
  return (
    <button
      type={type}
      className={cx(buttonClasses(variant, size), isCompact && "max-sm:w-9 max-sm:px-0", className)}
      title={isCompact && typeof children === "string" ? children : props.title}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      // A toast never lies over a primary action (toast-placement.ts).
      {...(variant === "primary" ? { [TOAST_AVOID_ATTRIBUTE]: "" } : {})}
      {...props}
    >
      {isLoading ? <Spinner /> : Icon ? <Icon className="size-4.5 shrink-0" /> : null}
      {isCompact ? <span className="max-sm:sr-only">{children}</span> : children}
    </button>
  );
}
