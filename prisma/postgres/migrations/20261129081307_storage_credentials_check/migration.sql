-- AlterTable
ALTER TABLE "StorageConfig" ADD COLUMN     "credentialsCheckedAt" TIMESTAMP(3),
ADD COLUMN     "credentialsError" TEXT;
