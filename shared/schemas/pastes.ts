// Paste schemas (docs/product.md §3 Paste, §5, §7 Pastes), wire names as the original's scripts expect.
import { z } from "zod";
import { SLUG_MAX_LENGTH } from "../constants";
import { parseEnvelope } from "../encryption/encrypted-share";
import { listCursor, listFilterText, paginationOutput } from "./common";
import { customSlug, pasteContent } from "./shares/paste-fields";
import { createShareFields, shareFieldsOutput, updateShareFields } from "./shares/share-fields";

export const PASTE_FORMATS = ["markdown", "text"] as const;

/** Empty, null or absent means no slug given: one is generated. */
const optionalSlug = z
  .union([customSlug, z.literal(""), z.null()])
  .optional()
  .transform((value) => value || undefined);

export const createPasteInput = z
  .object({
    content: pasteContent,
    format: z.enum(PASTE_FORMATS).default("markdown"),
    /** Encrypted in the browser (docs/encrypted-shares.md): content is the envelope; the key never comes here. */
    encrypted: z.boolean().default(false),
    slug: optionalSlug,
    ...createShareFields,
  })
  .superRefine((input, context) => {
    if (!input.encrypted) return;
    if (!parseEnvelope(input.content)) {
      context.addIssue({ code: "custom", path: ["content"], message: "errors.encryptedContentInvalid" });
    }
    // The password of an encrypted share is mixed into its key in the browser; the server never sees it.
    if (input.password) {
      context.addIssue({ code: "custom", path: ["password"], message: "errors.encryptedPasswordInBrowser" });
    }
  });

export const pasteViewInput = z.object({
  slug: z
    .string()
    .min(1)
    .max(SLUG_MAX_LENGTH * 2),
  password: z.string().max(1024).optional(),
  /** The paste page's ask: also answer a Markdown paste rendered as sanitised HTML (`html`). */
  html: z.union([z.boolean(), z.stringbool()]).optional(),
});

/** What anyone with the link sees; content is null while a password is needed. Never the remark: it is the owner's note. */
export const pasteViewOutput = z.object({
  slug: z.string(),
  url: z.string(),
  raw_url: z.string(),
  content: z.string().nullable(),
  format: z.enum(PASTE_FORMATS),
  /** When true, content is the envelope of docs/encrypted-shares.md, to decrypt with the link's key. */
  encrypted: z.boolean(),
  has_password: z.boolean(),
  requires_password: z.boolean(),
  expires_at: z.date().nullable(),
  max_views: z.number(),
  views: z.number(),
  created_at: z.date(),
  /**
   * The Markdown as sanitised HTML, when asked (`html`) for an unencrypted Markdown paste the server
   * renders (docs/decisions/0012-server-rendered-markdown.md); absent otherwise.
   */
  html: z.string().optional(),
  /**
   * Set instead of `html` when the server will not render this Markdown (its HTML would be too large or
   * take too long, see docs/decisions/0012-server-rendered-markdown.md): show the text as it is.
   */
  render_refused: z.boolean().optional(),
});

export const pasteOutput = z.object({
  id: z.string(),
  slug: z.string(),
  /** The share link, from the configured public URL. */
  url: z.string(),
  raw_url: z.string(),
  content: z.string(),
  format: z.enum(PASTE_FORMATS),
  encrypted: z.boolean(),
  ...shareFieldsOutput,
  is_expired: z.boolean(),
  created_by: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
});

export const pasteSummaryOutput = pasteOutput.omit({ content: true }).extend({
  /** The first characters of the content, for lists ("" for an encrypted paste). */
  preview: z.string(),
  content_length: z.number(),
});

export const listPastesInput = z.object({
  /** Admin lists page by page (page, limit); key users by offset (limit, offset). */
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).optional(),
  search: listFilterText,
  /** Only pastes of this creator: a created_by value, or the bare id of a key or the admin. */
  created_by: listFilterText,
  cursor: listCursor,
});

/** On REST the pastes are the envelope's data, with the pagination beside it (CloudPaste's layout). */
export const listPastesOutput = z.object({
  pastes: z.array(pasteSummaryOutput),
  pagination: paginationOutput,
});

export const updatePasteInput = z.object({
  id: z.string().min(1).max(100),
  content: z.optional(pasteContent),
  format: z.enum(PASTE_FORMATS).optional(),
  ...updateShareFields,
});

export type PasteView = z.infer<typeof pasteViewOutput>;
export type PasteSummary = z.infer<typeof pasteSummaryOutput>;
