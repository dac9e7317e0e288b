-- CreateTable
CREATE TABLE "ApiKeySession" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApiKeySession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApiKeySession_apiKeyId_idx" ON "ApiKeySession"("apiKeyId");

-- CreateIndex
CREATE INDEX "ApiKeySession_expiresAt_idx" ON "ApiKeySession"("expiresAt");

-- AddForeignKey
ALTER TABLE "ApiKeySession" ADD CONSTRAINT "ApiKeySession_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
