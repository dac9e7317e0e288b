// What kind of file a share holds, from its type and name: it picks the icon everywhere and the
// preview on the file page (images, video, audio, PDF, text and code, Markdown, Office documents).
import { OFFICE_VIEWER_ORIGIN } from "@shared/constants";
export type FileKind =
  | "image"
  | "video"
  | "audio"
  | "pdf"
  | "markdown"
  | "code"
  | "text"
  | "document"
  | "spreadsheet"
  | "presentation"
  | "archive"
  | "other";

/** The file page previews what a browser shows natively; SVG and HTML are shown as source. */
const PREVIEW_IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

const CODE_LANGUAGES: Record<string, string> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  tsx: "typescript",
  json: "json",
  css: "css",
  scss: "scss",
  less: "less",
  html: "xml",
  htm: "xml",
  xml: "xml",
  svg: "xml",
  vue: "xml",
  yaml: "yaml",
  yml: "yaml",
  toml: "ini",
  ini: "ini",
  conf: "ini",
  cfg: "ini",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  py: "python",
  rb: "ruby",
  go: "go",
  rs: "rust",
  java: "java",
  kt: "kotlin",
  c: "c",
  h: "c",
  cpp: "cpp",
  cc: "cpp",
  hpp: "cpp",
  cs: "csharp",
  php: "php",
  sql: "sql",
  swift: "swift",
  lua: "lua",
  pl: "perl",
  r: "r",
  diff: "diff",
  patch: "diff",
  graphql: "graphql",
  makefile: "makefile",
  dockerfile: "bash",
};

const TEXT_EXTENSIONS = new Set(["txt", "log", "csv", "tsv", "env", "gitignore", "text", "nfo", "srt", "vtt"]);
const MARKDOWN_EXTENSIONS = new Set(["md", "markdown", "mdown", "mkd"]);
const DOCUMENT_EXTENSIONS = new Set(["doc", "docx", "odt", "rtf"]);
const SPREADSHEET_EXTENSIONS = new Set(["xls", "xlsx", "ods"]);
const PRESENTATION_EXTENSIONS = new Set(["ppt", "pptx", "odp"]);
const ARCHIVE_EXTENSIONS = new Set(["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz", "zst"]);
/** What Microsoft's online viewer opens. */
const OFFICE_EXTENSIONS = new Set(["doc", "docx", "xls", "xlsx", "ppt", "pptx"]);

export function extensionOf(filename: string): string {
  const base = filename.split("/").pop()?.toLowerCase() ?? "";
  if (base === "makefile" || base === "dockerfile") return base;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1) : base.startsWith(".") ? base.slice(1) : "";
}

export function fileKindOf(mimetype: string | null | undefined, filename: string): FileKind {
  const type = (mimetype ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
  const extension = extensionOf(filename);
  if (MARKDOWN_EXTENSIONS.has(extension) || type === "text/markdown") return "markdown";
  if (type === "application/pdf" || extension === "pdf") return "pdf";
  if (extension in CODE_LANGUAGES) return "code";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (DOCUMENT_EXTENSIONS.has(extension) || type.includes("wordprocessingml") || type === "application/msword")
    return "document";
  if (SPREADSHEET_EXTENSIONS.has(extension) || type.includes("spreadsheetml") || type === "application/vnd.ms-excel")
    return "spreadsheet";
  if (
    PRESENTATION_EXTENSIONS.has(extension) ||
    type.includes("presentationml") ||
    type === "application/vnd.ms-powerpoint"
  )
    return "presentation";
  if (ARCHIVE_EXTENSIONS.has(extension) || /zip|x-tar|x-7z|x-rar|gzip/.test(type)) return "archive";
  if (TEXT_EXTENSIONS.has(extension) || type.startsWith("text/") || type === "application/json") return "text";
  return "other";
}

export type PreviewKind = "image" | "video" | "audio" | "pdf" | "markdown" | "code" | "text" | "office" | "none";

export function previewKindOf(mimetype: string | null | undefined, filename: string): PreviewKind {
  const kind = fileKindOf(mimetype, filename);
  const type = (mimetype ?? "").toLowerCase();
  switch (kind) {
    case "image":
      // SVG can carry script: the server serves it as text, and the page shows its source.
      return PREVIEW_IMAGE_TYPES.test(type) ? "image" : type.includes("svg") ? "code" : "none";
    case "video":
    case "audio":
    case "pdf":
    case "markdown":
    case "code":
    case "text":
      return kind;
    case "document":
    case "spreadsheet":
    case "presentation":
      return OFFICE_EXTENSIONS.has(extensionOf(filename)) ? "office" : "none";
    default:
      return "none";
  }
}

/** The highlight.js language for a code file, or "" to let it guess. */
export function codeLanguageOf(filename: string, mimetype?: string | null): string {
  const extension = extensionOf(filename);
  if (CODE_LANGUAGES[extension]) return CODE_LANGUAGES[extension] as string;
  if (mimetype?.includes("svg")) return "xml";
  return "";
}

/** Microsoft's online viewer, given a link it can fetch (it must be reachable from the internet). */

export function officeViewerUrl(documentUrl: string): string {
  return `${OFFICE_VIEWER_ORIGIN}/op/embed.aspx?src=${encodeURIComponent(documentUrl)}`;
}

/** A host the outside world cannot reach: Microsoft's viewer could not fetch a file from it. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
    return true;
  if (host.includes(":")) return host === "::1" || /^(fc|fd|fe8|fe9|fea|feb)/.test(host);
  const octets = host.split(".").map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet))) return false;
  const [a = 0, b = 0] = octets;
  return (
    a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
  );
}
