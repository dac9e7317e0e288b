// An on/off setting. Plain elements (the WAI-ARIA switch pattern) rather than Headless UI's Switch:
// the share forms of Home and Upload have it, and Headless UI's shared code would cost each of them
// more than the whole field (docs/architecture.md, What each page loads).
import { type KeyboardEvent, type ReactNode, useId } from "react";
import { cx, focusRing } from "../class-names";

export type SwitchFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off setting: a button with role="switch" that Space or a click toggles, and its label
 * toggles too. Enter submits the form the switch is in instead (as in Headless UI and native
 * checkboxes), so pressing Enter in a form never flips a setting by accident.
 */
export function SwitchField({ label, description, checked, onCheckedChange }: SwitchFieldProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="text-sm leading-6">
        <label id={`${id}-label`} htmlFor={`${id}-switch`} className="font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-slate-500 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={`${id}-switch`}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        data-checked={checked ? "" : undefined}
        onClick={() => onCheckedChange(!checked)}
        onKeyDown={onKeyDown}
        className={cx(
          "group relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-checked:bg-indigo-600 dark:bg-slate-700 dark:data-checked:bg-indigo-500",
          focusRing,
        )}
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-5.5 motion-reduce:transition-none"
        />
      </button>
    </div>
  );
}
