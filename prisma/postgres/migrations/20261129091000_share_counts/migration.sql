-- CreateTable
CREATE TABLE "ShareCount" (
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "bucket" BIGINT NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ShareCount_pkey" PRIMARY KEY ("kind","status","createdBy","storageConfigId","bucket")
);

-- CreateIndex
CREATE INDEX "ShareCount_kind_bucket_idx" ON "ShareCount"("kind", "bucket");

-- CreateIndex
CREATE INDEX "Paste_createdAt_id_idx" ON "Paste"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Paste_createdBy_createdAt_id_idx" ON "Paste"("createdBy", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Paste_maxViews_idx" ON "Paste"("maxViews");

-- CreateIndex
CREATE INDEX "FileShare_createdAt_id_idx" ON "FileShare"("createdAt", "id");

-- CreateIndex
CREATE INDEX "FileShare_createdBy_createdAt_id_idx" ON "FileShare"("createdBy", "createdAt", "id");

-- CreateIndex
CREATE INDEX "FileShare_maxViews_idx" ON "FileShare"("maxViews");

-- Added by hand (docs/admin-lists.md): ShareCount is kept by these triggers, in the same transaction as
-- the row's own change, so concurrent creates, deletes, the sweep and a restore (deleteMany, createMany)
-- all leave it exact. The counts start from the rows already there. The migration is split at every
-- semicolon, so the functions' bodies are escape strings whose statement ends are written \073.
CREATE FUNCTION "Paste_count"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
  BEGIN
    IF TG_OP <> ''INSERT'' THEN
      UPDATE "ShareCount" SET "rows" = "rows" - 1, "bytes" = "bytes" - 0
      WHERE "kind" = ''paste'' AND "status" = '''' AND "createdBy" = OLD."createdBy"
        AND "storageConfigId" = '''' AND "bucket" = (floor(extract(epoch from OLD."createdAt") / 900) * 900)::bigint\073
    END IF\073
    IF TG_OP <> ''DELETE'' THEN
      INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
      VALUES (''paste'', '''', NEW."createdBy", '''', (floor(extract(epoch from NEW."createdAt") / 900) * 900)::bigint, 1, 0)
      ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
      DO UPDATE SET "rows" = "ShareCount"."rows" + 1, "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    END IF\073
    RETURN NULL\073
  END
';
CREATE TRIGGER "Paste_count_insert_delete" AFTER INSERT OR DELETE ON "Paste" FOR EACH ROW EXECUTE FUNCTION "Paste_count"();
CREATE TRIGGER "Paste_count_update" AFTER UPDATE OF "createdBy", "createdAt" ON "Paste" FOR EACH ROW EXECUTE FUNCTION "Paste_count"();
CREATE FUNCTION "FileShare_count"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
  BEGIN
    IF TG_OP <> ''INSERT'' THEN
      UPDATE "ShareCount" SET "rows" = "rows" - 1, "bytes" = "bytes" - OLD."size"
      WHERE "kind" = ''file'' AND "status" = OLD."status" AND "createdBy" = OLD."createdBy"
        AND "storageConfigId" = OLD."storageConfigId" AND "bucket" = (floor(extract(epoch from OLD."createdAt") / 900) * 900)::bigint\073
    END IF\073
    IF TG_OP <> ''DELETE'' THEN
      INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
      VALUES (''file'', NEW."status", NEW."createdBy", NEW."storageConfigId", (floor(extract(epoch from NEW."createdAt") / 900) * 900)::bigint, 1, NEW."size")
      ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
      DO UPDATE SET "rows" = "ShareCount"."rows" + 1, "bytes" = "ShareCount"."bytes" + excluded."bytes"\073
    END IF\073
    RETURN NULL\073
  END
';
CREATE TRIGGER "FileShare_count_insert_delete" AFTER INSERT OR DELETE ON "FileShare" FOR EACH ROW EXECUTE FUNCTION "FileShare_count"();
CREATE TRIGGER "FileShare_count_update" AFTER UPDATE OF "createdBy", "createdAt", "status", "storageConfigId", "size" ON "FileShare" FOR EACH ROW EXECUTE FUNCTION "FileShare_count"();
INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
  SELECT 'paste', '', "createdBy", '', (floor(extract(epoch from p."createdAt") / 900) * 900)::bigint AS "b", COUNT(*), 0 FROM "Paste" p GROUP BY "createdBy", "b";
INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
  SELECT 'file', "status", "createdBy", "storageConfigId", (floor(extract(epoch from f."createdAt") / 900) * 900)::bigint AS "b", COUNT(*), SUM("size") FROM "FileShare" f
  GROUP BY "status", "createdBy", "storageConfigId", "b";
