// A group of fields under one legend, and one choice among a few drawn as cards. Each card is a
// label around a native radio input, so arrow keys move between the choices, the browser's own
// checked state is what a screen reader hears, and the keyboard focus shows on the card.
import type { ReactNode } from "react";
import { cx } from "../class-names";
import { describedBy, FieldError } from "./form-controls";

export type FieldGroupProps = {
  /** The hint's id is `${id}-hint` (fields inside may point at it too), the error's `${id}-error`. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
};

/** A fieldset with its legend, a hint under it, its fields, and a message for the whole group. */
export function FieldGroup({ id, legend, hint, error, children }: FieldGroupProps) {
  return (
    <fieldset aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

export type ChoiceCardsProps<Value extends string> = {
  /** The radio inputs' name. */
  name: string;
  choices: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
  /** The grid the cards stand in. */
  className: string;
  /** Each card's own layout and padding. */
  cardClassName: string;
  /** true: a visible radio circle at the start of each card; false: the card's highlight alone. */
  showsRadio?: boolean;
  /** What a card shows for its choice. */
  children: (choice: Value) => ReactNode;
};

export function ChoiceCards<Value extends string>({
  name,
  choices,
  value,
  onChange,
  className,
  cardClassName,
  showsRadio = false,
  children,
}: ChoiceCardsProps<Value>) {
  return (
    <div className={className}>
      {choices.map((choice) => (
        <label
          key={choice}
          className={cx(
            "cursor-pointer text-sm ring-1 transition-colors ring-inset has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:has-focus-visible:outline-indigo-400",
            value === choice
              ? "bg-indigo-50 text-indigo-700 ring-indigo-500 dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-400"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800",
            cardClassName,
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
            className={showsRadio ? "mt-0.5 size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400" : "sr-only"}
          />
          {children(choice)}
        </label>
      ))}
    </div>
  );
}
