// The security audit log's vocabulary (docs/security.md, "Audit log"): the events the server records,
// how long they are kept, and how many the admin screen reads at a time. Plain constants, so the audit
// screen can offer the events as a filter without loading zod.

/** Every event the server writes (server/services/auth/audit.ts); the screen names each in both languages. */
export const AUDIT_EVENTS = [
  "login",
  "session.end",
  "session.end_others",
  "totp.enable",
  "totp.disable",
  "factors.reset",
  "passkey.add",
  "passkey.remove",
  "password_login.on",
  "password_login.off",
  "account.change",
  "app_password.create",
  "app_password.use",
  "app_password.revoke",
  "api_key.create",
  "api_key.update",
  "api_key.delete",
] as const;
export type AuditEventName = (typeof AUDIT_EVENTS)[number];

export const AUDIT_OUTCOMES = ["success", "failure"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Events older than this are removed by the daily "audit-purge" job (docs/jobs.md). */
export const AUDIT_RETENTION_DAYS = 90;

/** Events per page of the list (GET /admin/audit) unless `limit` says otherwise, and the most it allows. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
