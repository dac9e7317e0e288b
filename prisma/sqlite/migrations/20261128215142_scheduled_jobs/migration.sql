-- CreateTable
CREATE TABLE "JobLease" (
    "job" TEXT NOT NULL PRIMARY KEY,
    "owner" TEXT NOT NULL DEFAULT '',
    "leaseUntilMs" BIGINT NOT NULL DEFAULT 0,
    "lastSlotMs" BIGINT NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "JobRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "job" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    "durationMs" INTEGER,
    "result" TEXT,
    "log" TEXT NOT NULL DEFAULT ''
);

-- CreateIndex
CREATE INDEX "JobRun_job_startedAt_idx" ON "JobRun"("job", "startedAt");
