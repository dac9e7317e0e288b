-- CreateTable
CREATE TABLE "ApiKeySession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "apiKeyId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "ApiKeySession_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ApiKeySession_apiKeyId_idx" ON "ApiKeySession"("apiKeyId");

-- CreateIndex
CREATE INDEX "ApiKeySession_expiresAt_idx" ON "ApiKeySession"("expiresAt");
