-- DropIndex
DROP INDEX "FileShare_setId_idx";

-- CreateIndex
CREATE INDEX "FileShare_setId_createdAt_id_idx" ON "FileShare"("setId", "createdAt", "id");
