// A file share's content by its slug, as the original's API serves it: GET /file-download/{slug}
// (attachment) and /file-view/{slug} (inline, sandboxed like every preview), streamed through the
// app, and /office-preview/{slug} (a short-lived link for Microsoft's viewer). The share page's rules
// apply: password (?password=), expiry and view limits; a delivery of content counts one view.
import { z } from "zod";
import { AppError } from "../../errors";
import { objectResponse } from "../../http/downloads/object-response";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import { defineRawRoute, jsonAnswer, objectAnswers, type RawRoute } from "../../rest/raw-route";
import { openSharedFile, viewPublicFile } from "../../services/shares/views";
import type { Context } from "../../trpc";

const passwordQuery = z.object({ password: z.string().max(1024).optional() });

const shareErrors = [
  jsonAnswer(401, "Password missing or wrong"),
  jsonAnswer(404, "No such share"),
  jsonAnswer(410, "Expired or view limit reached"),
];

async function streamShare(
  ctx: Context,
  params: Record<string, string>,
  query: Record<string, unknown>,
  disposition: "attachment" | "inline",
): Promise<Response> {
  const share = await openSharedFile(ctx, {
    slug: params.slug ?? "",
    password: (query as z.output<typeof passwordQuery>).password || undefined,
    clientIp: ctx.clientIp,
  });
  return objectResponse(share.driver, share.key, ctx.request, {
    downloader: ctx,
    disposition,
    filename: share.filename,
    contentType: share.contentType,
    onDeliver: share.countView,
  });
}

function contentRoute(path: string, summary: string, disposition: "attachment" | "inline"): RawRoute {
  return defineRawRoute({
    method: "GET",
    path,
    summary,
    description:
      "Pass `password` for a protected share. Streamed, with Range and conditional requests (RFC 9110); " +
      "each delivery of content counts one view (a HEAD, a 304 or a 412 does not).",
    tags: ["File sharing"],
    access: "public",
    query: passwordQuery,
    responses: [
      ...objectAnswers("file"),
      { status: 304, description: "Not modified", contentType: "application/octet-stream" },
      ...shareErrors,
    ],
    handle: ({ ctx, params, query }) => streamShare(ctx, params, query, disposition),
  });
}

export const shareRawRoutes: RawRoute[] = [
  contentRoute("/file-download/{slug}", "Download a shared file (Content-Disposition: attachment)", "attachment"),
  contentRoute(
    "/file-view/{slug}",
    "Show a shared file in the browser (inline; active types as text, sandboxed)",
    "inline",
  ),
  defineRawRoute({
    method: "GET",
    path: "/office-preview/{slug}",
    summary: "A short-lived link to a shared file, for Microsoft's Office viewer (counts a view)",
    tags: ["File sharing"],
    access: "public",
    query: passwordQuery,
    responses: [jsonAnswer(200, "url, filename, mimetype, expires_in (envelope)"), ...shareErrors],
    async handle({ ctx, params, query }) {
      const view = await viewPublicFile(ctx, {
        slug: params.slug ?? "",
        password: (query as z.output<typeof passwordQuery>).password || undefined,
        clientIp: ctx.clientIp,
      });
      if (!view.download_url || !view.links_expire_at) throw new AppError("WRONG_PASSWORD", "errors.passwordRequired");
      return envelopeResponse(200, translate("errors.ok"), {
        url: view.download_url,
        filename: view.filename,
        mimetype: view.mimetype,
        expires_in: Math.round((view.links_expire_at.getTime() - Date.now()) / 1000),
        expires_at: view.links_expire_at,
        is_temporary: true,
      });
    },
  }),
];
