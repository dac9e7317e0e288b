-- DropIndex
DROP INDEX "FileShare_storageConfigId_idx";

-- CreateIndex
CREATE INDEX "FileShare_storageConfigId_createdAt_id_idx" ON "FileShare"("storageConfigId", "createdAt", "id");
