-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_StorageConfig" (
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
    "shareFolder" TEXT NOT NULL DEFAULT 'shares',
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
INSERT INTO "new_StorageConfig" ("accessKeyId", "bucketName", "createdAt", "createdBy", "customHost", "defaultFolder", "endpointUrl", "id", "isDefault", "isPublic", "lastUsedAt", "name", "pathStyle", "providerType", "region", "rootPath", "secretAccessKeyEnc", "signatureExpiresIn", "totalStorageBytes", "updatedAt") SELECT "accessKeyId", "bucketName", "createdAt", "createdBy", "customHost", "defaultFolder", "endpointUrl", "id", "isDefault", "isPublic", "lastUsedAt", "name", "pathStyle", "providerType", "region", "rootPath", "secretAccessKeyEnc", "signatureExpiresIn", "totalStorageBytes", "updatedAt" FROM "StorageConfig";
DROP TABLE "StorageConfig";
ALTER TABLE "new_StorageConfig" RENAME TO "StorageConfig";
CREATE INDEX "StorageConfig_isDefault_idx" ON "StorageConfig"("isDefault");
CREATE TABLE "new_Mount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "mountPath" TEXT NOT NULL,
    "storageType" TEXT NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "folder" TEXT NOT NULL DEFAULT '',
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
INSERT INTO "new_Mount" ("cacheTtl", "createdAt", "createdBy", "id", "isActive", "lastRefreshAt", "lastUsedAt", "mountPath", "name", "remark", "sortOrder", "storageConfigId", "storageType", "updatedAt") SELECT "cacheTtl", "createdAt", "createdBy", "id", "isActive", "lastRefreshAt", "lastUsedAt", "mountPath", "name", "remark", "sortOrder", "storageConfigId", "storageType", "updatedAt" FROM "Mount";
DROP TABLE "Mount";
ALTER TABLE "new_Mount" RENAME TO "Mount";
CREATE UNIQUE INDEX "Mount_mountPath_key" ON "Mount"("mountPath");
CREATE INDEX "Mount_isActive_sortOrder_idx" ON "Mount"("isActive", "sortOrder");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Existing mounts keep showing what they showed: the folder was derived as <default folder>/<mount path>;
-- it is now stored (docs/decisions/0007-share-folder-and-mount-folders.md).
UPDATE "Mount" SET "folder" = (
    SELECT CASE WHEN "StorageConfig"."defaultFolder" = '' THEN '' ELSE "StorageConfig"."defaultFolder" || '/' END
    FROM "StorageConfig" WHERE "StorageConfig"."id" = "Mount"."storageConfigId"
) || substr("mountPath", 2);

-- Existing storage configs keep their new shares under their default folder, as before.
UPDATE "StorageConfig" SET "shareFolder" = "defaultFolder" || '/shares' WHERE "defaultFolder" <> '';
