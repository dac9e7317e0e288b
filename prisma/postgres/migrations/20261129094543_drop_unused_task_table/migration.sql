-- DropTable
DROP TABLE "Task";
