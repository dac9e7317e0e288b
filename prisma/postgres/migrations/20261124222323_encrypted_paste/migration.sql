-- AlterTable
ALTER TABLE "Paste" ADD COLUMN     "encrypted" BOOLEAN NOT NULL DEFAULT false;
