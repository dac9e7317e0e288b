-- Written by hand (docs/admin-lists.md "Counts the database keeps"): the daily share-count-fold job
-- folds ShareCount's buckets older than 40 days into one bucket (0) per kind, status, creator and
-- storage. A delete or change of a row created before the fold finds no bucket of its creation time
-- any more: the triggers that took one off that bucket with an UPDATE (which then changed nothing, and
-- the totals stayed one too high) now add -1 to it as the insert trigger adds 1, creating it when it
-- is gone. Every total stays the sum of its buckets; the next fold folds such a bucket in too.
DROP TRIGGER "Paste_count_delete";
DROP TRIGGER "Paste_count_update";
DROP TRIGGER "FileShare_count_delete";
DROP TRIGGER "FileShare_count_update";
CREATE TRIGGER "Paste_count_delete" AFTER DELETE ON "Paste" BEGIN
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('paste', '', old."createdBy", '', (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900, -1, 0)
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + excluded."rows", "bytes" = "bytes" + excluded."bytes";
END;
CREATE TRIGGER "Paste_count_update" AFTER UPDATE OF "createdBy", "createdAt" ON "Paste" BEGIN
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('paste', '', old."createdBy", '', (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900, -1, 0)
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + excluded."rows", "bytes" = "bytes" + excluded."bytes";
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('paste', '', new."createdBy", '', (CAST(strftime('%s', new."createdAt") AS INTEGER) / 900) * 900, 1, 0)
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + excluded."rows", "bytes" = "bytes" + excluded."bytes";
END;
CREATE TRIGGER "FileShare_count_delete" AFTER DELETE ON "FileShare" BEGIN
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('file', old."status", old."createdBy", old."storageConfigId", (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900, -1, -old."size")
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + excluded."rows", "bytes" = "bytes" + excluded."bytes";
END;
CREATE TRIGGER "FileShare_count_update" AFTER UPDATE OF "createdBy", "createdAt", "status", "storageConfigId", "size" ON "FileShare" BEGIN
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('file', old."status", old."createdBy", old."storageConfigId", (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900, -1, -old."size")
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + excluded."rows", "bytes" = "bytes" + excluded."bytes";
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('file', new."status", new."createdBy", new."storageConfigId", (CAST(strftime('%s', new."createdAt") AS INTEGER) / 900) * 900, 1, new."size")
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + excluded."rows", "bytes" = "bytes" + excluded."bytes";
END;
