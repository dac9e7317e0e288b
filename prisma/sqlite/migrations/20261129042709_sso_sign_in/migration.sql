-- CreateTable
CREATE TABLE "SsoSignIn" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bindingHash" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnPath" TEXT,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "SsoSignIn_expiresAt_idx" ON "SsoSignIn"("expiresAt");
