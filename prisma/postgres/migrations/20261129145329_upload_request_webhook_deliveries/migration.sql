-- AlterTable
ALTER TABLE "UploadRequest" ADD COLUMN     "webhookLastAt" TIMESTAMP(3),
ADD COLUMN     "webhookLastOk" BOOLEAN,
ADD COLUMN     "webhookLastResult" TEXT;

-- CreateTable
CREATE TABLE "UploadRequestDelivery" (
    "id" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastAttemptAt" TIMESTAMP(3),
    "lastResult" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UploadRequestDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UploadRequestDelivery_status_nextAttemptAt_idx" ON "UploadRequestDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "UploadRequestDelivery_requestId_createdAt_idx" ON "UploadRequestDelivery"("requestId", "createdAt");

-- AddForeignKey
ALTER TABLE "UploadRequestDelivery" ADD CONSTRAINT "UploadRequestDelivery_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "UploadRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
