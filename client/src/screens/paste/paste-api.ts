// The paste page's two calls (lib/shares/share-reads.ts): GET /api/paste/{slug} opens a paste (a counted
// view) and POST /api/paste/{slug} opens a protected one with its password; both ask for the Markdown
// rendered by the server (`html`, docs/decisions/0012-server-rendered-markdown.md).
import type { PasteView } from "@shared/schemas/pastes";
import { type ShareRoutes, unlockShare, viewShare } from "../../lib/shares/share-reads";

const pastePath = (slug: string) => `/api/paste/${encodeURIComponent(slug)}`;

const PASTE_ROUTES: ShareRoutes<PasteView> = {
  offlinePath: "pastes.view",
  viewUrl: (slug) => `${pastePath(slug)}?html=true`,
  viewInput: (slug) => ({ slug, html: true }),
  unlockUrl: pastePath,
  unlockBody: (password) => ({ password, html: true }),
  dates: ["expires_at", "created_at"],
};

/** Opens a paste (a counted view); a protected one answers without its content. Readable offline once seen. */
export const viewPaste = (slug: string): Promise<PasteView> => viewShare(PASTE_ROUTES, slug);

/** Opens a protected paste with its password (a counted view). */
export const unlockPaste = (slug: string, password: string): Promise<PasteView> =>
  unlockShare(PASTE_ROUTES, slug, password);
