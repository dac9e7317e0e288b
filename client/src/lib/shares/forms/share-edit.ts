// The share options of the admin's edit dialogs, the same for a paste and a file share (their wire
// fields: shared/schemas/shares/share-fields.ts updateShareFields): the remark, the expiry (kept, or a new
// choice counted from now), the view limit and the password (keep, set a new one, remove). The state
// a dialog starts from, the checks, and the changes to send. `shareEditForm` joins them to one kind's own
// fields (a paste's text, a file's link suffix), so each kind's form declares only what it adds.
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

/**
 * One kind's edit form: the share options above beside the kind's own fields. `own` gives those fields'
 * starting state; `changes` their changed values (undefined where unchanged, dropped before sending).
 * The request is typed by the kind's wire input (shared/schemas), so a field the server does not
 * take fails to typecheck.
 */
export function shareEditForm<Share extends EditableShare & { id: string }, Own extends object, Request>(spec: {
  kind: "pastes" | "files";
  own: (share: Share) => Own;
  changes: (share: Share, state: ShareEditState & Own, now: Date) => Partial<Request>;
}) {
  type State = ShareEditState & Own;
  return {
    stateFor: (share: Share): State => ({ ...shareEditStateFor(share), ...spec.own(share) }),
    /** The share options' errors beside the kind's own. */
    validate: <Field extends string>(state: State, own: FieldErrors<Field>): FieldErrors<ShareEditField | Field> => {
      const errors: FieldErrors<ShareEditField | Field> = {};
      return Object.assign(errors, validateShareEdit(state, spec.kind), own);
    },
    /** Only the changed fields; null when nothing changed. */
    buildUpdate: (share: Share, state: State, now: Date = new Date()): Request | null => {
      const changed = Object.entries({ ...shareEditChanges(share, state), ...spec.changes(share, state, now) });
      const sent = changed.filter(([, value]) => value !== undefined);
      return sent.length > 0 ? ({ id: share.id, ...Object.fromEntries(sent) } as Request) : null;
    },
  };
}
