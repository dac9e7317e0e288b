// The messages the share forms (Home's editor, the upload options, the admin's edit dialogs) show under
// a field as it is typed, from the rules the server's schemas are built from
// (shared/share-field-rules.ts), so a form never promises what the server refuses.
import { maxViewsProblem, pasteContentProblem, slugProblems } from "@shared/share-field-rules";
import type { FieldMessage } from "../../form-messages";

export const PASSWORD_MAX_LENGTH = 1024;

function messageOf(problem: string | null | undefined): FieldMessage | null {
  return problem ? { key: problem } : null;
}

/** Null when the value is acceptable; an empty value is acceptable (a suffix is generated). */
export function validateSlugInput(value: string): FieldMessage | null {
  if (value.trim() === "") return null;
  return messageOf(slugProblems(value)[0]);
}

/** An empty value means unlimited. */
export function validateMaxViews(value: string): FieldMessage | null {
  if (value.trim() === "") return null;
  if (!/^\d+$/.test(value.trim())) return { key: "errors.maxViewsInvalid" };
  return messageOf(maxViewsProblem(Number(value.trim())));
}

export function validateContent(content: string): FieldMessage | null {
  return messageOf(pasteContentProblem(content));
}
