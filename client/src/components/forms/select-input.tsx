// A <select> over a fixed list of plain values (units, page sizes), each shown as itself, styled as
// the other inputs. The chosen value comes back with its own type, not as the option's text.
import type { SelectHTMLAttributes } from "react";
import { cx } from "../class-names";
import { inputClasses } from "./form-controls";

export type SelectInputProps<Value extends string | number> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "value" | "onChange"
> & {
  options: readonly Value[];
  value: Value;
  onValueChange: (value: Value) => void;
};

export function SelectInput<Value extends string | number>({
  options,
  value,
  onValueChange,
  className,
  ...selectProps
}: SelectInputProps<Value>) {
  return (
    <select
      value={value}
      onChange={(event) => {
        const chosen = options[event.target.selectedIndex];
        if (chosen !== undefined) onValueChange(chosen);
      }}
      className={cx(inputClasses(false), className)}
      {...selectProps}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
