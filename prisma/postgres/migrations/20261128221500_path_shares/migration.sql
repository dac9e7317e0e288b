-- CreateTable
CREATE TABLE "PathShare" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isDirectory" BOOLEAN NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "storagePath" TEXT NOT NULL,
    "remark" TEXT,
    "passwordHash" TEXT,
    "expiresAt" TIMESTAMP(3),
    "maxViews" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PathShare_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PathShare_slug_key" ON "PathShare"("slug");

-- CreateIndex
CREATE INDEX "PathShare_createdBy_idx" ON "PathShare"("createdBy");

-- CreateIndex
CREATE INDEX "PathShare_storageConfigId_storagePath_idx" ON "PathShare"("storageConfigId", "storagePath");

-- AddForeignKey
ALTER TABLE "PathShare" ADD CONSTRAINT "PathShare_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;
