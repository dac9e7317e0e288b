// The hot path of a counted view on SQLite: one prepared statement that checks the limits, counts
// the view and returns the paste, straight through bun:sqlite. Through Prisma the same work costs
// ~4x more per request (measured by scripts/bench/paste-view.ts). Only the common case is handled
// here (no password, within expiry and view limit); anything else returns null and the caller takes
// the full path in services/pastes.ts, which is also the only path on Postgres.
//
// The statement must run to completion (`.all()`, not `.get()`): SQLite runs its automatic WAL
// checkpoint from the step that returns SQLITE_DONE. `.get()` stops at the first row and lets the reset
// commit, so no checkpoint ever ran and the WAL grew by one page (~4 KB) per view, without bound.
import { Database } from "bun:sqlite";
import { providerOf } from "./client";
import { sqliteFilePath } from "./migrate";
import { WAL_SIZE_LIMIT_BYTES } from "./wal-checkpoint";

export type CountedPaste = {
  slug: string;
  content: string;
  format: string;
  remark: string | null;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
  createdAt: Date;
};

export type ViewCounter = {
  /** Counts one view of an unprotected, live paste and returns it; null when the full path must decide. */
  countPasteView(slug: string, now: Date): CountedPaste | null;
  close(): void;
};

type Row = Omit<CountedPaste, "expiresAt" | "createdAt"> & { expiresAt: string | null; createdAt: string };

// Dates are stored by the Prisma adapter as ISO 8601 text with "+00:00"; the same format compares
// correctly as text.
const toStoredDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** The SQLite hot path, or null on Postgres (where the full path is already one round trip each). */
export function createViewCounter(databaseUrl: string): ViewCounter | null {
  return providerOf(databaseUrl) === "sqlite" ? createSqliteViewCounter(databaseUrl) : null;
}

function createSqliteViewCounter(databaseUrl: string): ViewCounter {
  const db = new Database(sqliteFilePath(databaseUrl));
  // No busy wait: bun:sqlite blocks the event loop while it waits, and the lock holder may be a
  // Prisma transaction on this same event loop. A busy database falls back to the full path.
  db.exec(`PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES};`);
  const statement = db.query<Row, [string, string]>(
    `UPDATE "Paste" SET "views" = "views" + 1
     WHERE "slug" = ?1 AND "passwordHash" IS NULL
       AND ("maxViews" = 0 OR "views" < "maxViews")
       AND ("expiresAt" IS NULL OR "expiresAt" > ?2)
     RETURNING "slug", "content", "format", "remark", "expiresAt", "maxViews", "views", "createdAt"`,
  );
  return {
    countPasteView(slug, now) {
      let row: Row | undefined;
      try {
        [row] = statement.all(slug, toStoredDate(now));
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return null;
        throw error;
      }
      if (!row) return null;
      return {
        ...row,
        expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
        createdAt: new Date(row.createdAt),
      };
    },
    close: () => db.close(),
  };
}
