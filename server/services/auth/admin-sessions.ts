// The admin's sessions as the admin sees them (Security screen, GET /api/admin/sessions): how each
// signed in, from where, with which browser, when last used; and ending one or all others. Sessions
// are database rows, so ending one is a delete and every process refuses its token from then on.
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { type RequestFacts, recordAuditEvent } from "./audit";

export type AgentFacts = { browser: string | null; os: string | null; device: string | null };

let agentParser: Promise<typeof import("bowser").default> | null = null;

/**
 * Reads "Firefox 133 on Linux"-like facts from user agents; null parts when the agent does not say.
 * The parser loads with the first list that shows them: an idle server does not hold it.
 */
export async function agentDescriber(): Promise<(userAgent: string | null) => AgentFacts> {
  agentParser ??= import("bowser").then((module) => module.default);
  const Bowser = await agentParser;
  const join = (name?: string, version?: string) =>
    name ? [name, version?.split(".")[0]].filter(Boolean).join(" ") : null;
  return (userAgent) => {
    if (!userAgent) return { browser: null, os: null, device: null };
    const parsed = Bowser.parse(userAgent);
    return {
      browser: join(parsed.browser.name, parsed.browser.version),
      os: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
      device: parsed.platform.type ?? null,
    };
  };
}

export async function listAdminSessions(db: Database, adminId: string, currentSessionId: string, now = new Date()) {
  const rows = await db.adminSession.findMany({
    where: { adminId, expiresAt: { gt: now } },
    select: {
      id: true,
      method: true,
      ipAddress: true,
      userAgent: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
    },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
  const describeAgent = await agentDescriber();
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    ...describeAgent(row.userAgent),
    created_at: row.createdAt,
    last_seen_at: row.lastSeenAt ?? row.createdAt,
    expires_at: row.expiresAt,
    current: row.id === currentSessionId,
  }));
}

export async function endAdminSession(db: Database, adminId: string, sessionId: string, facts: RequestFacts) {
  const ended = await db.adminSession.deleteMany({ where: { id: sessionId, adminId } });
  if (ended.count === 0) throw new AppError("NOT_FOUND", "errors.sessionNotFound");
  await recordAuditEvent(db, { event: "session.end", detail: sessionId.slice(0, 12), ...facts });
}

/** Ends every session of the admin but the one asking; the number ended. */
export async function endOtherAdminSessions(
  db: Database,
  adminId: string,
  currentSessionId: string,
  facts: RequestFacts,
) {
  const ended = await db.adminSession.deleteMany({ where: { adminId, id: { not: currentSessionId } } });
  await recordAuditEvent(db, { event: "session.end_others", detail: String(ended.count), ...facts });
  return { ended: ended.count };
}
