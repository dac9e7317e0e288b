-- AlterTable
ALTER TABLE "FileShare" ADD COLUMN     "encrypted" BOOLEAN NOT NULL DEFAULT false;
