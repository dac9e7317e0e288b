// The fields a share form checks as it is typed (Home's editor, the upload form's options), as the
// server's schemas (pastes.ts, files.ts) take them: each is built from the rule the forms call
// directly (shared/share-field-rules.ts), so the form and the server apply the same rules with the
// same messages. Written with zod/mini, zod's tree-shakable form.
import { z } from "zod/mini";
import {
  maxViewsProblem,
  pasteContentProblem,
  SHARE_FOLDER_MAX_LENGTH,
  shareSubfolderOf,
  slugProblems,
} from "../../share-field-rules";

/** A custom slug, trimmed (docs/product.md §5). */
export const customSlug = z.string().check(
  z.trim(),
  z.superRefine((slug, context) => {
    for (const message of slugProblems(slug)) context.addIssue({ code: "custom", message, input: slug });
  }),
);

export const pasteContent = z.string().check(
  z.superRefine((content, context) => {
    const message = pasteContentProblem(content);
    if (message) context.addIssue({ code: "custom", message, input: content });
  }),
);

export const maxViews = z.coerce.number().check(
  z.superRefine((views, context) => {
    const message = maxViewsProblem(views);
    if (message) context.addIssue({ code: "custom", message, input: views });
  }),
);

/** A folder beneath the storage's share folder, answered in "/a/b" form (shareSubfolderOf). */
export const shareSubfolder = z.pipe(
  z.string().check(z.maxLength(SHARE_FOLDER_MAX_LENGTH)),
  z.transform((value: string, context) => {
    const folder = shareSubfolderOf(value);
    if (folder === null) {
      context.issues.push({ code: "custom", message: "errors.shareFolderEscape", input: value });
      return z.NEVER;
    }
    return folder;
  }),
);
