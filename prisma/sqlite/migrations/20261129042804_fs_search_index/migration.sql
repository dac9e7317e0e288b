-- CreateTable
CREATE TABLE "FsIndexEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "storageConfigId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size" BIGINT NOT NULL DEFAULT 0,
    "isFolder" BOOLEAN NOT NULL DEFAULT false,
    "hasMarker" BOOLEAN NOT NULL DEFAULT false,
    "modifiedMs" BIGINT,
    "seenMs" BIGINT NOT NULL,
    CONSTRAINT "FsIndexEntry_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FsIndexState" (
    "storageConfigId" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL DEFAULT 'idle',
    "crawlId" TEXT,
    "crawlStartedMs" BIGINT,
    "heartbeatAt" DATETIME,
    "cursor" TEXT,
    "crawledObjects" INTEGER NOT NULL DEFAULT 0,
    "indexedAt" DATETIME,
    "error" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FsIndexState_storageConfigId_fkey" FOREIGN KEY ("storageConfigId") REFERENCES "StorageConfig" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "FsIndexEntry_storageConfigId_key_key" ON "FsIndexEntry"("storageConfigId", "key");

-- Added by hand: the trigram index of names (docs/search-index.md). An external-content FTS5 table over
-- FsIndexEntry.name, kept in step by triggers; a name never changes for a key, so updates of the
-- other columns leave it alone.
CREATE VIRTUAL TABLE "FsIndexName" USING fts5("name", content='FsIndexEntry', content_rowid='id', tokenize='trigram');
CREATE TRIGGER "FsIndexEntry_name_insert" AFTER INSERT ON "FsIndexEntry" BEGIN
  INSERT INTO "FsIndexName" (rowid, "name") VALUES (new."id", new."name");
END;
CREATE TRIGGER "FsIndexEntry_name_delete" AFTER DELETE ON "FsIndexEntry" BEGIN
  INSERT INTO "FsIndexName" ("FsIndexName", rowid, "name") VALUES ('delete', old."id", old."name");
END;
CREATE TRIGGER "FsIndexEntry_name_update" AFTER UPDATE OF "name" ON "FsIndexEntry" BEGIN
  INSERT INTO "FsIndexName" ("FsIndexName", rowid, "name") VALUES ('delete', old."id", old."name");
  INSERT INTO "FsIndexName" (rowid, "name") VALUES (new."id", new."name");
END;
