// The paste page's two calls, the REST routes scripts use (docs/api.md): GET /api/paste/{slug} opens
// a paste (a counted view) and POST /api/paste/{slug} opens a protected one with its password; both
// ask for the Markdown rendered by the server (`html`, docs/decisions/0012-server-rendered-markdown.md).
// Plain fetch: the page loads no tRPC client (docs/decisions/0014-public-pages-without-trpc.md).
import type { PasteView } from "@shared/schemas/pastes";
import { requestHeaders } from "../../lib/request-headers";
import { fetchEnvelope } from "../../lib/rest-api";
import { withFirstVisitCache } from "../../offline/first-visit-cache";
import { readWithOfflineCopy } from "../../offline/offline-reads";

/** The JSON answer's dates are strings. */
type PasteViewJson = Omit<PasteView, "expires_at" | "created_at"> & { expires_at: string | null; created_at: string };

function pasteViewOf(json: PasteViewJson): PasteView {
  return {
    ...json,
    expires_at: json.expires_at === null ? null : new Date(json.expires_at),
    created_at: new Date(json.created_at),
  };
}

function pastePath(slug: string): string {
  return `/api/paste/${encodeURIComponent(slug)}`;
}

/** Opens a paste (a counted view); a protected one answers without its content. Readable offline once seen. */
export function viewPaste(slug: string): Promise<PasteView> {
  return readWithOfflineCopy("pastes.view", { slug, html: true }, async () =>
    pasteViewOf(
      await fetchEnvelope<PasteViewJson>(`${pastePath(slug)}?html=true`, {
        headers: requestHeaders(),
        // Before the service worker controls the page, the page keeps this read for offline reading.
        fetch: withFirstVisitCache(),
      }),
    ),
  );
}

/** Opens a protected paste with its password (a counted view). */
export async function unlockPaste(slug: string, password: string): Promise<PasteView> {
  return pasteViewOf(
    await fetchEnvelope<PasteViewJson>(pastePath(slug), {
      method: "POST",
      body: { password, html: true },
      headers: requestHeaders(),
    }),
  );
}
