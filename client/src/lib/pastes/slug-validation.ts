// The custom link suffix, checked as it is typed with the rule the server's schema is built from
// (shared/share-field-rules.ts), so the form never promises what the server refuses.
import { SLUG_MAX_LENGTH } from "@shared/constants";
import { slugProblems } from "@shared/share-field-rules";
import type { FieldMessage } from "../form-messages";

/** Null when the value is acceptable; an empty value is acceptable (a suffix is generated). */
export function validateSlugInput(value: string): FieldMessage | null {
  if (value.trim() === "") return null;
  const [problem] = slugProblems(value);
  return problem ? { key: problem } : null;
}

/** What the counter under the field shows, e.g. 12 / 50. */
export function slugLength(value: string): { length: number; max: number } {
  return { length: value.trim().length, max: SLUG_MAX_LENGTH };
}
