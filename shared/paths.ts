// Path rules shared by client and server (docs/product.md §5, docs/rules.md "Path permission"). Every path is
// normalised before any check, so that `.`/`..` segments, repeated or trailing slashes, backslashes
// and NUL bytes can never reach outside a base path or a mount. Inputs are expected to be decoded
// exactly once (by URL parsing at the boundary); this module never decodes again, because decoding
// twice is how "%252e%252e" turns into "..".

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Normalises a virtual path to "/a/b" form: a leading slash, no empty, "." or ".." segments, no
 * trailing slash. Backslashes count as separators (Windows clients send them). Returns null when the
 * path is not acceptable: it contains NUL or control characters, or ".." would climb above the root.
 */
export function normalizePath(input: string): string | null {
  if (typeof input !== "string" || hasControlCharacter(input)) return null;
  const segments: string[] = [];
  for (const segment of input.normalize("NFC").replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** True when `path` equals `basePath` or lies beneath it; "/" admits everything, "/foo" never "/foobar". */
export function isPathWithin(basePath: string, path: string): boolean {
  const base = normalizePath(basePath);
  const target = normalizePath(path);
  if (base === null || target === null) return false;
  if (base === "/") return true;
  return target === base || target.startsWith(`${base}/`);
}

/** The last segment of a path ("/a/b.txt" -> "b.txt"; "/" -> ""). A trailing slash is ignored. */
export function nameOf(path: string): string {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** A name inside a folder ("/" + "x" -> "/x", "/a/" + "x" -> "/a/x"). */
export function joinPath(folder: string, name: string): string {
  return folder.endsWith("/") ? `${folder}${name}` : `${folder}/${name}`;
}

/** The folder holding a path ("/a/b" -> "/a", "/a" -> "/", "/" -> "/"). A trailing slash is ignored. */
export function parentOf(path: string): string {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.slice(0, Math.max(1, trimmed.lastIndexOf("/")));
}

/** The caller as the permission rules see it. */
export type Principal = { type: "admin" } | { type: "apikey"; keyId: string; basicPath: string };

/** docs/product.md §5: the admin passes everything; an API key only at or beneath its base path. */
export function hasPathPermission(principal: Principal, path: string): boolean {
  if (principal.type === "admin") return true;
  return isPathWithin(principal.basicPath, path);
}

/** docs/product.md §5: the admin is creator of every file; a key when created_by is its id, with or without "apikey:". */
export function isCreator(principal: Principal, createdBy: string | null | undefined): boolean {
  if (principal.type === "admin") return true;
  if (!createdBy) return false;
  return createdBy === principal.keyId || createdBy === `apikey:${principal.keyId}`;
}
