// Editing a file share in file management: link suffix, remark, password (keep, set, remove),
// expiry (keep, or a new choice from now) and max views. Only what changed is sent; the server keeps
// absent fields (server/services/shares/manage.ts updateFile).
import { REMARK_MAX_LENGTH } from "@shared/constants";
import type { FieldErrors } from "../form-messages";
import { type EditExpiryChoice, expiryHours } from "../pastes/expiry";
import { PASSWORD_MAX_LENGTH, validateMaxViews, validateSlugInput } from "./share-field-checks";

export type PasswordAction = "keep" | "set" | "remove";

export type EditableFile = {
  id: string;
  slug: string;
  remark: string | null;
  has_password: boolean;
  max_views: number;
};

export type FileEditState = {
  slug: string;
  remark: string;
  expiry: EditExpiryChoice;
  maxViews: string;
  passwordAction: PasswordAction;
  newPassword: string;
};

export type FileEditField = "slug" | "remark" | "maxViews" | "newPassword" | "expiry";

export type FileUpdateRequest = {
  id: string;
  slug?: string;
  remark?: string | null;
  password?: string | null;
  expires_in?: number | null;
  max_views?: number;
};

export function fileEditStateFor(file: EditableFile): FileEditState {
  return {
    slug: file.slug,
    remark: file.remark ?? "",
    expiry: "keep",
    maxViews: String(file.max_views),
    passwordAction: "keep",
    newPassword: "",
  };
}

export function validateFileEdit(file: EditableFile, state: FileEditState): FieldErrors<FileEditField> {
  const errors: FieldErrors<FileEditField> = {};
  if (state.slug.trim() === "") errors.slug = { key: "errors.slugInvalid" };
  else if (state.slug.trim() !== file.slug) {
    const slug = validateSlugInput(state.slug);
    if (slug) errors.slug = slug;
  }
  if (state.remark.trim().length > REMARK_MAX_LENGTH) {
    errors.remark = { key: "forms.tooLong", values: { max: REMARK_MAX_LENGTH } };
  }
  const views = validateMaxViews(state.maxViews);
  if (views) errors.maxViews = views;
  if (state.passwordAction === "set") {
    if (state.newPassword === "") errors.newPassword = { key: "files.password.required" };
    else if (state.newPassword.length > PASSWORD_MAX_LENGTH) {
      errors.newPassword = { key: "forms.tooLong", values: { max: PASSWORD_MAX_LENGTH } };
    }
  }
  return errors;
}

/** Only the changed fields; null when nothing changed. Expiry "never" is sent as 0 hours. */
export function buildFileUpdate(file: EditableFile, state: FileEditState): FileUpdateRequest | null {
  const request: FileUpdateRequest = { id: file.id };
  const slug = state.slug.trim();
  if (slug !== file.slug) request.slug = slug;
  const remark = state.remark.trim() || null;
  if (remark !== (file.remark ?? null)) request.remark = remark;
  if (state.expiry !== "keep") request.expires_in = expiryHours(state.expiry) ?? 0;
  const maxViews = state.maxViews.trim() === "" ? 0 : Number(state.maxViews.trim());
  if (maxViews !== file.max_views) request.max_views = maxViews;
  if (state.passwordAction === "set") request.password = state.newPassword;
  if (state.passwordAction === "remove" && file.has_password) request.password = null;
  return Object.keys(request).length > 1 ? request : null;
}
