-- CreateTable
CREATE TABLE "AdminAppPassword" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "adminId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "textPermission" BOOLEAN NOT NULL DEFAULT false,
    "filePermission" BOOLEAN NOT NULL DEFAULT false,
    "mountPermission" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "lastUsedIp" TEXT,
    CONSTRAINT "AdminAppPassword_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AdminSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "adminId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "method" TEXT NOT NULL DEFAULT 'password',
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "lastSeenAt" DATETIME,
    "appPasswordId" TEXT,
    CONSTRAINT "AdminSession_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AdminSession_appPasswordId_fkey" FOREIGN KEY ("appPasswordId") REFERENCES "AdminAppPassword" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AdminSession" ("adminId", "createdAt", "expiresAt", "id", "ipAddress", "lastSeenAt", "method", "userAgent") SELECT "adminId", "createdAt", "expiresAt", "id", "ipAddress", "lastSeenAt", "method", "userAgent" FROM "AdminSession";
DROP TABLE "AdminSession";
ALTER TABLE "new_AdminSession" RENAME TO "AdminSession";
CREATE INDEX "AdminSession_adminId_idx" ON "AdminSession"("adminId");
CREATE INDEX "AdminSession_expiresAt_idx" ON "AdminSession"("expiresAt");
CREATE INDEX "AdminSession_appPasswordId_idx" ON "AdminSession"("appPasswordId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "AdminAppPassword_secretHash_key" ON "AdminAppPassword"("secretHash");

-- CreateIndex
CREATE INDEX "AdminAppPassword_adminId_idx" ON "AdminAppPassword"("adminId");
