// The options every share carries (a paste, a file share, a set of files, a shared file or folder:
// docs/rules.md "Views, expiry and deletion"), declared once for each moment: as a share is created,
// as its owner edits it, and as the owner's lists answer it. The share schemas spread these parts.
import { z } from "zod";
import { REMARK_MAX_LENGTH } from "../../constants";
import { expiryDate } from "../common";
import { maxViews } from "./paste-fields";

/** A share's password, as typed; the same bound for every share. */
export const SHARE_PASSWORD_MAX_LENGTH = 1024;

/** Hours until the share expires; 0, null or absent is never. Strings come from multipart forms. */
export const expiresInHours = z.coerce
  .number()
  .min(0, "errors.expiresInInvalid")
  .max(24 * 365 * 100)
  .optional()
  .nullable();

/** As a share is created: absent, null or "" means none (no remark, no password, never, no view limit). */
export const createShareFields = {
  remark: z
    .string()
    .max(REMARK_MAX_LENGTH)
    .optional()
    .nullable()
    .transform((value) => value?.trim() || null),
  password: z
    .string()
    .max(SHARE_PASSWORD_MAX_LENGTH)
    .optional()
    .nullable()
    .transform((value) => value || undefined),
  /** The expiry as a date, as the CloudPaste document's `expiresAt`; null is never. */
  expires_at: expiryDate.optional(),
  max_views: z.optional(maxViews).default(0),
};

/** As the owner edits a share: a string sets the remark or password, null or "" removes it, absent keeps it. */
export const updateShareFields = {
  remark: z.string().max(REMARK_MAX_LENGTH).nullable().optional(),
  password: z.string().max(SHARE_PASSWORD_MAX_LENGTH).nullable().optional(),
  /** A date; null is never; absent keeps. */
  expires_at: expiryDate.optional(),
  max_views: z.optional(maxViews),
};

/** As the owner's lists answer a share: never the password, only whether there is one. */
export const shareFieldsOutput = {
  remark: z.string().nullable(),
  has_password: z.boolean(),
  expires_at: z.date().nullable(),
  max_views: z.number(),
  views: z.number(),
};
