-- CreateTable
CREATE TABLE "Admin" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AdminSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "adminId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "AdminSession_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "isCustom" BOOLEAN NOT NULL DEFAULT false,
    "textPermission" BOOLEAN NOT NULL DEFAULT false,
    "filePermission" BOOLEAN NOT NULL DEFAULT false,
    "mountPermission" BOOLEAN NOT NULL DEFAULT false,
    "mountReadOnly" BOOLEAN NOT NULL DEFAULT false,
    "basicPath" TEXT NOT NULL DEFAULT '/',
    "expiresAt" DATETIME,
    "lastUsedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Paste" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT 'markdown',
    "remark" TEXT,
    "passwordHash" TEXT,
    "expiresAt" DATETIME,
    "maxViews" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "FileShare" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "mimetype" TEXT NOT NULL,
    "size" BIGINT NOT NULL DEFAULT 0,
    "storageConfigId" TEXT NOT NULL,
    "storagePath" TEXT NOT NULL,
    "s3Url" TEXT,
    "etag" TEXT,
    "remark" TEXT,
    "passwordHash" TEXT,
    "expiresAt" DATETIME,
    "maxViews" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "useProxy" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "uploadId" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FileShare_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StorageConfig" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "providerType" TEXT NOT NULL,
    "endpointUrl" TEXT,
    "bucketName" TEXT,
    "region" TEXT,
    "accessKeyId" TEXT,
    "secretAccessKeyEnc" TEXT,
    "pathStyle" BOOLEAN NOT NULL DEFAULT false,
    "defaultFolder" TEXT NOT NULL DEFAULT '',
    "rootPath" TEXT,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "totalStorageBytes" BIGINT,
    "customHost" TEXT,
    "signatureExpiresIn" INTEGER NOT NULL DEFAULT 3600,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lastUsedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Mount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "mountPath" TEXT NOT NULL,
    "storageType" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "remark" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "cacheTtl" INTEGER NOT NULL DEFAULT 300,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lastUsedAt" DATETIME,
    "lastRefreshAt" DATETIME,
    CONSTRAINT "Mount_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SystemSetting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "items" TEXT NOT NULL DEFAULT '[]',
    "error" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "MultipartUpload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storageConfigId" TEXT NOT NULL,
    "objectKey" TEXT NOT NULL,
    "uploadId" TEXT NOT NULL,
    "virtualPath" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RateLimitBucket" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "resetAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DavLock" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "path" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "depth" TEXT NOT NULL,
    "owner" TEXT,
    "principal" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DavProperty" (
    "path" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("path", "namespace", "name")
);

-- CreateIndex
CREATE UNIQUE INDEX "Admin_username_key" ON "Admin"("username");

-- CreateIndex
CREATE INDEX "AdminSession_adminId_idx" ON "AdminSession"("adminId");

-- CreateIndex
CREATE INDEX "AdminSession_expiresAt_idx" ON "AdminSession"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_expiresAt_idx" ON "ApiKey"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Paste_slug_key" ON "Paste"("slug");

-- CreateIndex
CREATE INDEX "Paste_createdBy_idx" ON "Paste"("createdBy");

-- CreateIndex
CREATE INDEX "Paste_expiresAt_idx" ON "Paste"("expiresAt");

-- CreateIndex
CREATE INDEX "Paste_createdAt_idx" ON "Paste"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "FileShare_slug_key" ON "FileShare"("slug");

-- CreateIndex
CREATE INDEX "FileShare_createdBy_idx" ON "FileShare"("createdBy");

-- CreateIndex
CREATE INDEX "FileShare_expiresAt_idx" ON "FileShare"("expiresAt");

-- CreateIndex
CREATE INDEX "FileShare_storageConfigId_idx" ON "FileShare"("storageConfigId");

-- CreateIndex
CREATE INDEX "FileShare_status_createdAt_idx" ON "FileShare"("status", "createdAt");

-- CreateIndex
CREATE INDEX "StorageConfig_isDefault_idx" ON "StorageConfig"("isDefault");

-- CreateIndex
CREATE UNIQUE INDEX "Mount_mountPath_key" ON "Mount"("mountPath");

-- CreateIndex
CREATE INDEX "Mount_isActive_sortOrder_idx" ON "Mount"("isActive", "sortOrder");

-- CreateIndex
CREATE INDEX "Task_createdBy_createdAt_idx" ON "Task"("createdBy", "createdAt");

-- CreateIndex
CREATE INDEX "Task_status_idx" ON "Task"("status");

-- CreateIndex
CREATE INDEX "MultipartUpload_createdAt_idx" ON "MultipartUpload"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MultipartUpload_storageConfigId_uploadId_key" ON "MultipartUpload"("storageConfigId", "uploadId");

-- CreateIndex
CREATE INDEX "RateLimitBucket_resetAt_idx" ON "RateLimitBucket"("resetAt");

-- CreateIndex
CREATE INDEX "DavLock_path_idx" ON "DavLock"("path");

-- CreateIndex
CREATE INDEX "DavLock_expiresAt_idx" ON "DavLock"("expiresAt");
