-- AlterTable
ALTER TABLE "AdminSession" ADD COLUMN     "appPasswordId" TEXT;

-- CreateTable
CREATE TABLE "AdminAppPassword" (
    "id" TEXT NOT NULL,
    "adminId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "textPermission" BOOLEAN NOT NULL DEFAULT false,
    "filePermission" BOOLEAN NOT NULL DEFAULT false,
    "mountPermission" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "lastUsedIp" TEXT,

    CONSTRAINT "AdminAppPassword_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AdminAppPassword_secretHash_key" ON "AdminAppPassword"("secretHash");

-- CreateIndex
CREATE INDEX "AdminAppPassword_adminId_idx" ON "AdminAppPassword"("adminId");

-- CreateIndex
CREATE INDEX "AdminSession_appPasswordId_idx" ON "AdminSession"("appPasswordId");

-- AddForeignKey
ALTER TABLE "AdminSession" ADD CONSTRAINT "AdminSession_appPasswordId_fkey" FOREIGN KEY ("appPasswordId") REFERENCES "AdminAppPassword"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdminAppPassword" ADD CONSTRAINT "AdminAppPassword_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
