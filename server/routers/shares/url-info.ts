// URL upload, first step: what a URL holds (name, size, type, range support) before the browser
// downloads it (docs/product.md §7). Admin, or an API key with file permission.
import { z } from "zod";
import { getUrlInfo } from "../../services/shares/upload/url-info";
import { fileProcedure, limitCreation, rest, router } from "../../trpc";

/** Headers of the origin must arrive within this; the answer needs no body. */
export const URL_INFO_TIMEOUT_MS = 15_000;

export const urlInfoInput = z.object({
  url: z.string().trim().min(1, "errors.urlInvalid").max(8192, "errors.urlInvalid"),
});

export const urlInfoOutput = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative().nullable(),
  contentType: z.string(),
  supports_range: z.boolean(),
});

export const urlInfoRouter = router({
  info: fileProcedure
    .use(limitCreation)
    .meta(
      rest("POST /url/info", "Name, size and type of the file at a URL", ["URL upload"], {
        description:
          "Follows up to 5 redirects. Only http(s) URLs whose addresses are public are fetched; loopback, " +
          "private, link-local and metadata addresses are refused with 400, also after a redirect. " +
          "An origin error answers 502 with its status in the message.",
      }),
    )
    .input(urlInfoInput)
    .output(urlInfoOutput)
    .mutation(({ ctx, input }) =>
      getUrlInfo(input.url, {
        allowPrivate: ctx.config.allowPrivateUrls,
        signal: ctx.request.signal,
        timeoutMs: URL_INFO_TIMEOUT_MS,
      }),
    ),
});
