// Reading the security audit log (docs/security.md, "Audit log"): a filtered page of events newest
// first with a cursor, the same filters exported as one JSON document streamed a page at a time (so a
// large export holds one page in memory, never the table), and the removal of what is past retention.
import { AUDIT_RETENTION_DAYS } from "@shared/audit-events";
import type { AuditEventView, AuditFilters } from "@shared/schemas/auth/audit";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { type AgentFacts, agentDescriber } from "./admin-sessions";

const DAY_MS = 24 * 60 * 60_000;

/** Rows read per database query while exporting: one such page is all an export holds. */
export const AUDIT_EXPORT_PAGE = 500;

const EVENT_SELECT = {
  id: true,
  createdAt: true,
  event: true,
  success: true,
  method: true,
  ipAddress: true,
  userAgent: true,
  detail: true,
} as const;

type EventRow = {
  id: string;
  createdAt: Date;
  event: string;
  success: boolean;
  method: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: string | null;
};

function viewOf(row: EventRow, describeAgent: (userAgent: string | null) => AgentFacts): AuditEventView {
  const { browser, os } = describeAgent(row.userAgent);
  return {
    id: row.id,
    created_at: row.createdAt,
    event: row.event,
    success: row.success,
    method: row.method,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    browser,
    os,
    detail: row.detail,
  };
}

/** Where the next page starts: the last event's time and id (ids break ties between equal times). */
type Position = { createdAt: Date; id: string };

const CURSOR_PATTERN = /^(\d{1,15})_([0-9A-Za-z-]{1,64})$/;

function encodeCursor(row: Position): string {
  return `${row.createdAt.getTime()}_${row.id}`;
}

function decodeCursor(cursor: string): Position {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) throw new AppError("BAD_REQUEST", "errors.auditCursorInvalid");
  return { createdAt: new Date(Number(match[1])), id: match[2] as string };
}

function whereOf(filters: AuditFilters, after: Position | null) {
  return {
    ...(filters.event ? { event: filters.event } : {}),
    ...(filters.outcome ? { success: filters.outcome === "success" } : {}),
    ...(filters.address ? { ipAddress: { startsWith: filters.address } } : {}),
    AND: [
      filters.from || filters.to
        ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } }
        : {},
      after
        ? {
            OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
          }
        : {},
    ],
  };
}

const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

async function readPage(db: Database, filters: AuditFilters, after: Position | null, limit: number) {
  // One row more than asked says whether another page follows without a count of the whole table.
  const rows = await db.auditEvent.findMany({
    where: whereOf(filters, after),
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: EVENT_SELECT,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last ? last : null };
}

export async function listAuditEvents(
  db: Database,
  input: AuditFilters & { limit: number; cursor?: string | null },
): Promise<{ items: AuditEventView[]; next_cursor: string | null }> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const { page, next } = await readPage(db, input, after, input.limit);
  const describeAgent = await agentDescriber();
  return { items: page.map((row) => viewOf(row, describeAgent)), next_cursor: next ? encodeCursor(next) : null };
}

/**
 * The events the filters match, newest first, as one JSON document `{ "exported_at", "filters", "events": [...] }`,
 * read AUDIT_EXPORT_PAGE rows at a time as the client takes the body. The first page is read before the
 * answer starts, so a database that fails then still gets a proper error status.
 */
export async function exportAuditEvents(db: Database, filters: AuditFilters, now = new Date()) {
  let pending: Awaited<ReturnType<typeof readPage>> | null = await readPage(db, filters, null, AUDIT_EXPORT_PAGE);
  const describeAgent = await agentDescriber();
  let separator = "";
  const encoder = new TextEncoder();
  const head = `{"exported_at":${JSON.stringify(now)},"filters":${JSON.stringify(filters)},"events":[`;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (!pending) return;
      const { page, next } = pending;
      const rows = page.map((row) => JSON.stringify(viewOf(row, describeAgent))).join(",");
      if (rows) controller.enqueue(encoder.encode(separator + rows));
      if (rows) separator = ",";
      if (next) {
        pending = await readPage(db, filters, next, AUDIT_EXPORT_PAGE);
      } else {
        pending = null;
        controller.enqueue(encoder.encode("]}"));
        controller.close();
      }
    },
    cancel() {
      pending = null;
    },
  });
}

/** Removes events older than the retention (the "audit-purge" job, services/jobs/system-jobs.ts). */
export async function purgeOldAuditEvents(db: Database, now = new Date()): Promise<{ removed: number }> {
  const before = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
  const { count } = await db.auditEvent.deleteMany({ where: { createdAt: { lt: before } } });
  return { removed: count };
}
