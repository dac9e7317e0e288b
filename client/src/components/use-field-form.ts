// The state every form dialog keeps: the values, a message per field (ours before sending, the
// server's after) and one message for the whole form. Editing a field clears its message; a failed
// check moves the focus to the first field that needs attention.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageOf, fieldIssuesOf } from "../lib/api-errors";
import { type FieldErrors, fieldErrorsFromServer } from "../lib/form-messages";

export type FieldForm<State, Field extends string> = {
  state: State;
  setState: (update: (current: State) => State) => void;
  /** Changes some values and clears the messages of the fields they belong to. */
  change: (patch: Partial<State>) => void;
  errors: FieldErrors<Field>;
  setErrors: (errors: FieldErrors<Field>) => void;
  formError: string | null;
  /** Shows the problems found before sending; true when there are none. */
  check: (event: FormEvent<HTMLFormElement>, found: FieldErrors<Field>) => boolean;
  /** A failed request: its validation issues at their fields, anything else above the form. */
  showServerError: (error: unknown, fieldOf: (path: string) => Field | null) => void;
};

export function useFieldForm<State extends object, Field extends string>(
  initial: () => State,
  /** The field whose message a changed value clears (default: the value's own name). */
  fieldOfValue: (key: keyof State) => Field = (key) => String(key) as Field,
): FieldForm<State, Field> {
  const { t } = useTranslation();
  const [state, setState] = useState<State>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (patch: Partial<State>) => {
    setState((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof State)[]) delete next[fieldOfValue(key)];
      return next;
    });
  };

  const check = (event: FormEvent<HTMLFormElement>, found: FieldErrors<Field>) => {
    setFormError(null);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    const form = event.currentTarget;
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return false;
  };

  const showServerError = (error: unknown, fieldOf: (path: string) => Field | null) => {
    const fieldErrors = fieldErrorsFromServer(fieldIssuesOf(error), fieldOf);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
      setFormError(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }));
    }
  };

  return { state, setState, change, errors, setErrors, formError, check, showServerError };
}
