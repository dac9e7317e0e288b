// The security audit log as the admin reads it (docs/security.md, "Audit log"): the filters shared by
// the paged list (GET /admin/audit) and the JSON export (GET /admin/audit/export), and one event.
import { z } from "zod";
import { AUDIT_EVENTS, AUDIT_OUTCOMES, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "../../audit-events";
import { dateInput } from "../common";

const auditFilterFields = z.object({
  /** One event, such as `login` or `passkey.add`. */
  event: z.enum(AUDIT_EVENTS, { error: "errors.auditEventUnknown" }).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: "errors.auditOutcomeUnknown" }).optional(),
  /** The start of the address: `203.0.113.` matches that network's events, a whole address its own. */
  address: z.string().trim().max(64).optional(),
  /** Events at or after this time. */
  from: dateInput.optional(),
  /** Events before this time. */
  to: dateInput.optional(),
});

/** A range that ends before it starts would silently match nothing: refused instead. */
const hasOrderedDates = (filters: { from?: Date; to?: Date }) =>
  !filters.from || !filters.to || filters.from < filters.to;
const dateRangeIssue = { message: "errors.auditDateRange", path: ["to"] };

export const auditFilterInput = auditFilterFields.refine(hasOrderedDates, dateRangeIssue);

export type AuditFilters = z.output<typeof auditFilterInput>;

export const auditListInput = auditFilterFields
  .extend({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
    /** The next_cursor of the previous page. */
    cursor: z.string().max(200).nullish(),
  })
  .refine(hasOrderedDates, dateRangeIssue);

export const auditEventOutput = z.object({
  id: z.string(),
  created_at: z.date(),
  event: z.string(),
  success: z.boolean(),
  /** How a sign-in was made: password, totp, recovery, passkey, sso, app-password. */
  method: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Browser and system read from the user agent ("Firefox 133", "Linux"); null when it does not say. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** What the event concerned: a passkey's or app password's name, why a sign-on was refused. */
  detail: z.string().nullable(),
});

export type AuditEventView = z.infer<typeof auditEventOutput>;

export const auditListOutput = z.object({
  items: z.array(auditEventOutput),
  /** Pass it as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
