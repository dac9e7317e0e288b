-- Written by hand instead of the engine's RedefineTables: copying FileShare into a new table would drop
-- the triggers that keep ShareCount (docs/admin-lists.md). SQLite adds a nullable column with a
-- REFERENCES clause in place.

-- CreateTable
CREATE TABLE "ShareSet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "remark" TEXT,
    "passwordHash" TEXT,
    "expiresAt" DATETIME,
    "maxViews" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- AlterTable
ALTER TABLE "FileShare" ADD COLUMN "setId" TEXT REFERENCES "ShareSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "FileShare_setId_idx" ON "FileShare"("setId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareSet_slug_key" ON "ShareSet"("slug");

-- CreateIndex
CREATE INDEX "ShareSet_createdBy_idx" ON "ShareSet"("createdBy");

-- CreateIndex
CREATE INDEX "ShareSet_expiresAt_idx" ON "ShareSet"("expiresAt");
