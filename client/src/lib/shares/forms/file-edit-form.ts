// Editing a file share in file management: the link suffix beside the share options every share
// edits (share-edit.ts), the expiry sent as hours from now. Only what changed is sent; the server keeps
// absent fields (server/services/shares/manage.ts updateFile).
import type { FieldErrors } from "../../form-messages";
import { expiryHours } from "../../pastes/expiry";
import {
  type EditableShare,
  type ShareEditField,
  type ShareEditState,
  shareEditChanges,
  shareEditStateFor,
  validateShareEdit,
} from "./share-edit";
import { validateSlugInput } from "./share-field-checks";

export type EditableFile = EditableShare & { id: string; slug: string };

export type FileEditState = ShareEditState & { slug: string };

export type FileEditField = ShareEditField | "slug";

export type FileUpdateRequest = {
  id: string;
  slug?: string;
  remark?: string | null;
  password?: string | null;
  expires_in?: number | null;
  max_views?: number;
};

export function fileEditStateFor(file: EditableFile): FileEditState {
  return { ...shareEditStateFor(file), slug: file.slug };
}

export function validateFileEdit(file: EditableFile, state: FileEditState): FieldErrors<FileEditField> {
  const errors: FieldErrors<FileEditField> = validateShareEdit(state, "files");
  if (state.slug.trim() === "") errors.slug = { key: "errors.slugInvalid" };
  else if (state.slug.trim() !== file.slug) {
    const slug = validateSlugInput(state.slug);
    if (slug) errors.slug = slug;
  }
  return errors;
}

/** Only the changed fields; null when nothing changed. Expiry "never" is sent as 0 hours. */
export function buildFileUpdate(file: EditableFile, state: FileEditState): FileUpdateRequest | null {
  const request: FileUpdateRequest = { id: file.id, ...shareEditChanges(file, state) };
  const slug = state.slug.trim();
  if (slug !== file.slug) request.slug = slug;
  if (state.expiry !== "keep") request.expires_in = expiryHours(state.expiry) ?? 0;
  return Object.keys(request).length > 1 ? request : null;
}
