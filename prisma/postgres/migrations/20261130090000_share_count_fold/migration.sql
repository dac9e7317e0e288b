-- Written by hand (docs/admin-lists.md "Counts the database keeps"): the daily share-count-fold job
-- folds ShareCount's buckets older than 40 days into one bucket (0) per kind, status, creator and
-- storage. A delete or change of a row created before the fold finds no bucket of its creation time
-- any more: the triggers that took one off that bucket with an UPDATE (which then changed nothing, and
-- the totals stayed one too high) now add -1 to it as the insert trigger adds 1, creating it when it
-- is gone. The migration is split at every semicolon: the bodies are escape strings with \073.
CREATE OR REPLACE FUNCTION "Paste_count"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
  BEGIN
    IF TG_OP <> ''INSERT'' THEN
      INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
      VALUES (''paste'', '''', OLD."createdBy", '''', (floor(extract(epoch from OLD."createdAt") / 900) * 900)::bigint, -1, 0)
      ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
      DO UPDATE SET "rows" = "ShareCount"."rows" + excluded."rows", "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    END IF\073
    IF TG_OP <> ''DELETE'' THEN
      INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
      VALUES (''paste'', '''', NEW."createdBy", '''', (floor(extract(epoch from NEW."createdAt") / 900) * 900)::bigint, 1, 0)
      ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
      DO UPDATE SET "rows" = "ShareCount"."rows" + excluded."rows", "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    END IF\073
    RETURN NULL\073
  END
';
CREATE OR REPLACE FUNCTION "FileShare_count"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
  BEGIN
    IF TG_OP <> ''INSERT'' THEN
      INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
      VALUES (''file'', OLD."status", OLD."createdBy", OLD."storageConfigId", (floor(extract(epoch from OLD."createdAt") / 900) * 900)::bigint, -1, -OLD."size")
      ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
      DO UPDATE SET "rows" = "ShareCount"."rows" + excluded."rows", "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    END IF\073
    IF TG_OP <> ''DELETE'' THEN
      INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
      VALUES (''file'', NEW."status", NEW."createdBy", NEW."storageConfigId", (floor(extract(epoch from NEW."createdAt") / 900) * 900)::bigint, 1, NEW."size")
      ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
      DO UPDATE SET "rows" = "ShareCount"."rows" + excluded."rows", "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    END IF\073
    RETURN NULL\073
  END
';
