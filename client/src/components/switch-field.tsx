// An on/off setting (Headless UI Switch). Apart from form-controls.tsx so that the forms which only
// need text fields (the share password prompt on the paste and file pages) load no Headless UI.
import { Description, Field, Label, Switch } from "@headlessui/react";
import type { ReactNode } from "react";
import { cx, focusRing } from "./class-names";

export type SwitchFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off setting (Headless UI Switch: role="switch", Space toggles, the label clicks through). */
export function SwitchField({ label, description, checked, onCheckedChange }: SwitchFieldProps) {
  return (
    <Field className="flex items-start justify-between gap-4">
      <div className="text-sm leading-6">
        <Label className="font-medium text-slate-800 dark:text-slate-200">{label}</Label>
        {description ? <Description className="text-slate-500 dark:text-slate-400">{description}</Description> : null}
      </div>
      <Switch
        checked={checked}
        onChange={onCheckedChange}
        className={cx(
          "group relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-checked:bg-indigo-600 dark:bg-slate-700 dark:data-checked:bg-indigo-500",
          focusRing,
        )}
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-5.5 motion-reduce:transition-none"
        />
      </Switch>
    </Field>
  );
}
