-- CreateTable
CREATE TABLE "SsoSignIn" (
    "id" TEXT NOT NULL,
    "bindingHash" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnPath" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoSignIn_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SsoSignIn_expiresAt_idx" ON "SsoSignIn"("expiresAt");
