// Labelled form controls: every input has a visible label, its hint and its error are tied to it
// with aria-describedby, and an error also sets aria-invalid so screen readers announce it. Plain
// elements only: the paste and file pages' password prompt uses them, and those pages load no
// Headless UI (the on/off switch, which does, is switch-field.tsx).
import ExclamationCircleIcon from "@heroicons/react/24/outline/ExclamationCircleIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import EyeSlashIcon from "@heroicons/react/24/outline/EyeSlashIcon";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import {
  type ChangeEvent,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { cx, focusRing } from "../class-names";
import type { IconProps } from "../icons";

export const inputClasses = (hasError: boolean) =>
  cx(
    "block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-500 dark:disabled:bg-slate-800/60",
    hasError ? "border-red-500 dark:border-red-400" : "border-slate-300 dark:border-slate-700",
    "focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-indigo-500 dark:focus-visible:border-indigo-400 dark:focus-visible:outline-indigo-400",
  );

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600 dark:text-red-400">
      <ExclamationCircleIcon className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-slate-500 dark:text-slate-400">
      {children}
    </p>
  );
}

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

/** What a control needs to be named by its label and described by its hint and error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  /** The input style, red while there is an error. */
  className: string;
};

export type FormFieldProps = {
  label: ReactNode;
  /** Beside the label, at the right (a note, a small control). */
  labelExtra?: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  /** Other elements that describe the control (a group's hint, a line under the field). */
  describedBy?: (string | false | null | undefined)[];
  className?: string;
  /** Classes of the box around the control (a row of two controls). */
  controlClassName?: string;
  /** Under the hint and the error (a preview of what will be saved). */
  below?: ReactNode;
  /** The control, given the props that tie it to the label, the hint and the error. */
  children: (control: FieldControlProps) => ReactNode;
};

/** One labelled field around any control (input, select, textarea, or several): the label names it,
 * the hint and the error describe it, and an error marks it invalid. */
export function FormField({
  label,
  labelExtra,
  hint,
  error,
  id,
  describedBy: moreDescriptions = [],
  className,
  controlClassName,
  below,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={controlId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {labelExtra}
      </div>
      <div className={cx("relative mt-1.5", controlClassName)}>
        {children({
          id: controlId,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy(hint ? hintId : null, ...moreDescriptions, error ? errorId : null),
          className: inputClasses(Boolean(error)),
        })}
      </div>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {below}
    </div>
  );
}

/** "Optional", beside the label of a field that may stay empty. */
export function OptionalMark() {
  const { t } = useTranslation();
  return <span className="text-xs text-slate-500 dark:text-slate-400">{t("common.optional")}</span>;
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> &
  Pick<FormFieldProps, "label" | "labelExtra" | "hint" | "error" | "describedBy" | "below"> & {
    value: string;
    onValueChange: (value: string) => void;
    /** Content at the right edge inside the input (a show/hide button). */
    trailing?: ReactNode;
    inputRef?: Ref<HTMLInputElement>;
  };

export function TextField({
  label,
  value,
  onValueChange,
  hint,
  error,
  trailing,
  inputRef,
  labelExtra,
  describedBy: moreDescriptions,
  below,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <FormField {...{ label, labelExtra, hint, error, id, className, below }} describedBy={moreDescriptions}>
      {(control) => (
        <>
          <input
            ref={inputRef}
            value={value}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
            {...control}
            className={cx(control.className, trailing ? "pr-11" : null)}
            {...inputProps}
          />
          {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
        </>
      )}
    </FormField>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, "type" | "trailing"> & {
  /** Labels for the reveal button, e.g. "Show password" / "Hide password". */
  showLabel?: string;
  hideLabel?: string;
};

/** A password (or secret key) input with a button that shows or hides what was typed. */
export function PasswordField({ showLabel, hideLabel, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const label = isVisible ? (hideLabel ?? t("forms.hidePassword")) : (showLabel ?? t("forms.showPassword"));
  return (
    <TextField
      {...props}
      type={isVisible ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      autoCorrect="off"
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={label}
          title={label}
          aria-pressed={isVisible}
          className={cx(
            "inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-white",
            focusRing,
          )}
        >
          {isVisible ? <EyeSlashIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  );
}

export type CheckboxFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
};

export function CheckboxField({ label, description, checked, onCheckedChange, disabled, name }: CheckboxFieldProps) {
  const id = `checkbox-${useId()}`;
  const descriptionId = `${id}-description`;
  return (
    <div className="flex gap-3">
      <div className="flex h-6 shrink-0 items-center">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-describedby={description ? descriptionId : undefined}
          className="size-4.5 rounded border-slate-300 accent-indigo-600 dark:border-slate-600 dark:accent-indigo-400"
        />
      </div>
      <div className="text-sm leading-6">
        <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-slate-500 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const ALERT_TONES = {
  error: {
    role: "alert",
    icon: ExclamationCircleIcon,
    box: "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200",
    iconColor: "text-red-500 dark:text-red-400",
  },
  info: {
    role: "status",
    icon: InformationCircleIcon,
    box: "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100",
    iconColor: "text-sky-600 dark:text-sky-300",
  },
  warning: {
    role: "status",
    icon: ExclamationTriangleIcon,
    box: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100",
    iconColor: "text-amber-500 dark:text-amber-300",
  },
} as const;

export type FormAlertProps = {
  children: ReactNode;
  title?: ReactNode;
  id?: string;
  /** "error" (default): what went wrong; "info": a notice that is not a failure; "warning": take care. */
  tone?: keyof typeof ALERT_TONES;
  /** The tone's own icon unless given. */
  icon?: ComponentType<IconProps>;
  /** An error is an alert, the others a status, unless a warning must interrupt. */
  role?: "alert" | "status";
  /** Spacing around it. */
  className?: string;
  testId?: string;
};

/** A message box (what the server said, a notice), announced when it appears. */
export function FormAlert({ title, children, id, tone = "error", icon, role, className, testId }: FormAlertProps) {
  const style = ALERT_TONES[tone];
  const Icon = icon ?? style.icon;
  return (
    <div
      id={id}
      role={role ?? style.role}
      className={cx("flex gap-3 rounded-lg border px-3.5 py-3 text-left text-sm", style.box, className)}
      data-testid={testId}
    >
      <Icon className={cx("mt-px size-5 shrink-0", style.iconColor)} />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={title ? "mt-0.5" : undefined}>{children}</div>
      </div>
    </div>
  );
}
