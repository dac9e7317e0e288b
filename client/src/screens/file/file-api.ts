// The file page's two calls (lib/shares/share-reads.ts): GET /api/public/files/{slug} opens a file share (a
// counted view; without links while a password is needed) and POST /api/public/files/{slug}/verify
// opens a protected one with its password.
import type { PublicFileView } from "@shared/schemas/shares/shares";
import { type ShareRoutes, unlockShare, viewShare } from "../../lib/shares/share-reads";

const filePath = (slug: string) => `/api/public/files/${encodeURIComponent(slug)}`;

const FILE_ROUTES: ShareRoutes<PublicFileView> = {
  offlinePath: "files.public.get",
  viewUrl: filePath,
  viewInput: (slug) => ({ slug }),
  unlockUrl: (slug) => `${filePath(slug)}/verify`,
  unlockBody: (password) => ({ password }),
  dates: ["expires_at", "created_at", "links_expire_at"],
};

/** Opens a file share (a counted view); a protected one answers without links. Readable offline once seen. */
export const viewFile = (slug: string): Promise<PublicFileView> => viewShare(FILE_ROUTES, slug);

/** Opens a protected file share with its password (a counted view). */
export const unlockFile = (slug: string, password: string): Promise<PublicFileView> =>
  unlockShare(FILE_ROUTES, slug, password);
