// Links of a paste seen from its own page. The share link a creator gets comes from the server (its
// configured public URL); a visitor already stands on that link, so its page builds the rest from it.
export function rawPathFor(slug: string, password?: string | null): string {
  const path = `/api/raw/${encodeURIComponent(slug)}`;
  return password ? `${path}?${new URLSearchParams({ password }).toString()}` : path;
}

/** The raw link beside a share link from the server: the password rides along when given. */
export function withPassword(rawUrl: string, password?: string | null): string {
  if (!password) return rawUrl;
  const url = new URL(rawUrl);
  url.searchParams.set("password", password);
  return url.toString();
}

/**
 * The page's own address without query or fragment: what "copy link" hands on. The fragment stays
 * when it is an encrypted share's key.
 */
export function pasteLinkFrom(
  location: Pick<Location, "origin" | "pathname" | "hash">,
  { withFragment = false }: { withFragment?: boolean } = {},
): string {
  return `${location.origin}${location.pathname}${withFragment ? location.hash : ""}`;
}
