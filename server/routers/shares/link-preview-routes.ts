// The picture of an image share's link-preview card (docs/link-previews.md): what a chat app's `og:image`
// points at. Public, counting no view; only open image shares have one.
import { AppError } from "../../errors";
import { defineRawRoute, jsonAnswer, type RawRoute } from "../../rest/raw-route";
import { previewImage } from "../../services/shares/link-preview/link-preview-image";

export const linkPreviewRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/public/link-previews/{kind}/{slug}/image",
    summary: "The small picture of an image share's link card (JPEG, at most 600 px; counts no view)",
    description:
      "`kind`: `file` for /file/<slug>, `s` for /s/<slug>. Only a share anyone with the link may open has one: " +
      "no password, not encrypted in the browser, not expired, used up or gone, an image of at most 20 MiB.",
    tags: ["Link previews (public)"],
    access: "public",
    responses: [
      { status: 200, description: "The picture", contentType: "image/jpeg" },
      jsonAnswer(404, "No such share, or no picture for it (not an image, protected, expired or too large)"),
    ],
    async handle({ ctx, params }) {
      const kind = params.kind ?? "";
      const picture = kind === "file" || kind === "s" ? await previewImage(ctx, kind, params.slug ?? "") : null;
      if (!picture) throw new AppError("NOT_FOUND", "errors.shareNotFound");
      return new Response(picture, {
        headers: {
          "Content-Type": "image/jpeg",
          "Content-Length": String(picture.byteLength),
          // Short: a password set or a revoke later must take the picture away soon.
          "Cache-Control": "public, max-age=300",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  }),
];
