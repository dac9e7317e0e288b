// The security audit log (docs/security.md, "Audit log"): a filtered page of events, newest first,
// and the same filters exported as a JSON download. The admin's alone: a session opened with an app
// password is refused, as for every admin-only route.
import { auditFilterInput, auditListInput, auditListOutput } from "@shared/schemas/auth/audit";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";
import { exportAuditEvents, listAuditEvents } from "../../services/auth/audit-log";
import { adminProcedure, rest, router } from "../../trpc";

const tags = ["Admin sign-in security"];

const FILTERS_NOTE =
  "Filters: `event` (one event name), `outcome` (success or failure), `address` (the start of the client " +
  "address), `from` and `to` (ISO 8601 times: from inclusive, to exclusive). Events are kept 90 days.";

export const auditRouter = router({
  list: adminProcedure
    .meta(
      rest(
        "GET /admin/audit",
        "Security events (sign-ins, factor, key and session changes), newest first, a page at a time",
        tags,
        { description: `${FILTERS_NOTE} Pass the answer's \`next_cursor\` as \`cursor\` for the next page.` },
      ),
    )
    .input(auditListInput)
    .output(auditListOutput)
    .query(({ ctx, input }) => listAuditEvents(ctx.db, input)),
});

export const auditRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/admin/audit/export",
    summary: "Download the security events the filters match, as one JSON file",
    description:
      `${FILTERS_NOTE} The file is \`{ exported_at, filters, events: [...] }\`, newest first, streamed ` +
      "a page at a time whatever its size.",
    tags,
    access: "admin",
    query: auditFilterInput,
    responses: [
      { status: 200, description: "The events, as a JSON attachment", contentType: "application/json" },
      jsonAnswer(400, "A filter is not valid (an unknown event, a bad date, `to` before `from`)"),
    ],
    async handle({ ctx, query }) {
      const now = new Date();
      const body = await exportAuditEvents(ctx.db, query, now);
      const day = now.toISOString().slice(0, 10);
      return new Response(body, {
        status: 200,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="pastebox-audit-${day}.json"`,
          "Cache-Control": "no-store",
        },
      });
    },
  }),
];
