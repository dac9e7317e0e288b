// The custom link suffix, checked as it is typed with the same schema the server applies
// (shared/schemas/paste-fields.ts customSlug), so the form never promises what the server refuses.
import { SLUG_MAX_LENGTH } from "@shared/constants";
import { customSlug } from "@shared/schemas/paste-fields";
import { type FieldMessage, messageOfIssue } from "../form-messages";

/** Null when the value is acceptable; an empty value is acceptable (a suffix is generated). */
export function validateSlugInput(value: string): FieldMessage | null {
  if (value.trim() === "") return null;
  const result = customSlug.safeParse(value);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return issue ? messageOfIssue(issue) : { key: "errors.slugInvalid" };
}

/** What the counter under the field shows, e.g. 12 / 50. */
export function slugLength(value: string): { length: number; max: number } {
  return { length: value.trim().length, max: SLUG_MAX_LENGTH };
}
