// The admin's sign-in security: the second factor (TOTP enrolment, recovery codes, turning it off)
// and the sessions list. Every route here is the admin's alone; what each guards is in docs/security.
import {
  adminSessionOutput,
  secondFactorStatusOutput,
  totpDisableInput,
  totpEnableInput,
  totpEnableOutput,
  totpSetupOutput,
} from "@shared/schemas/auth/auth";
import { idParam } from "@shared/schemas/common";
import { z } from "zod";
import { endAdminSession, endOtherAdminSessions, listAdminSessions } from "../../services/auth/admin-sessions";
import { requestFacts } from "../../services/auth/audit";
import { disableTotp, enableTotp, secondFactorStatus, startTotpSetup } from "../../services/auth/second-factor";
import { adminProcedure, rest, router } from "../../trpc";

const tags = ["Admin sign-in security"];

export const securityRouter = router({
  status: adminProcedure
    .meta(rest("GET /admin/2fa", "Whether TOTP is on and recovery codes left", tags))
    .output(secondFactorStatusOutput)
    .query(({ ctx }) => secondFactorStatus(ctx.db, ctx.auth.adminId)),

  totpSetup: adminProcedure
    .meta(
      rest(
        "POST /admin/2fa/totp/setup",
        "Start a TOTP enrolment: a new key, confirmed by /admin/2fa/totp/enable within 10 minutes",
        tags,
      ),
    )
    .output(totpSetupOutput)
    .mutation(({ ctx }) => startTotpSetup(ctx.db, ctx.config.secret, ctx.auth.adminId)),

  totpEnable: adminProcedure
    .meta(
      rest(
        "POST /admin/2fa/totp/enable",
        "Confirm the enrolment with a first code; answers 10 recovery codes, shown once",
        tags,
        {
          description: "Every other session of the admin ends. A wrong code counts as a failed login for the address.",
        },
      ),
    )
    .input(totpEnableInput)
    .output(totpEnableOutput)
    .mutation(({ ctx, input }) =>
      enableTotp(ctx.db, ctx.config.secret, ctx.auth.adminId, ctx.auth.sessionId, input.code, requestFacts(ctx)),
    ),

  totpDisable: adminProcedure
    .meta(rest("POST /admin/2fa/totp/disable", "Turn TOTP off; needs the password and a code (TOTP or recovery)", tags))
    .input(totpDisableInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await disableTotp(ctx.db, ctx.config.secret, ctx.auth.adminId, input, requestFacts(ctx));
      return null;
    }),

  sessions: adminProcedure
    .meta(rest("GET /admin/sessions", "The admin's active sessions", tags))
    .output(z.array(adminSessionOutput))
    .query(({ ctx }) => listAdminSessions(ctx.db, ctx.auth.adminId, ctx.auth.sessionId)),

  endSession: adminProcedure
    .meta(rest("DELETE /admin/sessions/{id}", "End one session (on every process)", tags))
    .input(idParam)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await endAdminSession(ctx.db, ctx.auth.adminId, input.id, requestFacts(ctx));
      return null;
    }),

  endOtherSessions: adminProcedure
    .meta(rest("POST /admin/sessions/end-others", "End every session but this one", tags))
    .output(z.object({ ended: z.number() }))
    .mutation(({ ctx }) => endOtherAdminSessions(ctx.db, ctx.auth.adminId, ctx.auth.sessionId, requestFacts(ctx))),
});
