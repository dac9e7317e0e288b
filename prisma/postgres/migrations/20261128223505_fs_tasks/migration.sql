-- CreateTable
CREATE TABLE "FsTask" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "items" TEXT NOT NULL,
    "skipExisting" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "owner" TEXT NOT NULL DEFAULT '',
    "leaseUntil" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "FsTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FsTaskFile" (
    "id" SERIAL NOT NULL,
    "taskId" TEXT NOT NULL,
    "item" INTEGER NOT NULL,
    "sourcePath" TEXT NOT NULL,
    "targetPath" TEXT,
    "size" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "owner" TEXT NOT NULL DEFAULT '',
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "FsTaskFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FsTask_createdBy_createdAt_idx" ON "FsTask"("createdBy", "createdAt");

-- CreateIndex
CREATE INDEX "FsTask_status_idx" ON "FsTask"("status");

-- CreateIndex
CREATE INDEX "FsTaskFile_taskId_status_idx" ON "FsTaskFile"("taskId", "status");

-- CreateIndex
CREATE INDEX "FsTaskFile_status_leaseUntil_idx" ON "FsTaskFile"("status", "leaseUntil");

-- AddForeignKey
ALTER TABLE "FsTaskFile" ADD CONSTRAINT "FsTaskFile_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "FsTask"("id") ON DELETE CASCADE ON UPDATE CASCADE;
