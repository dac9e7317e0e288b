// Reading a small request body (JSON for /api and /trpc, WebDAV's XML) with its size counted while it
// arrives: a chunked body has no Content-Length to check up front, so the limit must stop the read
// itself, or one anonymous request could make the server hold a gigabyte before refusing it.

/**
 * The body as text, at most `maxBytes`; `tooLarge()` is thrown as soon as more arrives (the rest is
 * cancelled, not read). A declared Content-Length over the limit is refused before reading a byte.
 */
export async function readBoundedText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
