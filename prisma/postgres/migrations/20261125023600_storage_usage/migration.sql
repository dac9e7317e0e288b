-- CreateTable
CREATE TABLE "StorageUsage" (
    "storageConfigId" TEXT NOT NULL,
    "usedBytes" BIGINT NOT NULL DEFAULT 0,
    "countedAt" TIMESTAMP(3),
    "countedObjects" INTEGER NOT NULL DEFAULT 0,
    "recountStatus" TEXT NOT NULL DEFAULT 'idle',
    "recountId" TEXT,
    "recountObjects" INTEGER NOT NULL DEFAULT 0,
    "recountBytes" BIGINT NOT NULL DEFAULT 0,
    "recountCursor" TEXT,
    "recountStartedAt" TIMESTAMP(3),
    "recountHeartbeatAt" TIMESTAMP(3),
    "recountError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StorageUsage_pkey" PRIMARY KEY ("storageConfigId")
);

-- CreateTable
CREATE TABLE "StorageWrite" (
    "id" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sizeBefore" BIGINT NOT NULL,
    "sizeAfter" BIGINT,
    "seenBy" TEXT,
    "seenSize" BIGINT,
    "isDirect" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StorageWrite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StorageWrite_storageConfigId_key_idx" ON "StorageWrite"("storageConfigId", "key");

-- AddForeignKey
ALTER TABLE "StorageUsage" ADD CONSTRAINT "StorageUsage_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StorageWrite" ADD CONSTRAINT "StorageWrite_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing storages start from what the app knew before: the bytes of their file shares. A recount
-- replaces this with what the storage really holds (docs/storage-usage.md).
INSERT INTO "StorageUsage" ("storageConfigId", "usedBytes", "updatedAt")
SELECT "StorageConfig"."id",
       COALESCE((SELECT SUM("FileShare"."size") FROM "FileShare" WHERE "FileShare"."storageConfigId" = "StorageConfig"."id"), 0),
       CURRENT_TIMESTAMP
FROM "StorageConfig";
