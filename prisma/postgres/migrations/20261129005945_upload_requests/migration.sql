-- CreateTable
CREATE TABLE "UploadRequest" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "folderKey" TEXT NOT NULL,
    "folderPath" TEXT,
    "note" TEXT,
    "passwordHash" TEXT,
    "allowedTypes" TEXT NOT NULL DEFAULT '',
    "maxFiles" INTEGER NOT NULL,
    "maxFileSize" BIGINT NOT NULL,
    "maxTotalSize" BIGINT NOT NULL,
    "filesCount" INTEGER NOT NULL DEFAULT 0,
    "bytesCount" BIGINT NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'open',
    "webhookUrl" TEXT,
    "webhookSecretEnc" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UploadRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UploadRequestFile" (
    "id" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "storagePath" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mimetype" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'uploading',
    "uploadId" TEXT,
    "senderId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UploadRequestFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UploadRequest_slug_key" ON "UploadRequest"("slug");

-- CreateIndex
CREATE INDEX "UploadRequest_createdBy_idx" ON "UploadRequest"("createdBy");

-- CreateIndex
CREATE INDEX "UploadRequestFile_requestId_status_idx" ON "UploadRequestFile"("requestId", "status");

-- CreateIndex
CREATE INDEX "UploadRequestFile_status_createdAt_idx" ON "UploadRequestFile"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "UploadRequestFile_storageConfigId_storagePath_key" ON "UploadRequestFile"("storageConfigId", "storagePath");

-- AddForeignKey
ALTER TABLE "UploadRequest" ADD CONSTRAINT "UploadRequest_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UploadRequestFile" ADD CONSTRAINT "UploadRequestFile_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "UploadRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
