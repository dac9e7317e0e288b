// The raw text link of a paste: the content as text/plain (docs/api.md: not enveloped; errors as plain
// text with the right status). Every delivery counts a view, like the paste page.
import { z } from "zod";
import { AppError, describeError } from "../../errors";
import { defineRawRoute, type RawRoute } from "../../rest/raw-route";
import { viewPaste } from "../../services/pastes/pastes";

const textHeaders = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export const pasteRawRoutes: RawRoute[] = [
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
