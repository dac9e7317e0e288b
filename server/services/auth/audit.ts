// The security audit log: one row per sign-in (success or failure, how, from where), factor change
// and session end, so the admin can see who tried what. Writing must never fail the request it
// describes, and what a caller sends is cut to a bounded size before it is stored.
import type { Database } from "../../db/client";

/** Who made a request, as far as the server can tell: the address and the browser's own description. */
export type RequestFacts = { ipAddress: string; userAgent: string | null };

export type AuditEventInput = RequestFacts & {
  event: string;
  success?: boolean;
  method?: string | null;
  detail?: string | null;
};

const MAX_TEXT = 512;

const cut = (value: string | null | undefined) => (value ? value.slice(0, MAX_TEXT) : null);

/** The facts of a request for the audit log and the sessions list: `requestFacts(ctx)` in a procedure. */
export function requestFacts({ request, clientIp }: { request: Request; clientIp: string }): RequestFacts {
  return { ipAddress: clientIp, userAgent: cut(request.headers.get("user-agent")) };
}

export async function recordAuditEvent(db: Database, input: AuditEventInput, now = new Date()) {
  try {
    await db.auditEvent.create({
      data: {
        createdAt: now,
        event: input.event,
        success: input.success ?? true,
        method: input.method ?? null,
        ipAddress: cut(input.ipAddress),
        userAgent: cut(input.userAgent),
        detail: cut(input.detail),
      },
      select: { id: true },
    });
  } catch (error) {
    console.error("audit: could not record", input.event, error);
  }
}
