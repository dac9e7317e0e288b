-- CreateTable
CREATE TABLE "FsIndexEntry" (
    "id" SERIAL NOT NULL,
    "storageConfigId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size" BIGINT NOT NULL DEFAULT 0,
    "isFolder" BOOLEAN NOT NULL DEFAULT false,
    "hasMarker" BOOLEAN NOT NULL DEFAULT false,
    "modifiedMs" BIGINT,
    "seenMs" BIGINT NOT NULL,

    CONSTRAINT "FsIndexEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FsIndexState" (
    "storageConfigId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'idle',
    "crawlId" TEXT,
    "crawlStartedMs" BIGINT,
    "heartbeatAt" TIMESTAMP(3),
    "cursor" TEXT,
    "crawledObjects" INTEGER NOT NULL DEFAULT 0,
    "indexedAt" TIMESTAMP(3),
    "error" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FsIndexState_pkey" PRIMARY KEY ("storageConfigId")
);

-- CreateIndex
CREATE UNIQUE INDEX "FsIndexEntry_storageConfigId_key_key" ON "FsIndexEntry"("storageConfigId", "key");

-- AddForeignKey
ALTER TABLE "FsIndexEntry" ADD CONSTRAINT "FsIndexEntry_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FsIndexState" ADD CONSTRAINT "FsIndexState_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand (docs/search-index.md): keys are compared byte by byte (as S3 lists them), whatever the
-- database's collation, so that prefix ranges and listing order agree.
CREATE INDEX "FsIndexEntry_storageConfigId_key_c_idx" ON "FsIndexEntry" ("storageConfigId", "key" COLLATE "C");

-- The trigram index of names. pg_trgm ships with PostgreSQL (its contrib modules) and is a trusted
-- extension. It goes in "public" so that every schema of one database finds it. (No semicolon may
-- appear inside a statement or a comment here: the migration is split at each one.)
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX "FsIndexEntry_name_trgm_idx" ON "FsIndexEntry" USING gin ("name" public.gin_trgm_ops);
