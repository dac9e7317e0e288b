-- Written by hand (docs/admin-lists.md "Rows without their content"): the management lists show each
-- paste's first characters and its length, and read both from columns kept beside the content
-- instead of reading the content. The table is copied so that "content" becomes its last column: on
-- SQLite a value larger than a page spills into a chain of overflow pages, and reading any column
-- stored after it walks that whole chain (every list page read every listed paste's content, even
-- for "createdAt"). Columns added to Paste later must stay above "content" (a test checks it).
--
-- The copy keeps each row's rowid, so the trigram index "PasteSearch" (external content, keyed by
-- rowid) stays valid without a rebuild; the triggers that dropping the old table removed (search index
-- and share counts, from 20261129121000_share_search_index and 20261129091000_share_counts) are
-- created again, unchanged.
--
-- The rows already there get the values the app writes (services/pastes/paste-summary.ts):
-- - "preview": the first 200 code points, "" when encrypted. SQLite's text functions stop at a NUL
--   character, so a content holding one keeps its first 800 bytes instead (200 code points at least;
--   the list cuts it to 200 UTF-16 units as it cuts every preview).
-- - "contentLength": JavaScript's string length, in UTF-16 code units: the code points plus one for
--   each character beyond U+FFFF, counted as the bytes F0-F4 that begin their UTF-8 form. With a NUL
--   the code points are counted on the text decoded back from json_quote with each NUL escape turned
--   into U+0001 (replace() cannot look for a NUL).
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Paste" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT 'markdown',
    "remark" TEXT,
    "passwordHash" TEXT,
    "expiresAt" DATETIME,
    "maxViews" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "encrypted" BOOLEAN NOT NULL DEFAULT false,
    "preview" TEXT NOT NULL,
    "contentLength" INTEGER NOT NULL,
    "content" TEXT NOT NULL
);
INSERT INTO "new_Paste" (rowid, "id", "slug", "format", "remark", "passwordHash", "expiresAt", "maxViews", "views", "createdBy", "createdAt", "updatedAt", "encrypted", "preview", "contentLength", "content")
SELECT rowid, "id", "slug", "format", "remark", "passwordHash", "expiresAt", "maxViews", "views", "createdBy", "createdAt", "updatedAt", "encrypted",
    CASE
        WHEN "encrypted" THEN ''
        WHEN instr(CAST("content" AS BLOB), x'00') > 0 THEN coalesce(CAST(substr(CAST("content" AS BLOB), 1, 800) AS TEXT), '')
        ELSE substr("content", 1, 200)
    END,
    CASE
        WHEN instr(CAST("content" AS BLOB), x'00') > 0
            THEN length(json_extract(replace(json_quote("content"), '\u0000', '\u0001'), '$'))
        ELSE length("content")
    END
    + length(CAST("content" AS BLOB))
    - length(CAST(replace(replace(replace(replace(replace(CAST("content" AS BLOB), x'F0', x''), x'F1', x''), x'F2', x''), x'F3', x''), x'F4', x'') AS BLOB)),
    "content"
FROM "Paste";
DROP TABLE "Paste";
ALTER TABLE "new_Paste" RENAME TO "Paste";
CREATE UNIQUE INDEX "Paste_slug_key" ON "Paste"("slug");
CREATE INDEX "Paste_createdBy_idx" ON "Paste"("createdBy");
CREATE INDEX "Paste_expiresAt_idx" ON "Paste"("expiresAt");
CREATE INDEX "Paste_createdAt_idx" ON "Paste"("createdAt");
CREATE INDEX "Paste_createdAt_id_idx" ON "Paste"("createdAt", "id");
CREATE INDEX "Paste_createdBy_createdAt_id_idx" ON "Paste"("createdBy", "createdAt", "id");
CREATE INDEX "Paste_maxViews_idx" ON "Paste"("maxViews");
CREATE TRIGGER "Paste_count_insert" AFTER INSERT ON "Paste" BEGIN
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('paste', '', new."createdBy", '', (CAST(strftime('%s', new."createdAt") AS INTEGER) / 900) * 900, 1, 0)
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + 1, "bytes" = "bytes" + excluded."bytes";
END;
CREATE TRIGGER "Paste_count_delete" AFTER DELETE ON "Paste" BEGIN
  UPDATE "ShareCount" SET "rows" = "rows" - 1, "bytes" = "bytes" - 0
    WHERE "kind" = 'paste' AND "status" = '' AND "createdBy" = old."createdBy"
      AND "storageConfigId" = '' AND "bucket" = (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900;
END;
CREATE TRIGGER "Paste_count_update" AFTER UPDATE OF "createdBy", "createdAt" ON "Paste" BEGIN
  UPDATE "ShareCount" SET "rows" = "rows" - 1, "bytes" = "bytes" - 0
    WHERE "kind" = 'paste' AND "status" = '' AND "createdBy" = old."createdBy"
      AND "storageConfigId" = '' AND "bucket" = (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900;
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('paste', '', new."createdBy", '', (CAST(strftime('%s', new."createdAt") AS INTEGER) / 900) * 900, 1, 0)
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + 1, "bytes" = "bytes" + excluded."bytes";
END;
CREATE TRIGGER "Paste_search_insert" AFTER INSERT ON "Paste" BEGIN
  INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content") VALUES (new.rowid, new."slug", new."remark", new."content");
END;
CREATE TRIGGER "Paste_search_delete" AFTER DELETE ON "Paste" BEGIN
  INSERT INTO "PasteSearch" ("PasteSearch", rowid, "slug", "remark", "content") VALUES ('delete', old.rowid, old."slug", old."remark", old."content");
END;
CREATE TRIGGER "Paste_search_update" AFTER UPDATE OF "slug", "remark", "content" ON "Paste" BEGIN
  INSERT INTO "PasteSearch" ("PasteSearch", rowid, "slug", "remark", "content") VALUES ('delete', old.rowid, old."slug", old."remark", old."content");
  INSERT INTO "PasteSearch" (rowid, "slug", "remark", "content") VALUES (new.rowid, new."slug", new."remark", new."content");
END;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
