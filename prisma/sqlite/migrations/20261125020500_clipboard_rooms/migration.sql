-- CreateTable
CREATE TABLE "ClipboardRoom" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT,
    "historyLimit" INTEGER NOT NULL DEFAULT 50,
    "maxDevices" INTEGER NOT NULL DEFAULT 10,
    "expiresAt" DATETIME NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ClipboardItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "roomId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "deviceId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ClipboardItem_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "ClipboardRoom" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ClipboardDevice" (
    "connectionId" TEXT NOT NULL PRIMARY KEY,
    "roomId" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "seenAt" DATETIME NOT NULL,
    CONSTRAINT "ClipboardDevice_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "ClipboardRoom" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ClipboardRoom_createdBy_idx" ON "ClipboardRoom"("createdBy");

-- CreateIndex
CREATE INDEX "ClipboardRoom_expiresAt_idx" ON "ClipboardRoom"("expiresAt");

-- CreateIndex
CREATE INDEX "ClipboardItem_roomId_id_idx" ON "ClipboardItem"("roomId", "id");

-- CreateIndex
CREATE INDEX "ClipboardDevice_roomId_seenAt_idx" ON "ClipboardDevice"("roomId", "seenAt");
