-- AlterTable
ALTER TABLE "StorageConfig" ADD COLUMN     "shareFolder" TEXT NOT NULL DEFAULT 'shares';

-- AlterTable
ALTER TABLE "Mount" ADD COLUMN     "folder" TEXT NOT NULL DEFAULT '';

-- Existing mounts keep showing what they showed: the folder was derived as <default folder>/<mount path>;
-- it is now stored (docs/decisions/0007-share-folder-and-mount-folders.md).
UPDATE "Mount" SET "folder" = (
    SELECT CASE WHEN "StorageConfig"."defaultFolder" = '' THEN '' ELSE "StorageConfig"."defaultFolder" || '/' END
    FROM "StorageConfig" WHERE "StorageConfig"."id" = "Mount"."storageConfigId"
) || substr("mountPath", 2);

-- Existing storage configs keep their new shares under their default folder, as before.
UPDATE "StorageConfig" SET "shareFolder" = "defaultFolder" || '/shares' WHERE "defaultFolder" <> '';
