-- AlterTable
ALTER TABLE "UploadRequest" ADD COLUMN "webhookLastAt" DATETIME;
ALTER TABLE "UploadRequest" ADD COLUMN "webhookLastOk" BOOLEAN;
ALTER TABLE "UploadRequest" ADD COLUMN "webhookLastResult" TEXT;

-- CreateTable
CREATE TABLE "UploadRequestDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "requestId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "lastAttemptAt" DATETIME,
    "lastResult" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "UploadRequestDelivery_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "UploadRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "UploadRequestDelivery_status_nextAttemptAt_idx" ON "UploadRequestDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "UploadRequestDelivery_requestId_createdAt_idx" ON "UploadRequestDelivery"("requestId", "createdAt");
