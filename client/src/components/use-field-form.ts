// The state every form dialog keeps: the values, a message per field (ours before sending, the
// server's after) and one message for the whole form. Editing a field clears its message; a failed
// check or a refused save moves the focus to the first field that needs attention.
import { type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageOf, fieldIssuesOf } from "../lib/api-errors";
import { type FieldErrors, fieldErrorsFromServer } from "../lib/form-messages";
import { useFocusFirstInvalid } from "./use-focus-invalid";

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
    setFormError(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }));
  };

  return { formRef, state, setState, change, errors, setErrors, formError, check, showServerError };
}
