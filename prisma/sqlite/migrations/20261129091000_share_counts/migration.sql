-- CreateTable
CREATE TABLE "ShareCount" (
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "bucket" BIGINT NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("kind", "status", "createdBy", "storageConfigId", "bucket")
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
-- all leave it exact. The counts start from the rows already there.
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
CREATE TRIGGER "FileShare_count_insert" AFTER INSERT ON "FileShare" BEGIN
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('file', new."status", new."createdBy", new."storageConfigId", (CAST(strftime('%s', new."createdAt") AS INTEGER) / 900) * 900, 1, new."size")
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + 1, "bytes" = "bytes" + excluded."bytes";
END;
CREATE TRIGGER "FileShare_count_delete" AFTER DELETE ON "FileShare" BEGIN
  UPDATE "ShareCount" SET "rows" = "rows" - 1, "bytes" = "bytes" - old."size"
    WHERE "kind" = 'file' AND "status" = old."status" AND "createdBy" = old."createdBy"
      AND "storageConfigId" = old."storageConfigId" AND "bucket" = (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900;
END;
CREATE TRIGGER "FileShare_count_update" AFTER UPDATE OF "createdBy", "createdAt", "status", "storageConfigId", "size" ON "FileShare" BEGIN
  UPDATE "ShareCount" SET "rows" = "rows" - 1, "bytes" = "bytes" - old."size"
    WHERE "kind" = 'file' AND "status" = old."status" AND "createdBy" = old."createdBy"
      AND "storageConfigId" = old."storageConfigId" AND "bucket" = (CAST(strftime('%s', old."createdAt") AS INTEGER) / 900) * 900;
  INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
    VALUES ('file', new."status", new."createdBy", new."storageConfigId", (CAST(strftime('%s', new."createdAt") AS INTEGER) / 900) * 900, 1, new."size")
    ON CONFLICT ("kind", "status", "createdBy", "storageConfigId", "bucket")
    DO UPDATE SET "rows" = "rows" + 1, "bytes" = "bytes" + excluded."bytes";
END;
INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
  SELECT 'paste', '', "createdBy", '', (CAST(strftime('%s', p."createdAt") AS INTEGER) / 900) * 900 AS "b", COUNT(*), 0 FROM "Paste" p GROUP BY "createdBy", "b";
INSERT INTO "ShareCount" ("kind", "status", "createdBy", "storageConfigId", "bucket", "rows", "bytes")
  SELECT 'file', "status", "createdBy", "storageConfigId", (CAST(strftime('%s', f."createdAt") AS INTEGER) / 900) * 900 AS "b", COUNT(*), SUM("size") FROM "FileShare" f
  GROUP BY "status", "createdBy", "storageConfigId", "b";
