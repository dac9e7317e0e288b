// The audit log screen's filters (docs/security.md, "Audit log"): what the form holds (days as the date
// inputs give them, in the browser's time zone), the input of GET /admin/audit it stands for, and the
// export link with the same filters, so the file holds exactly what the list shows and what lies beyond.
import type { AuditEventName, AuditOutcome } from "@shared/audit-events";

export type AuditFilterForm = {
  event: AuditEventName | "";
  outcome: AuditOutcome | "";
  address: string;
  /** YYYY-MM-DD, or empty. */
  fromDay: string;
  /** YYYY-MM-DD, or empty: this day is included. */
  toDay: string;
};

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = { event: "", outcome: "", address: "", fromDay: "", toDay: "" };

export type AuditQuery = {
  event?: AuditEventName;
  outcome?: AuditOutcome;
  address?: string;
  from?: Date;
  to?: Date;
};

/** The start of a day in the browser's time zone, or null when `day` is not a YYYY-MM-DD date. */
function startOfDay(day: string, addDays = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The query the form stands for, or "dateRange" when its last day comes before its first. */
export function auditQueryOf(form: AuditFilterForm): AuditQuery | "dateRange" {
  const from = startOfDay(form.fromDay);
  // The last day is included: the period ends where the next day starts.
  const to = startOfDay(form.toDay, 1);
  if (from && to && to <= from) return "dateRange";
  const address = form.address.trim();
  return {
    ...(form.event ? { event: form.event } : {}),
    ...(form.outcome ? { outcome: form.outcome } : {}),
    ...(address ? { address } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** GET /api/admin/audit/export with the same filters: a plain link the browser saves (the session cookie signs it in). */
export function auditExportHref(query: AuditQuery): string {
  const params = new URLSearchParams();
  if (query.event) params.set("event", query.event);
  if (query.outcome) params.set("outcome", query.outcome);
  if (query.address) params.set("address", query.address);
  if (query.from) params.set("from", query.from.toISOString());
  if (query.to) params.set("to", query.to.toISOString());
  const search = params.size > 0 ? `?${params}` : "";
  return `/api/admin/audit/export${search}`;
}
