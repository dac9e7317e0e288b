// Paging the management lists (pastes, file shares) by cursor (docs/admin-lists.md): newest first,
// ordered by (createdAt, id), and a page after a cursor starts right below the row the cursor names,
// read through the (createdAt, id) index whatever its depth, where an offset walks every row above it.
// The cursor is opaque to callers: the last row's creation time and id, base64url JSON.

import { AppError } from "../errors";

export type ListCursor = { createdAt: Date; id: string };

export function encodeListCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.getTime(), row.id])).toString("base64url");
}

export function decodeListCursor(text: string): ListCursor {
  try {
    const [ms, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof ms === "number" && Number.isSafeInteger(ms) && typeof id === "string" && id.length <= 100) {
      return { createdAt: new Date(ms), id };
    }
  } catch {
    // Not ours: refused below.
  }
  throw new AppError("BAD_REQUEST", "errors.invalidCursor");
}

/**
 * Prisma's condition for the rows after the cursor, newest first. The range on createdAt alone comes
 * first so that the database reads the index from the cursor down and stops at the page; the OR only
 * drops the cursor's own millisecond's rows at or above its id (an OR of two ranges was read as two
 * lookups whose rows were all sorted).
 */
export function afterCursor(cursor: ListCursor | null) {
  if (!cursor) return {};
  return {
    createdAt: { lte: cursor.createdAt },
    OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }],
  };
}

/** The list's order; the cursor follows it. */
export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** A page read with one row more than asked: the page, and the cursor of the next one when there is one. */
export function cursorPage<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeListCursor(last) : null };
}
