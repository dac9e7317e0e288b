-- CreateTable
CREATE TABLE "PurgedSlug" (
    "kind" TEXT NOT NULL,
    "slugHash" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "purgedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PurgedSlug_pkey" PRIMARY KEY ("kind","slugHash")
);

-- CreateIndex
CREATE INDEX "PurgedSlug_purgedAt_idx" ON "PurgedSlug"("purgedAt");
