-- Written by hand instead of the engine's RedefineTables: SQLite adds a NOT NULL column with a
-- constant default in place, so no copy of the table (and of the sessions that point at it) is needed.

-- AlterTable
ALTER TABLE "AdminAppPassword" ADD COLUMN "basicPath" TEXT NOT NULL DEFAULT '/';
ALTER TABLE "AdminAppPassword" ADD COLUMN "readOnly" BOOLEAN NOT NULL DEFAULT false;
