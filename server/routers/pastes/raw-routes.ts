// Paste routes outside tRPC. A paste by its link: the view in JSON (the hottest public read, served
// without tRPC's call pipeline: docs/performance.md) and the raw text link, the content as text/plain
// (docs/api.md: not enveloped; errors as plain text with the right status); every delivery counts a
// view. The list, whose envelope holds the pastes as data with the pagination beside it (CloudPaste's
// layout), for the admin (every paste) and keys with text permission (their own), as pastes.list.
import { listPastesInput, listPastesOutput, pasteViewInput, pasteViewOutput } from "@shared/schemas/pastes";
import { z } from "zod";
import { AppError, describeError } from "../../errors";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";
import { listPastesFor, openPaste, viewPaste } from "../../services/pastes/pastes";

const textHeaders = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

const pasteSlug = pasteViewInput.pick({ slug: true });

/** The list's routes: the admin's path and the keys' (docs/architecture.md, "One procedure per operation"). */
const listRoutes = [
  { path: "/admin/pastes", access: "admin", area: "text", variant: "admin", tag: "Pastes (admin)" },
  { path: "/user/pastes", access: "text", variant: "mine", tag: "Pastes (API key)" },
] as const;

export const pasteRawRoutes: RawRoute[] = [
  ...listRoutes.map(({ path, variant, tag, ...access }) =>
    defineRawRoute({
      method: "GET",
      path,
      operationId: `pastes.${variant}.list`,
      summary: "List pastes, newest first, with search",
      tags: [tag],
      ...access,
      query: listPastesInput,
      responses: [
        jsonAnswer(200, "The pastes, with the pagination beside them", listPastesOutput.shape.pastes, {
          pagination: listPastesOutput.shape.pagination,
        }),
      ],
      async handle({ ctx, auth, query }) {
        const { pastes, pagination } = listPastesOutput.parse(
          await listPastesFor(ctx, { auth, clientIp: ctx.clientIp }, query),
        );
        return envelopeResponse(200, translate("errors.ok"), pastes, {}, true, { pagination });
      },
    }),
  ),
  defineRawRoute({
    method: "GET",
    path: "/paste/{slug}",
    operationId: "pastes.view",
    summary: "Open a paste by its link (counts a view); a protected paste answers without content",
    tags: ["Pastes"],
    access: "public",
    query: pasteViewInput.pick({ html: true }),
    responses: [
      jsonAnswer(200, "The paste (content null while a password is needed)", pasteViewOutput),
      jsonAnswer(404, "No such paste"),
      jsonAnswer(410, "Expired or view limit reached"),
    ],
    async handle({ ctx, params, query }) {
      const { slug } = pasteSlug.parse({ slug: params.slug });
      const paste = await openPaste(ctx, { slug, html: query.html, clientIp: ctx.clientIp });
      return envelopeResponse(200, translate("errors.ok"), paste);
    },
  }),
  defineRawRoute({
    method: "GET",
    path: "/raw/{slug}",
    summary: "A paste's content as plain text (counts a view)",
    description:
      "Pass `password` for a protected paste. Errors are plain text: 401 wrong password, 404, 410. " +
      "An encrypted paste (`encrypted: true`) answers its ciphertext envelope as application/json with " +
      "`X-Pastebox-Encrypted: 1`: the key is in the share link's fragment, which never reaches the server, " +
      "so only a client holding the link can decrypt it (format in docs/encrypted-shares.md).",
    tags: ["Pastes"],
    access: "public",
    query: z.object({ password: z.string().max(1024).optional() }),
    responses: [
      {
        status: 200,
        description: "The content (an encrypted paste: its envelope, as JSON)",
        contentType: "text/plain",
      },
      { status: 401, description: "Password missing or wrong", contentType: "text/plain" },
      { status: 410, description: "Expired or view limit reached", contentType: "text/plain" },
    ],
    async handle({ ctx, params, query }) {
      try {
        const paste = await viewPaste(ctx, {
          slug: params.slug ?? "",
          password: (query.password as string | undefined) || undefined,
          clientIp: ctx.clientIp,
        });
        if (paste.content === null) throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
        if (paste.encrypted) {
          return new Response(paste.content, {
            headers: { ...textHeaders, "Content-Type": "application/json; charset=utf-8", "X-Pastebox-Encrypted": "1" },
          });
        }
        return new Response(paste.content, { headers: textHeaders });
      } catch (error) {
        const description = describeError(error);
        return new Response(description.message, {
          status: description.status,
          headers: { ...textHeaders, ...description.headers },
        });
      }
    },
  }),
];
