-- AlterTable
ALTER TABLE "StorageConfig" ADD COLUMN "credentialsCheckedAt" DATETIME;
ALTER TABLE "StorageConfig" ADD COLUMN "credentialsError" TEXT;
