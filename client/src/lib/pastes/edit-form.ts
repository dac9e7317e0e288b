// The admin's edit of a paste: its text and format beside the share options every share edits
// (lib/shares/forms/share-edit.ts), the checks, and the smallest `update` input that carries only what
// changed (absent fields are kept by the server).

import type { updatePasteInput } from "@shared/schemas/pastes";
import type { z } from "zod";
import type { FieldErrors } from "../form-messages";
import {
  type EditableShare,
  type ShareEditField,
  type ShareEditState,
  shareEditForm,
} from "../shares/forms/share-edit";
import { validateContent } from "../shares/forms/share-field-checks";
import { expiresAtForEdit } from "./expiry";

export type EditablePaste = EditableShare & { id: string; content: string; format: "markdown" | "text" };

export type EditState = ShareEditState & { content: string; format: "markdown" | "text" };

export type EditField = ShareEditField | "content";

export type UpdateRequest = z.output<typeof updatePasteInput>;

const pasteEdit = shareEditForm<EditablePaste, Pick<EditState, "content" | "format">, UpdateRequest>({
  kind: "pastes",
  own: (paste) => ({ content: paste.content, format: paste.format }),
  changes: (paste, state, now) => ({
    content: state.content !== paste.content ? state.content : undefined,
    format: state.format !== paste.format ? state.format : undefined,
    expires_at: expiresAtForEdit(state.expiry, now),
  }),
});

export const editStateFor: (paste: EditablePaste) => EditState = pasteEdit.stateFor;

export function validateEdit(state: EditState): FieldErrors<EditField> {
  const content = validateContent(state.content);
  return pasteEdit.validate(state, content ? { content } : {});
}

/** Only the changed fields; `null` when nothing changed. */
export const buildUpdateRequest: (paste: EditablePaste, state: EditState, now?: Date) => UpdateRequest | null =
  pasteEdit.buildUpdate;
