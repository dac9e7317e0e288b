-- CreateTable
CREATE TABLE "FsTask" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "items" TEXT NOT NULL,
    "skipExisting" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "owner" TEXT NOT NULL DEFAULT '',
    "leaseUntil" DATETIME,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "FsTaskFile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "taskId" TEXT NOT NULL,
    "item" INTEGER NOT NULL,
    "sourcePath" TEXT NOT NULL,
    "targetPath" TEXT,
    "size" REAL NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "owner" TEXT NOT NULL DEFAULT '',
    "leaseUntil" DATETIME,
    CONSTRAINT "FsTaskFile_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "FsTask" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "FsTask_createdBy_createdAt_idx" ON "FsTask"("createdBy", "createdAt");

-- CreateIndex
CREATE INDEX "FsTask_status_idx" ON "FsTask"("status");

-- CreateIndex
CREATE INDEX "FsTaskFile_taskId_status_idx" ON "FsTaskFile"("taskId", "status");

-- CreateIndex
CREATE INDEX "FsTaskFile_status_leaseUntil_idx" ON "FsTaskFile"("status", "leaseUntil");
