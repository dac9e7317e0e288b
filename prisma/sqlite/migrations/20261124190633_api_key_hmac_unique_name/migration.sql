-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "legacyHash" BOOLEAN NOT NULL DEFAULT false,
    "keyPrefix" TEXT NOT NULL,
    "isCustom" BOOLEAN NOT NULL DEFAULT false,
    "textPermission" BOOLEAN NOT NULL DEFAULT false,
    "filePermission" BOOLEAN NOT NULL DEFAULT false,
    "mountPermission" BOOLEAN NOT NULL DEFAULT false,
    "mountReadOnly" BOOLEAN NOT NULL DEFAULT false,
    "basicPath" TEXT NOT NULL DEFAULT '/',
    "expiresAt" DATETIME,
    "lastUsedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
-- Existing rows hold plain SHA-256 hashes (legacyHash = true: upgraded to the keyed hash on their next
-- use, docs/decisions/0005-api-key-hashes.md). Names become unique: a repeated name keeps its oldest key
-- and the others get the end of their id appended.
INSERT INTO "new_ApiKey" ("basicPath", "createdAt", "expiresAt", "filePermission", "id", "isCustom", "keyHash", "legacyHash", "keyPrefix", "lastUsedAt", "mountPermission", "mountReadOnly", "name", "textPermission", "updatedAt")
SELECT k."basicPath", k."createdAt", k."expiresAt", k."filePermission", k."id", k."isCustom", k."keyHash", true, k."keyPrefix", k."lastUsedAt", k."mountPermission", k."mountReadOnly",
    CASE WHEN EXISTS (SELECT 1 FROM "ApiKey" o WHERE o."name" = k."name" AND o."id" < k."id")
        THEN k."name" || ' #' || substr(k."id", length(k."id") - 7) ELSE k."name" END,
    k."textPermission", k."updatedAt"
FROM "ApiKey" k;
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_name_key" ON "ApiKey"("name");
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");
CREATE INDEX "ApiKey_expiresAt_idx" ON "ApiKey"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
