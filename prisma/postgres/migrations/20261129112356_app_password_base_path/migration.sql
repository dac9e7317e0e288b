-- AlterTable
ALTER TABLE "AdminAppPassword" ADD COLUMN     "basicPath" TEXT NOT NULL DEFAULT '/',
ADD COLUMN     "readOnly" BOOLEAN NOT NULL DEFAULT false;
