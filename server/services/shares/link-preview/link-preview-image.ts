// The small picture of an image share's card (docs/link-previews.md): a JPEG at most 600 px on its longer
// side, made by sharp (libvips) from the stored image. Only for a share anyone with the link may open
// (no password, not encrypted in the browser, not expired, used up or gone); it counts no view. Bounded:
// an image over 20 MiB or 50 megapixels gets no picture, and at most two are made at once.
import pLimit from "p-limit";
import type { AppDeps } from "../../../deps";
import { contentTypeFor, deliverableContentType } from "../../../storage/content-type";
import { isExhausted, isExpired } from "../delivery";

/** The longer side of the picture, in pixels: what chat apps show at most. */
export const PREVIEW_IMAGE_SIDE = 600;
/** Larger images get no picture: reading them whole would cost the memory the limit is for. */
const PREVIEW_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
const PREVIEW_SOURCE_MAX_PIXELS = 50_000_000;
/** Image types libvips reads here; SVG is left out (it may fetch what it names). */
const PICTURED_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/tiff"]);

const making = pLimit(2);

type Deps = Pick<AppDeps, "db" | "storage">;

/** The stored object of an open image share behind a card's link, or null (no picture for it). */
export async function picturedObject(deps: Deps, kind: string, slug: string, now = new Date()) {
  const open = { passwordHash: null } as const;
  const rules = { expiresAt: true, maxViews: true, views: true } as const;
  let found: { storageConfigId: string; storagePath: string; size: number; type: string } | null = null;
  if (kind === "file") {
    const row = await deps.db.fileShare.findFirst({
      where: { slug, ...open, encrypted: false, status: "ready", setId: null },
      select: { ...rules, storageConfigId: true, storagePath: true, size: true, mimetype: true },
    });
    if (row && !isExpired(row, now) && !isExhausted(row)) {
      found = { ...row, size: Number(row.size), type: deliverableContentType(row.mimetype) };
    }
  } else if (kind === "s") {
    const row = await deps.db.pathShare.findFirst({
      where: { slug, ...open, status: { not: "gone" }, isDirectory: false },
      select: { ...rules, storageConfigId: true, storagePath: true, name: true },
    });
    if (row && !isExpired(row, now) && !isExhausted(row)) {
      found = { ...row, size: -1, type: contentTypeFor(row.name) };
    }
  }
  if (!found || !PICTURED_TYPES.has(found.type) || found.size > PREVIEW_SOURCE_MAX_BYTES) return null;
  return found;
}

/** The card's picture as JPEG bytes, or null when the share has none (not an image, too large, unreadable). */
export async function previewImage(deps: Deps, kind: string, slug: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const object = await picturedObject(deps, kind, slug);
  if (!object) return null;
  return making(async () => {
    try {
      const driver = await deps.storage.driverFor(object.storageConfigId);
      const stored = await driver.get(object.storagePath);
      if (stored.size > PREVIEW_SOURCE_MAX_BYTES) {
        await stored.body.cancel();
        return null;
      }
      const source = new Uint8Array(await new Response(stored.body).arrayBuffer());
      // Loaded on the first picture: libvips is memory an idle server does not need (docs/performance.md).
      const { default: sharp } = await import("sharp");
      const picture = await sharp(source, { limitInputPixels: PREVIEW_SOURCE_MAX_PIXELS, animated: false })
        .rotate()
        .resize(PREVIEW_IMAGE_SIDE, PREVIEW_IMAGE_SIDE, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80 })
        .toBuffer();
      return new Uint8Array(picture);
    } catch {
      // A broken or unreadable image has no picture; its card keeps its name and size.
      return null;
    }
  });
}
