// The state every form dialog keeps: the values, a message per field (ours before sending, the
// server's after) and one message for the whole form. Editing a field clears its message; a failed
// check or a refused save moves the focus to the first field that needs attention.
import { type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldIssuesOf } from "../../lib/api/api-errors";
import { type FieldErrors, fieldErrorsFromServer, renderFieldMessage } from "../../lib/form-messages";
import { useErrorMessage } from "./use-error-message";
import { useFocusFirstInvalid } from "./use-focus-invalid";

/** The names of the values that are any string (not a choice among some), and of the on/off values. */
type TextKey<State> = {
  [Key in keyof State]: string extends State[Key] ? ([State[Key]] extends [string] ? Key : never) : never;
}[keyof State];
type ToggleKey<State> = { [Key in keyof State]: [State[Key]] extends [boolean] ? Key : never }[keyof State];

/** What a TextField needs to show and change one value, with its message. */
export type BoundText = { value: string; onValueChange: (value: string) => void; error: string | null };

/** What a CheckboxField or SwitchField needs to show and change one value. */
export type BoundToggle = { checked: boolean; onCheckedChange: (checked: boolean) => void };

/** The usual props of an input whose value is typed as is (a name, a path, a key): no autofill,
 * no spell check, no capital letter added on phones. */
export const VERBATIM_INPUT = { autoComplete: "off", autoCapitalize: "none", spellCheck: false } as const;

export type FieldForm<State, Field extends string> = {
  /** The <form>: where the focus looks for the first field to fix. */
  formRef: RefObject<HTMLFormElement | null>;
  state: State;
  setState: (update: (current: State) => State) => void;
  /** Changes some values and clears the messages of the fields they belong to. */
  change: (patch: Partial<State>) => void;
  errors: FieldErrors<Field>;
  setErrors: (errors: FieldErrors<Field>) => void;
  formError: string | null;
  /** Binds a text field to a value: `<TextField label="…" {...form.text("name")} />`. */
  text: (key: TextKey<State>) => BoundText;
  /** Binds a checkbox or a switch to a value. */
  toggle: (key: ToggleKey<State>) => BoundToggle;
  /** Shows the problems found before sending; true when there are none. */
  check: (found: FieldErrors<Field>) => boolean;
  /** A failed request: its validation issues at their fields (with what the caller read from the
   * answer itself, such as a 409 about a taken name), anything else above the form. */
  showServerError: (
    error: unknown,
    fieldOf: (path: string) => Field | null,
    atFields?: FieldErrors<Field> | null,
  ) => void;
};

export function useFieldForm<State extends object, Field extends string>(
  initial: () => State,
  /** The field whose message a changed value clears (default: the value's own name). */
  fieldOfValue: (key: keyof State) => Field = (key) => String(key) as Field,
): FieldForm<State, Field> {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<State>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const change = (patch: Partial<State>) => {
    setState((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof State)[]) delete next[fieldOfValue(key)];
      return next;
    });
  };

  const text = (key: TextKey<State>): BoundText => ({
    value: state[key] as string,
    onValueChange: (value) => change({ [key]: value } as Partial<State>),
    error: renderFieldMessage(t, errors[fieldOfValue(key)]),
  });

  const toggle = (key: ToggleKey<State>): BoundToggle => ({
    checked: state[key] as boolean,
    onCheckedChange: (checked) => change({ [key]: checked } as Partial<State>),
  });

  const check = (found: FieldErrors<Field>) => {
    setFormError(null);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstInvalid();
    return false;
  };

  const showServerError: FieldForm<State, Field>["showServerError"] = (error, fieldOf, atFields) => {
    const fieldErrors = { ...fieldErrorsFromServer(fieldIssuesOf(error), fieldOf), ...atFields };
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      focusFirstInvalid();
      return;
    }
    setFormError(errorMessage(error));
  };

  return { formRef, state, setState, change, errors, setErrors, formError, text, toggle, check, showServerError };
}
