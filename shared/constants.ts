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
// Local-storage keys the client owns (docs/product.md §2, §3).
/**
 * The browser's admin session (docs/decisions/0009-browser-session-cookie.md): an HttpOnly,
 * SameSite=Strict cookie the page's script never sees. Every call the web client makes carries
 * CSRF_HEADER; a mutation authenticated by the cookie without it (or from another origin) is refused.
 */
export const SESSION_COOKIE = "pastebox_session";
export const CSRF_HEADER = "x-pastebox-csrf";

export const STORAGE_KEYS = {
  themeMode: "themeMode",
  language: "language",
  adminToken: "admin_token",
  apiKey: "api_key",
  apiKeyPermissions: "api_key_permissions",
  apiKeyInfo: "api_key_info",
} as const;

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
export const GENERATED_SLUG_LENGTH = 6;
/** Text the editor and the server accept at most (docs/product.md §9). */
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;
/** Office documents are previewed in Microsoft's viewer, framed by the file page. */
export const OFFICE_VIEWER_ORIGIN = "https://view.officeapps.live.com";
export const REMARK_MAX_LENGTH = 500;
/** Expiry choices of share forms (docs/product.md §9), in hours; null is never. */
export const EXPIRY_CHOICES_HOURS = [1, 24, 168, 720, null] as const;
