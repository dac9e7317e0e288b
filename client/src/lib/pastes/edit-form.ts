// The admin's edit of a paste: its text and format beside the share options every share edits
// (lib/shares/forms/share-edit.ts), the checks, and the smallest `update` input that carries only what
// changed (absent fields are kept by the server).

import type { FieldErrors } from "../form-messages";
import {
  type EditableShare,
  type ShareEditField,
  type ShareEditState,
  shareEditChanges,
  shareEditStateFor,
  validateShareEdit,
} from "../shares/forms/share-edit";
import { validateContent } from "../shares/forms/share-field-checks";
import { expiresAtForEdit } from "./expiry";

export type EditablePaste = EditableShare & { id: string; content: string; format: "markdown" | "text" };

export type EditState = ShareEditState & { content: string; format: "markdown" | "text" };

export type EditField = ShareEditField | "content";

export type UpdateRequest = {
  id: string;
  content?: string;
  format?: "markdown" | "text";
  remark?: string | null;
  password?: string | null;
  expires_at?: Date | null;
  max_views?: number;
};

export function editStateFor(paste: EditablePaste): EditState {
  return { ...shareEditStateFor(paste), content: paste.content, format: paste.format };
}

export function validateEdit(state: EditState): FieldErrors<EditField> {
  const errors: FieldErrors<EditField> = validateShareEdit(state, "pastes");
  const content = validateContent(state.content);
  if (content) errors.content = content;
  return errors;
}

/** Only the changed fields; `null` when nothing changed. */
export function buildUpdateRequest(
  paste: EditablePaste,
  state: EditState,
  now: Date = new Date(),
): UpdateRequest | null {
  const request: UpdateRequest = { id: paste.id, ...shareEditChanges(paste, state) };
  if (state.content !== paste.content) request.content = state.content;
  if (state.format !== paste.format) request.format = state.format;
  const expiresAt = expiresAtForEdit(state.expiry, now);
  if (expiresAt !== undefined) request.expires_at = expiresAt;
  return Object.keys(request).length > 1 ? request : null;
}
