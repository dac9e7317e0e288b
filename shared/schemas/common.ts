// Small schema pieces reused across domains.
import { z } from "zod";
import { MEDIA_TYPE_MAX_LENGTH, normalizeMediaType } from "../media-type";
import { normalizePath } from "../paths";

/** A date that arrives as a Date (tRPC with superjson) or an ISO 8601 string (REST). */
export const dateInput = z.union([z.date(), z.iso.datetime({ offset: true }).transform((value) => new Date(value))], {
  error: "errors.dateInvalid",
});

/** A share's expiry: a date as dateInput, or null for never; anything else is named as a bad date. */
export const expiryDate = z.union([dateInput, z.null()], { error: "errors.dateInvalid" });

/** A virtual path, normalised (docs/rules.md); refuses what would climb above the root. */
export const virtualPath = z
  .string()
  .max(1024)
  .transform((value, context) => {
    const normalised = normalizePath(value);
    if (normalised === null) {
      context.addIssue({ code: "custom", message: "errors.invalidPath" });
      return z.NEVER;
    }
    return normalised;
  });

/** A boolean from JSON, or from a query string ("true"/"false"/"1"/"0"). */
export const flexibleBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1"),
]);

export const idParam = z.object({ id: z.string().min(1).max(100) });

export const idsInput = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1, "errors.selectionRequired").max(1000),
});

/** Where a page of a list sits (the CloudPaste document's `pagination`). */
export const paginationOutput = z.object({
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  /** 1-based page of `limit` rows that `offset` falls in. */
  page: z.number(),
  totalPages: z.number(),
  hasMore: z.boolean(),
  /** Lists paged by cursor: pass it as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});

/**
 * A list's cursor (the pastes' and file shares' lists, docs/admin-lists.md): the `nextCursor` of the
 * page before. With it the page starts below that page's last row, however deep, and offset and page
 * are not used.
 */
export const listCursor = z.string().trim().min(1).max(200).optional();

/**
 * A list's search text or creator filter. A NUL character is refused: SQLite's full-text query ends its
 * string there and Postgres stores no NUL in text, so either database would fail on it, and no name,
 * remark or creator holds one.
 */
export const listFilterText = z
  .string()
  .trim()
  .max(200)
  .refine((value) => !value.includes("\0"), { message: "errors.listFilterNul" })
  .optional();

export type Pagination = z.infer<typeof paginationOutput>;

export function paginationOf(total: number, limit: number, offset: number): Pagination {
  return {
    total,
    limit,
    offset,
    page: Math.floor(offset / limit) + 1,
    totalPages: Math.ceil(total / limit),
    hasMore: offset + limit < total,
  };
}
/**
 * A content type a client states: normalised (shared/media-type.ts), or refused with 400 when it is
 * not one well-formed media type. An empty value means "none" (the type is then inferred).
 */
export const mediaType = z
  .string()
  .max(MEDIA_TYPE_MAX_LENGTH, "errors.invalidContentType")
  .nullable()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null || value.trim() === "") return undefined;
    const normalised = normalizeMediaType(value);
    if (normalised === null) {
      context.addIssue({ code: "custom", message: "errors.invalidContentType" });
      return z.NEVER;
    }
    return normalised;
  });
