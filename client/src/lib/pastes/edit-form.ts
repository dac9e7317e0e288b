// The admin's edit of a paste: the form's state from the paste, the checks, and the smallest
// `update` input that carries only what changed (absent fields are kept by the server).
import { REMARK_MAX_LENGTH } from "@shared/constants";
import type { FieldErrors } from "../form-messages";
import { PASSWORD_MAX_LENGTH, validateContent, validateMaxViews } from "../shares/share-field-checks";
import { type EditExpiryChoice, expiresAtForEdit } from "./expiry";

export type PasswordAction = "keep" | "set" | "remove";

export type EditablePaste = {
  id: string;
  content: string;
  format: "markdown" | "text";
  remark: string | null;
  has_password: boolean;
  max_views: number;
};

export type EditState = {
  content: string;
  format: "markdown" | "text";
  remark: string;
  expiry: EditExpiryChoice;
  maxViews: string;
  /** "keep" means no change: for a paste without a password, none stays none. */
  passwordAction: PasswordAction;
  newPassword: string;
};

export type EditField = "content" | "remark" | "maxViews" | "newPassword" | "expiry";

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
  return {
    content: paste.content,
    format: paste.format,
    remark: paste.remark ?? "",
    expiry: "keep",
    maxViews: String(paste.max_views),
    passwordAction: "keep",
    newPassword: "",
  };
}

export function validateEdit(state: EditState): FieldErrors<EditField> {
  const errors: FieldErrors<EditField> = {};
  const content = validateContent(state.content);
  if (content) errors.content = content;
  const views = validateMaxViews(state.maxViews);
  if (views) errors.maxViews = views;
  if (state.remark.trim().length > REMARK_MAX_LENGTH)
    errors.remark = { key: "forms.tooLong", values: { max: REMARK_MAX_LENGTH } };
  if (state.passwordAction === "set") {
    if (state.newPassword === "") errors.newPassword = { key: "pastes.password.required" };
    else if (state.newPassword.length > PASSWORD_MAX_LENGTH) {
      errors.newPassword = { key: "forms.tooLong", values: { max: PASSWORD_MAX_LENGTH } };
    }
  }
  return errors;
}

/** Only the changed fields; `null` when nothing changed. */
export function buildUpdateRequest(
  paste: EditablePaste,
  state: EditState,
  now: Date = new Date(),
): UpdateRequest | null {
  const request: UpdateRequest = { id: paste.id };
  if (state.content !== paste.content) request.content = state.content;
  if (state.format !== paste.format) request.format = state.format;
  const remark = state.remark.trim() || null;
  if (remark !== (paste.remark ?? null)) request.remark = remark;
  const expiresAt = expiresAtForEdit(state.expiry, now);
  if (expiresAt !== undefined) request.expires_at = expiresAt;
  const maxViews = state.maxViews.trim() === "" ? 0 : Number(state.maxViews.trim());
  if (maxViews !== paste.max_views) request.max_views = maxViews;
  if (state.passwordAction === "set") request.password = state.newPassword;
  if (state.passwordAction === "remove" && paste.has_password) request.password = null;
  return Object.keys(request).length > 1 ? request : null;
}
