// Content types that clients state (upload forms, presign and commit bodies, WebDAV PUT, the raw
// upload's header) are parsed and rebuilt before they are stored or sent back, so that the type a
// browser reads is the type the server judged: one `type/subtype`, lower case, and only the
// parameters the app knows. A header like "application/pdf, text/html" or one carrying CR/LF is
// refused instead of being echoed into a response (docs/security.md).
import { format, isTokenValid, isTypeValid, parse } from "content-type";

export const MEDIA_TYPE_MAX_LENGTH = 255;

/** Parameters kept; every other one is dropped. */
const KNOWN_PARAMETERS = ["charset"] as const;

// The parser skips what it cannot read, so control characters (CR, LF, NUL; a tab is whitespace)
// and a parameter list that is not `; name=value` pairs (RFC 9110 §5.6.6) are refused first.
const hasControlCharacter = (value: string) =>
  Array.from(value).some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && code !== 0x09) || code === 0x7f;
  });
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\u0080-\\u00ff]|\\\\[\\t -~\\u0080-\\u00ff])*"';
const PARAMETER_LIST = new RegExp(`^(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*[ \\t]*$`);

/** The normalised form of a content type, or null when it is not one well-formed media type. */
export function normalizeMediaType(value: string): string | null {
  if (value.length > MEDIA_TYPE_MAX_LENGTH || hasControlCharacter(value)) return null;
  const parsed = parse(value);
  // A type has no ";" or quotes, so its parameters start at the first ";".
  const parametersStart = value.indexOf(";");
  if (!isTypeValid(parsed.type)) return null;
  if (parametersStart !== -1 && !PARAMETER_LIST.test(value.slice(parametersStart))) return null;
  const parameters: Record<string, string> = {};
  for (const name of KNOWN_PARAMETERS) {
    const parameter = parsed.parameters[name];
    if (parameter === undefined) continue;
    if (!isTokenValid(parameter)) return null;
    parameters[name] = parameter.toLowerCase();
  }
  return format({ type: parsed.type, parameters });
}

/** The `type/subtype` part of a normalised content type. */
export function mediaTypeEssence(normalised: string): string {
  return normalised.split(";")[0] ?? normalised;
}

/**
 * The one table of content types by file extension, read by the server wherever a name decides a
 * type (listings, local files, WebDAV, uploads stating none) so the explorer, the share page and
 * downloads name a file the same way. It holds what the generic tables (Bun's, mime-db) lack or get
 * wrong for text and source files (`.py` is missing, `.ts` is a video, `.rs` an XML dialect); other
 * extensions fall through to the generic table.
 */
export const MEDIA_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  py: "text/x-python",
  pyi: "text/x-python",
  rb: "text/x-ruby",
  go: "text/x-go",
  rs: "text/x-rust",
  ts: "text/x-typescript",
  tsx: "text/x-typescript",
  jsx: "text/javascript",
  kt: "text/x-kotlin",
  java: "text/x-java",
  swift: "text/x-swift",
  lua: "text/x-lua",
  php: "text/x-php",
  pl: "text/x-perl",
  sql: "application/sql",
  cs: "text/x-csharp",
  cpp: "text/x-c++src",
  cc: "text/x-c++src",
  hpp: "text/x-c++hdr",
  h: "text/x-c",
  c: "text/x-c",
  vue: "text/x-vue",
  toml: "application/toml",
  yaml: "text/yaml",
  yml: "text/yaml",
  ini: "text/plain",
  conf: "text/plain",
  cfg: "text/plain",
  env: "text/plain",
  log: "text/plain",
  md: "text/markdown",
  markdown: "text/markdown",
  diff: "text/x-diff",
  patch: "text/x-diff",
  graphql: "application/graphql",
};

/** The table's type for a file name (by its last extension, any case), or null when it has none. */
export function mediaTypeForName(name: string): string | null {
  const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
  const dot = base.lastIndexOf(".");
  if (dot <= 0 && !base.startsWith(".")) return null;
  return MEDIA_TYPES_BY_EXTENSION[base.slice(dot + 1)] ?? null;
}
