-- CreateTable
CREATE TABLE "StorageUsage" (
    "storageConfigId" TEXT NOT NULL PRIMARY KEY,
    "usedBytes" BIGINT NOT NULL DEFAULT 0,
    "countedAt" DATETIME,
    "countedObjects" INTEGER NOT NULL DEFAULT 0,
    "recountStatus" TEXT NOT NULL DEFAULT 'idle',
    "recountId" TEXT,
    "recountObjects" INTEGER NOT NULL DEFAULT 0,
    "recountBytes" BIGINT NOT NULL DEFAULT 0,
    "recountCursor" TEXT,
    "recountStartedAt" DATETIME,
    "recountHeartbeatAt" DATETIME,
    "recountError" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StorageUsage_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StorageWrite" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storageConfigId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sizeBefore" BIGINT NOT NULL,
    "sizeAfter" BIGINT,
    "seenBy" TEXT,
    "seenSize" BIGINT,
    "isDirect" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StorageWrite_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "StorageWrite_storageConfigId_key_idx" ON "StorageWrite"("storageConfigId", "key");

-- Existing storages start from what the app knew before: the bytes of their file shares. A recount
-- replaces this with what the storage really holds (docs/storage-usage.md).
INSERT INTO "StorageUsage" ("storageConfigId", "usedBytes", "updatedAt")
SELECT "StorageConfig"."id",
       COALESCE((SELECT SUM("FileShare"."size") FROM "FileShare" WHERE "FileShare"."storageConfigId" = "StorageConfig"."id"), 0),
       CURRENT_TIMESTAMP
FROM "StorageConfig";
