-- CreateTable
CREATE TABLE "JobLease" (
    "job" TEXT NOT NULL,
    "owner" TEXT NOT NULL DEFAULT '',
    "leaseUntilMs" BIGINT NOT NULL DEFAULT 0,
    "lastSlotMs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "JobLease_pkey" PRIMARY KEY ("job")
);

-- CreateTable
CREATE TABLE "JobRun" (
    "id" TEXT NOT NULL,
    "job" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,
    "result" TEXT,
    "log" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JobRun_job_startedAt_idx" ON "JobRun"("job", "startedAt");
