// The admin's sign-in security: the second factor (TOTP enrolment, recovery codes, turning it off)
// and the sessions list. Every route here is the admin's alone; what each guards is in docs/security.
import {
  adminSessionOutput,
  secondFactorStatusOutput,
  totpDisableInput,
  totpEnableInput,
  totpEnableOutput,
  totpSetupOutput,
} from "@shared/schemas/auth";
import { idParam } from "@shared/schemas/common";
import { z } from "zod";
import { endAdminSession, endOtherAdminSessions, listAdminSessions } from "../../services/auth/admin-sessions";
import { requestFacts } from "../../services/auth/audit";
import { disableTotp, enableTotp, secondFactorStatus, startTotpSetup } from "../../services/auth/second-factor";
import { adminProcedure, router } from "../../trpc";

const tags = ["Admin sign-in security"];

export const securityRouter = router({
  status: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/2fa", summary: "Whether TOTP is on and recovery codes left", tags } })
    .output(secondFactorStatusOutput)
    .query(({ ctx }) => secondFactorStatus(ctx.db, ctx.auth.adminId)),

  totpSetup: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/admin/2fa/totp/setup",
        summary: "Start a TOTP enrolment: a new key, confirmed by /admin/2fa/totp/enable within 10 minutes",
        tags,
      },
    })
    .output(totpSetupOutput)
    .mutation(({ ctx }) => startTotpSetup(ctx.db, ctx.config.secret, ctx.auth.adminId)),

  totpEnable: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/admin/2fa/totp/enable",
        summary: "Confirm the enrolment with a first code; answers 10 recovery codes, shown once",
        description: "Every other session of the admin ends. A wrong code counts as a failed login for the address.",
        tags,
      },
    })
    .input(totpEnableInput)
    .output(totpEnableOutput)
    .mutation(({ ctx, input }) =>
      enableTotp(
        ctx.db,
        ctx.config.secret,
        ctx.auth.adminId,
        ctx.auth.sessionId,
        input.code,
        requestFacts(ctx.request, ctx.clientIp),
      ),
    ),

  totpDisable: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/admin/2fa/totp/disable",
        summary: "Turn TOTP off; needs the password and a code (TOTP or recovery)",
        tags,
      },
    })
    .input(totpDisableInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await disableTotp(ctx.db, ctx.config.secret, ctx.auth.adminId, input, requestFacts(ctx.request, ctx.clientIp));
      return null;
    }),

  sessions: adminProcedure
    .meta({ rest: { method: "GET", path: "/admin/sessions", summary: "The admin's active sessions", tags } })
    .output(z.array(adminSessionOutput))
    .query(({ ctx }) => listAdminSessions(ctx.db, ctx.auth.adminId, ctx.auth.sessionId)),

  endSession: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/admin/sessions/{id}", summary: "End one session (on every process)", tags },
    })
    .input(idParam)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await endAdminSession(ctx.db, ctx.auth.adminId, input.id, requestFacts(ctx.request, ctx.clientIp));
      return null;
    }),

  endOtherSessions: adminProcedure
    .meta({
      rest: { method: "POST", path: "/admin/sessions/end-others", summary: "End every session but this one", tags },
    })
    .output(z.object({ ended: z.number() }))
    .mutation(({ ctx }) =>
      endOtherAdminSessions(ctx.db, ctx.auth.adminId, ctx.auth.sessionId, requestFacts(ctx.request, ctx.clientIp)),
    ),
});
