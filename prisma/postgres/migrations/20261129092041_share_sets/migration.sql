-- AlterTable
ALTER TABLE "FileShare" ADD COLUMN     "setId" TEXT;

-- CreateTable
CREATE TABLE "ShareSet" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "remark" TEXT,
    "passwordHash" TEXT,
    "expiresAt" TIMESTAMP(3),
    "maxViews" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShareSet_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShareSet_slug_key" ON "ShareSet"("slug");

-- CreateIndex
CREATE INDEX "ShareSet_createdBy_idx" ON "ShareSet"("createdBy");

-- CreateIndex
CREATE INDEX "ShareSet_expiresAt_idx" ON "ShareSet"("expiresAt");

-- CreateIndex
CREATE INDEX "FileShare_setId_idx" ON "FileShare"("setId");

-- AddForeignKey
ALTER TABLE "FileShare" ADD CONSTRAINT "FileShare_setId_fkey" FOREIGN KEY ("setId") REFERENCES "ShareSet"("id") ON DELETE SET NULL ON UPDATE CASCADE;
