// Product-wide constants shared by client and server (docs/product.md §9).
export const PRODUCT_NAME = "Pastebox";
export const APP_VERSION = "0.6.8";
export const SOURCE_REPOSITORY_URL = "https://github.com/pastebox/pastebox";
export const API_PREFIX = "/api";
export const DEFAULT_PAGE_LIMIT = 50;
export const SLUG_MAX_LENGTH = 50;
export const AUTH_REVALIDATE_MS = 300_000;
export const SUPPORTED_LANGUAGES = ["zh", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const THEME_MODES = ["auto", "light", "dark"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
/**
 * The browser's session, admin or API key (docs/decisions/0009-browser-session-cookie.md): an
 * HttpOnly, SameSite=Strict cookie the page's script never sees. Every call the web client makes to
 * the server carries CSRF_HEADER; a mutation authenticated by the cookie without it (or from another
 * origin) is refused. The server only asks that the header be there; its value names who the page is
 * signed in as (not a secret), which the service worker uses to keep offline copies apart.
 */
export const SESSION_COOKIE = "pastebox_session";
export const CSRF_HEADER = "x-pastebox-csrf";

// Local-storage keys the client owns (docs/product.md §2, §3). `session` holds only who is signed in and
// what they may do, to render before the server has answered; never a token or a key.
export const STORAGE_KEYS = {
  themeMode: "themeMode",
  language: "language",
  session: "pastebox_signed_in",
} as const;

/** Where earlier versions kept the credentials themselves; removed on load. */
export const LEGACY_CREDENTIAL_KEYS = ["admin_token", "api_key", "api_key_permissions", "api_key_info"] as const;

/** Words a custom slug may not be: routes and API segments (docs/rules.md, Slugs). */
export const RESERVED_SLUGS = [
  "api",
  "admin",
  "upload",
  "paste",
  "file",
  "files",
  "raw",
  "dav",
  "assets",
  "mount-explorer",
  "trpc",
  "public",
  "static",
  "health",
  "version",
  "offline",
  "sw",
  "manifest",
  "favicon",
] as const;
/** 71 bits: guessing a generated link is hopeless even without the miss limit (docs/rules.md). */
export const GENERATED_SLUG_LENGTH = 12;
/** Calls one /trpc batch may carry; the client's batch link splits longer batches (docs/api.md). */
export const TRPC_MAX_BATCH_CALLS = 16;
/** Text the editor and the server accept at most (docs/product.md §9). */
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;
/** Office documents are previewed in Microsoft's viewer, framed by the file page. */
export const OFFICE_VIEWER_ORIGIN = "https://view.officeapps.live.com";
export const REMARK_MAX_LENGTH = 500;
/** docs/product.md §9: the upload limit, 100 MB when the server value is unavailable. */
export const DEFAULT_MAX_UPLOAD_MB = 100;
export function megabytesToBytes(megabytes: number): number {
  return Math.floor(megabytes * 1024 * 1024);
}
/** The storage provider that keeps files on the server's disk (the others are S3's). */
export const LOCAL_PROVIDER = "local";
/**
 * The name the server gives the local storage it creates at first start. It is stored data, so it is
 * English; screens show it in the reader's language instead (client/src/lib/storage-name.ts) until
 * someone renames it.
 */
export const DEFAULT_STORAGE_NAME = "Local storage";
/** docs/product.md §9 multipart part size. */
export const MULTIPART_PART_SIZE = 5 * 1024 * 1024;
/** Files above this go multipart in the upload screen. */
export const MULTIPART_THRESHOLD = 50 * 1024 * 1024;
/** Expiry choices of share forms (docs/product.md §9), in hours; null is never. */
export const EXPIRY_CHOICES_HOURS = [1, 24, 168, 720, null] as const;

/** Most files one upload request may take: a request is for a handful of files, not a public drop box. */
export const UPLOAD_REQUEST_MAX_FILES = 1000;
