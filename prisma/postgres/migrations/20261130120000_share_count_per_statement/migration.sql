-- Written by hand (docs/admin-lists.md "Counts the database keeps"): an insert or delete of many
-- shares in one statement (a restore's createMany, the bench's seeding, a purge's deleteMany) changed
-- its bucket of ShareCount once per share. Every change writes a new version of the row, and none of
-- them can be cleared before the transaction ends: 1,000,000 shares written in statements of 50,000
-- left ShareCount at 120 MB for 5,762 rows (a row a page), and every sum of it read those pages (a list's
-- total 18-20 ms, the dashboard's 35 ms, where 0.1 MB takes 1.2 ms). The insert and delete triggers now
-- run once per statement over its rows (a transition table), adding one sum per bucket, in the key's
-- order (two statements upserting the same buckets take their locks in one order). The update triggers
-- stay per row: they fire only when a counted column changes. The migration is split at every
-- semicolon: the bodies are escape strings with \073.
DROP TRIGGER "Paste_count_insert_delete" ON "Paste";
DROP TRIGGER "FileShare_count_insert_delete" ON "FileShare";
CREATE FUNCTION "Paste_count_statement"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
  BEGIN
    INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    SELECT ''paste'', '''', "createdBy", '''', (floor(extract(epoch from "createdAt") / 900) * 900)::bigint AS "bucket",
      CASE TG_OP WHEN ''INSERT'' THEN count(*) ELSE -count(*) END, 0
    FROM "changed" GROUP BY "createdBy", "bucket" ORDER BY "createdBy", "bucket"
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "ShareCount"."rows" + excluded."rows", "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    RETURN NULL\073
  END
';
CREATE TRIGGER "Paste_count_insert" AFTER INSERT ON "Paste" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "Paste_count_statement"();
CREATE TRIGGER "Paste_count_delete" AFTER DELETE ON "Paste" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "Paste_count_statement"();
CREATE FUNCTION "FileShare_count_statement"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
  BEGIN
    INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    SELECT ''file'', "status", "createdBy", "storageConfigId", (floor(extract(epoch from "createdAt") / 900) * 900)::bigint AS "bucket",
      CASE TG_OP WHEN ''INSERT'' THEN count(*) ELSE -count(*) END,
      CASE TG_OP WHEN ''INSERT'' THEN sum("size") ELSE -sum("size") END
    FROM "changed" GROUP BY "status", "createdBy", "storageConfigId", "bucket"
    ORDER BY "status", "createdBy", "storageConfigId", "bucket"
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "ShareCount"."rows" + excluded."rows", "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    RETURN NULL\073
  END
';
CREATE TRIGGER "FileShare_count_insert" AFTER INSERT ON "FileShare" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "FileShare_count_statement"();
CREATE TRIGGER "FileShare_count_delete" AFTER DELETE ON "FileShare" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "FileShare_count_statement"();
