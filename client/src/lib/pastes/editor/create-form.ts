// From the home editor's draft to a `pastes.create` input, with the same checks as the server
// (shared schemas), and the server's answers mapped back onto the form's fields.
import { REMARK_MAX_LENGTH } from "@shared/constants";
import { appCodeOf, fieldIssuesOf } from "../../api/api-errors";
import { type FieldErrors, fieldErrorsFromServer } from "../../form-messages";
import {
  PASSWORD_MAX_LENGTH,
  validateContent,
  validateMaxViews,
  validateSlugInput,
} from "../../shares/forms/share-field-checks";
import { type ExpiryChoice, expiresAtFor } from "../expiry";
import type { PasteDraft } from "./draft-store";

export type CreateField = "content" | "slug" | "password" | "maxViews" | "remark" | "expiry";

export type CreatePasteRequest = {
  content: string;
  format: "markdown" | "text";
  slug?: string;
  remark?: string;
  password?: string;
  expires_at: Date | null;
  max_views: number;
  /** The content is an envelope of docs/encrypted-shares.md. */
  encrypted?: true;
};

export function validateDraft(draft: PasteDraft, password: string): FieldErrors<CreateField> {
  const errors: FieldErrors<CreateField> = {};
  const content = validateContent(draft.content);
  if (content) errors.content = content;
  const slug = validateSlugInput(draft.slug);
  if (slug) errors.slug = slug;
  const views = validateMaxViews(draft.maxViews);
  if (views) errors.maxViews = views;
  if (draft.remark.trim().length > REMARK_MAX_LENGTH) {
    errors.remark = { key: "forms.tooLong", values: { max: REMARK_MAX_LENGTH } };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    errors.password = { key: "forms.tooLong", values: { max: PASSWORD_MAX_LENGTH } };
  }
  return errors;
}

/** `defaultExpiry`: the admin's default for new pastes, for a draft whose expiry was not chosen. */
export function buildCreateRequest(
  draft: PasteDraft,
  password: string,
  defaultExpiry: ExpiryChoice,
  now: Date = new Date(),
): CreatePasteRequest {
  const slug = draft.slug.trim();
  const remark = draft.remark.trim();
  return {
    // Exactly as typed or pasted: the stored text is byte for byte the editor's.
    content: draft.content,
    format: draft.mode,
    ...(slug ? { slug } : {}),
    ...(remark ? { remark } : {}),
    ...(password ? { password } : {}),
    expires_at: expiresAtFor(draft.expiry ?? defaultExpiry, now),
    max_views: draft.maxViews.trim() === "" ? 0 : Number(draft.maxViews.trim()),
  };
}

/**
 * The same request encrypted in this browser: the content becomes the envelope and the password is
 * mixed into its key, so neither reaches the server. The link key goes into the share link's fragment.
 */
export async function encryptCreateRequest(
  request: CreatePasteRequest,
): Promise<{ request: CreatePasteRequest; linkKey: string }> {
  const { encryptText, generateLinkKey } = await import("@shared/encryption/encrypted-share");
  const { password, ...rest } = request;
  const linkKey = generateLinkKey();
  const content = await encryptText(request.content, linkKey, password);
  return { request: { ...rest, content, encrypted: true }, linkKey };
}

const SERVER_FIELDS: Record<string, CreateField> = {
  content: "content",
  slug: "slug",
  password: "password",
  max_views: "maxViews",
  remark: "remark",
  expires_at: "expiry",
};

/**
 * Where a refused creation is shown: a taken suffix (409) at the slug field; validation issues at
 * their fields. Anything else (the session ended, the server is down) goes to the form alert.
 */
export function fieldErrorsFromCreateError(error: unknown, message: string): FieldErrors<CreateField> {
  if (appCodeOf(error) === "CONFLICT") return { slug: { text: message } };
  return fieldErrorsFromServer(fieldIssuesOf(error), (path) => SERVER_FIELDS[path] ?? null);
}
