-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "legacyHash" BOOLEAN NOT NULL DEFAULT false;

-- Existing rows hold plain SHA-256 hashes: upgraded to the keyed hash on their next use
-- (docs/decisions/0005-api-key-hashes.md).
UPDATE "ApiKey" SET "legacyHash" = true;

-- Names become unique: a repeated name keeps its oldest key, the others get the end of their id appended.
UPDATE "ApiKey" k SET "name" = k."name" || ' #' || substr(k."id", length(k."id") - 7)
WHERE EXISTS (SELECT 1 FROM "ApiKey" o WHERE o."name" = k."name" AND o."id" < k."id");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_name_key" ON "ApiKey"("name");
