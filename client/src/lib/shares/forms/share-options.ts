// The share options of the upload screen (docs/product.md §5): storage, custom link suffix (the shared
// schema, checked as typed), password, expiry (1 hour ... never, or the admin's default), max views, remark and folder,
// turned into the fields every upload flow sends.
import { REMARK_MAX_LENGTH } from "@shared/constants";
import { shareSubfolderOf } from "@shared/share-field-rules";
import type { FieldErrors, FieldMessage } from "../../form-messages";
import { type ExpiryChoice, expiryHours } from "../../pastes/expiry";
import type { UploadTarget } from "../../upload/engine/upload-api";
import { PASSWORD_MAX_LENGTH, validateMaxViews, validateSlugInput } from "./share-field-checks";

export type ShareOptionsState = {
  /** null: the default storage. */
  storageId: string | null;
  slug: string;
  password: string;
  /** null: not chosen, the admin's default for new files applies (lib/shares/forms/share-defaults.ts). */
  expiry: ExpiryChoice | null;
  maxViews: string;
  remark: string;
  path: string;
  /** Encrypt in this browser (docs/encrypted-shares.md): the password then goes into the key. */
  encrypt: boolean;
};

export type ShareField = "slug" | "password" | "maxViews" | "remark" | "path";

export const INITIAL_SHARE_OPTIONS: ShareOptionsState = {
  storageId: null,
  slug: "",
  password: "",
  expiry: null,
  maxViews: "",
  remark: "",
  path: "",
  encrypt: false,
};

export function validatePath(value: string): FieldMessage | null {
  if (value.trim() === "") return null;
  return shareSubfolderOf(value.trim()) === null ? { key: "errors.shareFolderEscape" } : null;
}

/** `fileCount`: how many uploads start with these options; a custom suffix fits only one. */
export function validateShareOptions(state: ShareOptionsState, fileCount = 1): FieldErrors<ShareField> {
  const errors: FieldErrors<ShareField> = {};
  const slug = validateSlugInput(state.slug);
  if (slug) errors.slug = slug;
  else if (state.slug.trim() !== "" && fileCount > 1) errors.slug = { key: "files.options.slugOneFile" };
  if (state.password.length > PASSWORD_MAX_LENGTH) {
    errors.password = { key: "forms.tooLong", values: { max: PASSWORD_MAX_LENGTH } };
  }
  const views = validateMaxViews(state.maxViews);
  if (views) errors.maxViews = views;
  if (state.remark.trim().length > REMARK_MAX_LENGTH) {
    errors.remark = { key: "forms.tooLong", values: { max: REMARK_MAX_LENGTH } };
  }
  const path = validatePath(state.path);
  if (path) errors.path = path;
  return errors;
}

/** `defaultExpiry`: the admin's default for new files, for an expiry not chosen. */
export function buildUploadTarget(state: ShareOptionsState, defaultExpiry: ExpiryChoice): UploadTarget {
  const path = state.path.trim();
  return {
    s3_config_id: state.storageId,
    slug: state.slug.trim() || null,
    // An encrypted upload's password is mixed into its key in this browser, never sent (run-upload.ts).
    password: state.encrypt ? null : state.password || null,
    expires_in: expiryHours(state.expiry ?? defaultExpiry),
    max_views: state.maxViews.trim() === "" ? 0 : Number(state.maxViews.trim()),
    remark: state.remark.trim() || null,
    path: path ? (shareSubfolderOf(path) ?? "/") : "/",
  };
}
