-- CreateTable
CREATE TABLE "ClipboardRoom" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "historyLimit" INTEGER NOT NULL DEFAULT 50,
    "maxDevices" INTEGER NOT NULL DEFAULT 10,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClipboardRoom_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClipboardItem" (
    "id" SERIAL NOT NULL,
    "roomId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "deviceId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClipboardItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClipboardDevice" (
    "connectionId" TEXT NOT NULL,
    "roomId" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClipboardDevice_pkey" PRIMARY KEY ("connectionId")
);

-- CreateIndex
CREATE INDEX "ClipboardRoom_createdBy_idx" ON "ClipboardRoom"("createdBy");

-- CreateIndex
CREATE INDEX "ClipboardRoom_expiresAt_idx" ON "ClipboardRoom"("expiresAt");

-- CreateIndex
CREATE INDEX "ClipboardItem_roomId_id_idx" ON "ClipboardItem"("roomId", "id");

-- CreateIndex
CREATE INDEX "ClipboardDevice_roomId_seenAt_idx" ON "ClipboardDevice"("roomId", "seenAt");

-- AddForeignKey
ALTER TABLE "ClipboardItem" ADD CONSTRAINT "ClipboardItem_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "ClipboardRoom"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClipboardDevice" ADD CONSTRAINT "ClipboardDevice_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "ClipboardRoom"("id") ON DELETE CASCADE ON UPDATE CASCADE;
