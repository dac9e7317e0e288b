// The share options of the admin's edit dialogs, the same for a paste and a file share (their wire
// fields: shared/schemas/shares/share-fields.ts updateShareFields): the remark, the expiry (kept, or a new
// choice counted from now), the view limit and the password (keep, set a new one, remove). The state
// a dialog starts from, the checks, and the changes to send; each dialog adds its own fields.
import { REMARK_MAX_LENGTH } from "@shared/constants";
import type { FieldErrors } from "../../form-messages";
import type { EditExpiryChoice } from "../../pastes/expiry";
import { PASSWORD_MAX_LENGTH, validateMaxViews } from "./share-field-checks";

export type PasswordAction = "keep" | "set" | "remove";

/** What an edit dialog reads of the share it edits. */
export type EditableShare = { remark: string | null; has_password: boolean; max_views: number };

export type ShareEditState = {
  remark: string;
  expiry: EditExpiryChoice;
  maxViews: string;
  /** "keep" means no change: for a share without a password, none stays none. */
  passwordAction: PasswordAction;
  newPassword: string;
};

export type ShareEditField = "remark" | "maxViews" | "newPassword" | "expiry";

/** The changes of the options other than the expiry, which pastes and files send differently. */
export type ShareEditChanges = { remark?: string | null; password?: string | null; max_views?: number };

export function shareEditStateFor(share: EditableShare): ShareEditState {
  return {
    remark: share.remark ?? "",
    expiry: "keep",
    maxViews: String(share.max_views),
    passwordAction: "keep",
    newPassword: "",
  };
}

/** `kind` names the text of a missing new password ("pastes.password.required", "files.password.required"). */
export function validateShareEdit(state: ShareEditState, kind: "pastes" | "files"): FieldErrors<ShareEditField> {
  const errors: FieldErrors<ShareEditField> = {};
  if (state.remark.trim().length > REMARK_MAX_LENGTH) {
    errors.remark = { key: "forms.tooLong", values: { max: REMARK_MAX_LENGTH } };
  }
  const views = validateMaxViews(state.maxViews);
  if (views) errors.maxViews = views;
  if (state.passwordAction === "set") {
    if (state.newPassword === "") errors.newPassword = { key: `${kind}.password.required` };
    else if (state.newPassword.length > PASSWORD_MAX_LENGTH) {
      errors.newPassword = { key: "forms.tooLong", values: { max: PASSWORD_MAX_LENGTH } };
    }
  }
  return errors;
}

/** Only what changed: absent fields are kept by the server. */
export function shareEditChanges(share: EditableShare, state: ShareEditState): ShareEditChanges {
  const changes: ShareEditChanges = {};
  const remark = state.remark.trim() || null;
  if (remark !== (share.remark ?? null)) changes.remark = remark;
  const maxViews = state.maxViews.trim() === "" ? 0 : Number(state.maxViews.trim());
  if (maxViews !== share.max_views) changes.max_views = maxViews;
  if (state.passwordAction === "set") changes.password = state.newPassword;
  if (state.passwordAction === "remove" && share.has_password) changes.password = null;
  return changes;
}
