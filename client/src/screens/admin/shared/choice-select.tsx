// A labelled <select> over a fixed list of choices (an audit event, an expiry, an hour), each shown
// by its text, with an optional first option (a "keep" or an "any" with its own value). The chosen
// value comes back with its own type, not as the option's text.
import type { ReactNode } from "react";
import { FormField } from "../../../components/forms/form-controls";

export function ChoiceSelect<Value extends string | number>({
  label,
  hint,
  error,
  name,
  testId,
  first,
  choices,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  name?: string;
  testId?: string;
  /** An option before the choices: its value and text. */
  first?: { value: Value; label: string };
  choices: readonly Value[];
  labelOf: (choice: Value) => string;
  value: Value;
  onChange: (choice: Value) => void;
}) {
  const options = first ? [first.value, ...choices] : choices;
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => String(option) === event.target.value);
            if (chosen !== undefined) onChange(chosen);
          }}
          data-testid={testId}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {first && option === first.value ? first.label : labelOf(option)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
