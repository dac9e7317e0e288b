// Where the scheduler keeps its leases and run history (JobLease, JobRun). Claiming a run is ONE
// conditional UPDATE of the job's lease row, atomic on both databases: it succeeds only when no process
// holds an unexpired lease and the slot is newer than the last one run, so each slot of a schedule runs
// once across processes and two runs of a job never overlap. On SQLite the ledger uses a bun:sqlite
// connection of its own so that a timer never loads Prisma into an idle server
// (docs/decisions/0013-idle-without-prisma.md); on Postgres the Prisma client, which knows the schema
// the URL names and which a Postgres server loads anyway.
import { type Database, providerOf } from "../../db/client";
import { lazySqlite } from "../../db/lazy-sqlite";

/** Runs kept per job; older ones are dropped when a run finishes. */
export const RUNS_KEPT_PER_JOB = 100;

export type RunStart = { id: string; job: string; trigger: "schedule" | "manual"; owner: string; startedAt: Date };
export type RunEnd = {
  status: "succeeded" | "failed";
  finishedAt: Date;
  durationMs: number;
  result: string | null;
  log: string;
};

export type JobLedger = {
  /** Creates the job's lease row if no process has yet. */
  register(job: string): Promise<void>;
  /** Takes the lease for `slotMs` until `leaseUntilMs`; false when another run holds it or ran the slot. */
  claim(job: string, owner: string, slotMs: number, leaseUntilMs: number, nowMs: number): Promise<boolean>;
  /** Keeps a long run's lease alive. */
  extend(job: string, owner: string, leaseUntilMs: number): Promise<void>;
  release(job: string, owner: string): Promise<void>;
  /** Records a run; a run of this job still marked running died with its process and is marked so. */
  startRun(run: RunStart): Promise<void>;
  /** A running run's progress, kept in its result until it finishes. */
  reportProgress(id: string, result: string): Promise<void>;
  finishRun(id: string, job: string, end: RunEnd): Promise<void>;
  close(): void;
};

export function createJobLedger(databaseUrl: string, db: Database): JobLedger {
  return providerOf(databaseUrl) === "sqlite" ? createSqliteLedger(databaseUrl) : createPrismaLedger(db);
}

function createPrismaLedger(db: Database): JobLedger {
  return {
    async register(job) {
      await db.jobLease.createMany({ data: [{ job }], skipDuplicates: true } as never);
    },
    async claim(job, owner, slotMs, leaseUntilMs, nowMs) {
      const { count } = await db.jobLease.updateMany({
        where: { job, leaseUntilMs: { lt: BigInt(nowMs) }, lastSlotMs: { lt: BigInt(slotMs) } },
        data: { owner, leaseUntilMs: BigInt(leaseUntilMs), lastSlotMs: BigInt(slotMs) },
      });
      return count === 1;
    },
    async extend(job, owner, leaseUntilMs) {
      await db.jobLease.updateMany({ where: { job, owner }, data: { leaseUntilMs: BigInt(leaseUntilMs) } });
    },
    async release(job, owner) {
      await db.jobLease.updateMany({ where: { job, owner }, data: { leaseUntilMs: 0n } });
    },
    async startRun(run) {
      await db.jobRun.updateMany({ where: { job: run.job, status: "running" }, data: { status: "interrupted" } });
      await db.jobRun.create({ data: { ...run, status: "running" } });
    },
    async reportProgress(id, result) {
      await db.jobRun.updateMany({ where: { id, status: "running" }, data: { result } });
    },
    async finishRun(id, job, end) {
      await db.jobRun.update({ where: { id }, data: end });
      const stale = await db.jobRun.findMany({
        where: { job },
        orderBy: { startedAt: "desc" },
        skip: RUNS_KEPT_PER_JOB,
        select: { id: true },
      });
      if (stale.length > 0) await db.jobRun.deleteMany({ where: { id: { in: stale.map((run) => run.id) } } });
    },
    close() {},
  };
}

function createSqliteLedger(databaseUrl: string): JobLedger {
  // Short writes only; a writer holding the lock longer than this postpones the run to its next slot.
  // NORMAL: in WAL mode a commit then needs no fsync on the event loop (durable at the next checkpoint).
  const { open, close } = lazySqlite(databaseUrl, "PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;");
  // Dates as the Prisma adapter writes them (ISO 8601), so the admin's reads through Prisma parse them.
  const iso = (date: Date) => date.toISOString();
  return {
    async register(job) {
      open().query('INSERT OR IGNORE INTO "JobLease" ("job") VALUES (?)').run(job);
    },
    async claim(job, owner, slotMs, leaseUntilMs, nowMs) {
      const { changes } = open()
        .query(
          'UPDATE "JobLease" SET "owner" = ?, "leaseUntilMs" = ?, "lastSlotMs" = ? ' +
            'WHERE "job" = ? AND "leaseUntilMs" < ? AND "lastSlotMs" < ?',
        )
        .run(owner, leaseUntilMs, slotMs, job, nowMs, slotMs);
      return changes === 1;
    },
    async extend(job, owner, leaseUntilMs) {
      open()
        .query('UPDATE "JobLease" SET "leaseUntilMs" = ? WHERE "job" = ? AND "owner" = ?')
        .run(leaseUntilMs, job, owner);
    },
    async release(job, owner) {
      open().query('UPDATE "JobLease" SET "leaseUntilMs" = 0 WHERE "job" = ? AND "owner" = ?').run(job, owner);
    },
    async startRun(run) {
      const sqlite = open();
      sqlite.transaction(() => {
        sqlite
          .query(`UPDATE "JobRun" SET "status" = 'interrupted' WHERE "job" = ? AND "status" = 'running'`)
          .run(run.job);
        sqlite
          .query(
            'INSERT INTO "JobRun" ("id", "job", "trigger", "owner", "status", "startedAt", "log") ' +
              "VALUES (?, ?, ?, ?, 'running', ?, '')",
          )
          .run(run.id, run.job, run.trigger, run.owner, iso(run.startedAt));
      })();
    },
    async reportProgress(id, result) {
      open().query(`UPDATE "JobRun" SET "result" = ? WHERE "id" = ? AND "status" = 'running'`).run(result, id);
    },
    async finishRun(id, job, end) {
      const sqlite = open();
      sqlite.transaction(() => {
        sqlite
          .query(
            'UPDATE "JobRun" SET "status" = ?, "finishedAt" = ?, "durationMs" = ?, "result" = ?, "log" = ? WHERE "id" = ?',
          )
          .run(end.status, iso(end.finishedAt), end.durationMs, end.result, end.log, id);
        sqlite
          .query(
            'DELETE FROM "JobRun" WHERE "job" = ? AND "id" NOT IN ' +
              '(SELECT "id" FROM "JobRun" WHERE "job" = ? ORDER BY "startedAt" DESC LIMIT ?)',
          )
          .run(job, job, RUNS_KEPT_PER_JOB);
      })();
    },
    close,
  };
}
