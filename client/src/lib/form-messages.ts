// A message next to a form field: an i18n key the client chose (with values), or a sentence the
// server already wrote in the user's language (error.data.issues).
import type { TFunction } from "i18next";
import type { z } from "zod";

export type FieldMessage = { key: string; values?: Record<string, unknown> } | { text: string };

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldMessage>>;

export function renderFieldMessage(t: TFunction, message: FieldMessage | undefined | null): string | null {
  if (!message) return null;
  return "text" in message ? message.text : t(message.key, message.values ?? {});
}

const I18N_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

/**
 * A zod issue as a field message. The shared schemas carry i18n keys (such as errors.apiKeyNameRequired);
 * zod's own messages (a length limit without a custom message) are English only, so those get ours.
 */
export function messageOfIssue(issue: z.core.$ZodIssue): FieldMessage {
  if (I18N_KEY.test(issue.message)) return { key: issue.message };
  if (issue.code === "too_big" && typeof issue.maximum === "number") {
    return { key: "forms.tooLong", values: { max: issue.maximum } };
  }
  return { key: "forms.invalidValue" };
}

/** The first issue per top-level field, mapped to the form's field names. */
export function fieldErrorsFromIssues<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (path: string) => Field | null,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fieldOf(String(issue.path[0] ?? ""));
    if (field && !errors[field]) errors[field] = messageOfIssue(issue);
  }
  return errors;
}

/** Server validation issues ({path, message}, message already translated) mapped to form fields. */
export function fieldErrorsFromServer<Field extends string>(
  issues: readonly { path: string; message: string }[],
  fieldOf: (path: string) => Field | null,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path.split(".")[0] ?? "");
    if (field && !errors[field]) errors[field] = { text: issue.message };
  }
  return errors;
}
