// The card a chat app shows for a share link (docs/link-previews.md): Discord, Slack, Telegram, WhatsApp
// and the like fetch the link and read its OpenGraph tags. They get a small HTML page of tags only, no
// app script, read straight from the database: no view is counted, no password asked. A protected
// share (password or encrypted in the browser) shows only that it is protected; a share that expired,
// ran out of views or is gone shows that it is not available. An open image share's card has a small
// picture (link-preview-image.ts); a set of files names its count and bytes.
import type { Language } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { AppDeps } from "../../../deps";
import { translate } from "../../../i18n";
import { isExhausted, isExpired } from "../delivery";
import { picturedObject } from "./link-preview-image";

/** The link-preview fetchers of chat apps and social sites, by their User-Agent. */
const PREVIEW_CRAWLER =
  /discordbot|slackbot|slack-imgproxy|telegrambot|whatsapp|facebookexternalhit|facebot|twitterbot|linkedinbot|skypeuripreview|mattermost|redditbot|embedly|iframely|vkshare|pinterest|bitlybot|signal|viber|line-poker|kakaotalk-scrap|zulip|rocket\.chat|mastodon/i;

export function isPreviewCrawler(userAgent: string | null): boolean {
  return userAgent !== null && PREVIEW_CRAWLER.test(userAgent);
}

/** The share pages a card is made for: a paste, a file share, a file or folder shared in place. */
const SHARE_PAGE = /^\/(paste|file|s)\/([A-Za-z0-9_-]{1,100})\/?$/;

export function isSharePage(pathname: string): boolean {
  return SHARE_PAGE.test(pathname);
}

type Card = { title: string; description: string; hasPicture?: boolean };

type Rules = { passwordHash: string | null; expiresAt: Date | null; maxViews: number; views: number };

function availability(row: Rules & { status?: string; encrypted?: boolean }, now: Date) {
  if (row.status === "gone" || row.status === "uploading" || isExpired(row, now) || isExhausted(row))
    return "unavailable";
  return row.passwordHash !== null || row.encrypted === true ? "protected" : "open";
}

async function cardOf(
  deps: Pick<AppDeps, "db" | "storage">,
  kind: string,
  slug: string,
  language: Language,
): Promise<Card> {
  const now = new Date();
  const t = (key: string, params?: Record<string, unknown>) => translate(`linkPreview.${key}`, params, language);
  const rules = { passwordHash: true, expiresAt: true, maxViews: true, views: true } as const;
  const unavailable = { title: t("unavailable"), description: t("unavailableDescription") };
  const protectedCard = { title: t("protected"), description: t("protectedDescription") };
  /** The card of a share a visitor cannot open now (gone, expired, used up, protected), or null while it is open. */
  const closedCard = (row: Parameters<typeof availability>[0]) => {
    const state = availability(row, now);
    return state === "open" ? null : state === "protected" ? protectedCard : unavailable;
  };
  if (kind === "paste") {
    const row = await deps.db.paste.findUnique({
      where: { slug },
      select: { ...rules, encrypted: true, remark: true, content: true },
    });
    if (!row) return unavailable;
    const closed = closedCard(row);
    if (closed) return closed;
    const firstLine =
      row.content
        .trimStart()
        .split("\n", 1)[0]
        ?.replace(/^#+\s*/, "")
        .slice(0, 120) ?? "";
    return {
      title: row.remark || firstLine || t("paste", { count: row.content.length }),
      description: t("paste", { count: row.content.length }),
    };
  }
  if (kind === "file") {
    const row = await deps.db.fileShare.findUnique({
      where: { slug },
      select: { ...rules, encrypted: true, status: true, filename: true, size: true, setId: true },
    });
    // A file of a set answers through the set's link only (docs/share-sets.md).
    if (!row || row.setId !== null) return unavailable;
    const closed = closedCard(row);
    if (closed) return closed;
    return {
      title: row.filename,
      description: t("file", { size: formatBytes(Number(row.size), language) }),
      hasPicture: (await picturedObject(deps, kind, slug, now)) !== null,
    };
  }
  const set = await deps.db.shareSet.findUnique({ where: { slug }, select: { ...rules, id: true } });
  if (set) {
    // A set of files (docs/share-sets.md): its remark is the owner's note, never shown; its count and bytes are.
    const closed = closedCard(set);
    if (closed) return closed;
    const files = await deps.db.fileShare.aggregate({
      where: { setId: set.id, status: "ready" },
      _count: { _all: true },
      _sum: { size: true },
    });
    if (files._count._all === 0) return unavailable;
    return {
      title: t("set", { count: files._count._all }),
      description: t("setDescription", { size: formatBytes(Number(files._sum.size ?? 0n), language) }),
    };
  }
  const row = await deps.db.pathShare.findUnique({
    where: { slug },
    select: { ...rules, status: true, name: true, isDirectory: true },
  });
  if (!row) return unavailable;
  const closed = closedCard(row);
  if (closed) return closed;
  return {
    title: row.name,
    description: row.isDirectory ? t("folder") : t("sharedFile"),
    hasPicture: !row.isDirectory && (await picturedObject(deps, kind, slug, now)) !== null,
  };
}

/** The page of OpenGraph tags for a share page's path (isSharePage), in the crawler's language. */
export async function linkPreviewPage(
  deps: Pick<AppDeps, "db" | "config" | "storage">,
  pathname: string,
  language: Language,
): Promise<Response> {
  const [, kind = "", slug = ""] = SHARE_PAGE.exec(pathname) ?? [];
  const card = await cardOf(deps, kind, slug, language);
  const url = `${deps.config.publicUrl}${pathname}`;
  const tag = (property: string, content: string) =>
    `<meta property="${property}" content="${Bun.escapeHTML(content)}">`;
  const picture = card.hasPicture
    ? [
        tag("og:image", `${deps.config.publicUrl}/api/public/link-previews/${kind}/${encodeURIComponent(slug)}/image`),
        tag("og:image:type", "image/jpeg"),
        tag("og:image:alt", card.title),
        '<meta name="twitter:card" content="summary_large_image">',
      ]
    : ['<meta name="twitter:card" content="summary">'];
  const html = [
    "<!doctype html>",
    `<html lang="${language === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8">`,
    `<title>${Bun.escapeHTML(card.title)}</title>`,
    `<meta name="description" content="${Bun.escapeHTML(card.description)}">`,
    tag("og:type", "website"),
    tag("og:site_name", "Pastebox"),
    tag("og:title", card.title),
    tag("og:description", card.description),
    tag("og:url", url),
    ...picture,
    `</head><body><h1>${Bun.escapeHTML(card.title)}</h1><p>${Bun.escapeHTML(card.description)}</p></body></html>`,
  ].join("\n");
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // The card changes when the share does (password set, expiry): crawlers ask again.
      "Cache-Control": "no-cache",
      Vary: "User-Agent",
    },
  });
}
