// The daily "audit-purge" job (services/jobs/system-jobs.ts): removes audit events past their 90 days
// (docs/security.md, "Audit log"). It runs in a short-lived child process, as the sweep does, so a
// server nobody uses does not load Prisma for it (docs/decisions/0013-idle-without-prisma.md).
import { answerParentOnDatabase, runChildTask } from "../../app/child-task";
import { purgeOldAuditEvents } from "./audit-log";

/** One purge of the database at `databaseUrl`, in a child process; answers how many events it removed. */
export function purgeAuditInChildProcess(databaseUrl: string): Promise<{ removed: number }> {
  return runChildTask(import.meta.path, { DATABASE_URL: databaseUrl });
}

if (import.meta.main) await answerParentOnDatabase((db) => purgeOldAuditEvents(db));
