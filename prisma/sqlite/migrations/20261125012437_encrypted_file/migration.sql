-- AlterTable (a column at the end: SQLite adds it in place; the engine's diff would copy the table)
ALTER TABLE "FileShare" ADD COLUMN "encrypted" BOOLEAN NOT NULL DEFAULT false;
