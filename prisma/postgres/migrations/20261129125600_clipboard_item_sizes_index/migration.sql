-- DropIndex
DROP INDEX "ClipboardItem_roomId_id_idx";

-- CreateIndex
CREATE INDEX "ClipboardItem_roomId_id_size_idx" ON "ClipboardItem"("roomId", "id", "size");
