// Editing a file share in file management: the link suffix beside the share options every share
// edits (share-edit.ts), the expiry sent as hours from now. Only what changed is sent; the server keeps
// absent fields (server/services/shares/manage.ts updateFile).
import type { updateFileInput } from "@shared/schemas/shares/shares";
import type { z } from "zod";
import type { FieldErrors } from "../../form-messages";
import { expiryHours } from "../../pastes/expiry";
import { type EditableShare, type ShareEditField, type ShareEditState, shareEditForm } from "./share-edit";
import { validateSlugInput } from "./share-field-checks";

export type EditableFile = EditableShare & { id: string; slug: string };

export type FileEditState = ShareEditState & { slug: string };

export type FileEditField = ShareEditField | "slug";

/** The expiry goes as hours from now (`expires_in`), never as a date. */
export type FileUpdateRequest = Omit<z.output<typeof updateFileInput>, "expires_at">;

const fileEdit = shareEditForm<EditableFile, Pick<FileEditState, "slug">, FileUpdateRequest>({
  kind: "files",
  own: (file) => ({ slug: file.slug }),
  changes: (file, state) => ({
    slug: state.slug.trim() !== file.slug ? state.slug.trim() : undefined,
    // "never" is sent as 0 hours.
    expires_in: state.expiry !== "keep" ? (expiryHours(state.expiry) ?? 0) : undefined,
  }),
});

export const fileEditStateFor: (file: EditableFile) => FileEditState = fileEdit.stateFor;

export function validateFileEdit(file: EditableFile, state: FileEditState): FieldErrors<FileEditField> {
  const slug = state.slug.trim();
  if (slug === "") return fileEdit.validate(state, { slug: { key: "errors.slugInvalid" } });
  const problem = slug !== file.slug ? validateSlugInput(state.slug) : null;
  return fileEdit.validate(state, problem ? { slug: problem } : {});
}

/** Only the changed fields; null when nothing changed. */
export const buildFileUpdate: (file: EditableFile, state: FileEditState) => FileUpdateRequest | null =
  fileEdit.buildUpdate;
