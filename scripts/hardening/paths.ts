// Path confinement (issue "Hardening", item 3): the traversal corpus (shared/test/traversal-corpus.ts)
// against every file-system endpoint (/api/admin/fs/*, /api/user/fs/* with a key confined to /docs;
// query, JSON body and multipart fields; reads and writes), WebDAV (/dav: PROPFIND, GET, PUT, MKCOL,
// DELETE, COPY/MOVE sources and Destination headers), the local storage driver itself, and the
// signed /api/storage/local/{id} links. Requests are sent on a raw socket, byte for byte as written,
// so no client library resolves "..", and every answer is searched for canary content.
//
// Canaries are planted where nothing may reach: next to the local storage root (the data directory,
// a sibling folder whose name starts like the root's), in the root outside every mount, in the
// driver's temp folder, in a folder elsewhere on the disk, in other mounts (/secret, /docsecret, and
// /private on another storage config), and symbolic links inside /docs pointing at all of them. At
// the end the canaries must be unchanged and no planted file may exist outside the allowed folders.
//   bun scripts/hardening/paths.ts          (starts its own server; prints figures, exit 1 on a finding)
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { allTraversalForms } from "@shared/test/traversal-corpus";
import type { StorageDriver } from "../../server/storage/driver";
import { createLocalDriver } from "../../server/storage/local/local";
import { signLocalUrl } from "../../server/storage/local/local-signing";
import { adminAuthorization, type ServerProcess, startServerProcess } from "../test/server-process";

export type PathsReport = {
  requests: number;
  byStatus: Record<number, number>;
  /** Requests per surface (fs-key, fs-admin, dav-key, dav-admin, signed, driver calls). */
  bySurface: Record<string, number>;
  forms: number;
  canaries: number;
  /** Everything that went wrong: a canary read, listed, changed or created, a planted file outside, a 5xx. */
  violations: string[];
};

export type Canary = {
  name: string;
  file: string;
  token: string /** Reachable by the admin through a mount. */;
  inMount: boolean;
};

export type Target = {
  baseUrl: string;
  port: number;
  admin: string;
  adminBasic: string;
  key: string;
  keyBasic: string;
  dataDir: string;
  root: string;
  otherRoot: string;
  otherConfigId: string;
  localConfigId: string;
  secret: string;
  outsideDir: string;
  canaries: Canary[];
};

// ---- Raw HTTP ----------------------------------------------------------------------------------

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Bytes a request line cannot carry as they are (controls, spaces, non-ASCII) are percent-encoded; the rest is sent as written. */
export function rawTarget(path: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(path)) {
    out +=
      byte <= 0x20 || byte >= 0x7f ? `%${byte.toString(16).toUpperCase().padStart(2, "0")}` : String.fromCharCode(byte);
  }
  return out;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString(), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** One HTTP/1.1 request on its own connection, the target sent exactly as given. */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Uint8Array,
): Promise<RawAnswer> {
  const payload = body === undefined ? undefined : typeof body === "string" ? Buffer.from(body) : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`Content-Length: ${payload.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => reject(new Error(`timeout: ${method} ${target}`)), 30_000);
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(socket) {
          socket.write(payload ? Buffer.concat([head, payload]) : head);
        },
        data(_socket, data) {
          chunks.push(Buffer.from(data));
        },
        close() {
          clearTimeout(timer);
          const all = Buffer.concat(chunks);
          const split = all.indexOf("\r\n\r\n");
          const headText = all.subarray(0, split < 0 ? all.length : split).toString("latin1");
          const [statusLine = "", ...headerLines] = headText.split("\r\n");
          const answerHeaders: Record<string, string> = {};
          for (const line of headerLines) {
            const colon = line.indexOf(":");
            if (colon > 0) answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
          }
          let rest: Buffer = split < 0 ? Buffer.alloc(0) : all.subarray(split + 4);
          if (answerHeaders["transfer-encoding"]?.includes("chunked")) rest = decodeChunked(rest);
          resolve({
            status: Number(statusLine.split(" ")[1] ?? 0),
            headers: answerHeaders,
            body: rest.toString("utf8"),
          });
        },
        error(_socket, error) {
          clearTimeout(timer);
          reject(error);
        },
      },
    }).catch(reject);
  });
}

// ---- The disk ----------------------------------------------------------------------------------

function digest(path: string): string {
  const stats = lstatSync(path);
  if (stats.isSymbolicLink()) return `link:${readlinkSync(path)}`;
  if (stats.isDirectory()) return "dir";
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** Every file, folder and link under `dir` (links not followed), by path, with a content digest. */
export function snapshot(dir: string, skip: (path: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (skip(path)) continue;
      out.set(path, digest(path));
      if (lstatSync(path).isDirectory()) visit(path);
    }
  };
  if (existsSync(dir)) visit(dir);
  return out;
}

function compareSnapshots(label: string, before: Map<string, string>, after: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, value] of before) {
    if (!after.has(path)) problems.push(`${label}: ${path} disappeared`);
    else if (after.get(path) !== value) problems.push(`${label}: ${path} changed`);
  }
  for (const path of after.keys()) if (!before.has(path)) problems.push(`${label}: ${path} was created`);
  return problems;
}

const isUnder = (path: string, folder: string) => path === folder || path.startsWith(folder + sep);

// ---- Setup -------------------------------------------------------------------------------------

async function api(target: Pick<Target, "baseUrl">, auth: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${target.baseUrl}/api${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: Record<string, unknown> & { id: string } };
  if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** Mounts, a confined key, canaries and links on a running server (fresh data directory). */
export async function prepareTarget(server: ServerProcess, password: string): Promise<Target> {
  const admin = await adminAuthorization(server.baseUrl, password);
  const base = { baseUrl: server.baseUrl };
  const configs = (await api(base, admin, "GET", "/s3-configs")) as unknown as {
    id: string;
    provider_type: string;
    root_path: string | null;
  }[];
  const local = configs.find((config) => config.provider_type === "local");
  if (!local?.root_path) throw new Error("no local storage config");
  const root = local.root_path;
  const otherRoot = join(server.dataDir, "other-root");
  const other = await api(base, admin, "POST", "/s3-configs", {
    name: "Other local",
    provider_type: "local",
    root_path: otherRoot,
  });
  for (const [name, mountPath, configId] of [
    ["Docs", "/docs", local.id],
    ["Secret", "/secret", local.id],
    ["Docsecret", "/docsecret", local.id],
    ["Private", "/private", other.id],
  ] as const) {
    // Each mount its own folder of the storage: /secret must not be the folder /docs shows.
    await api(base, admin, "POST", "/admin/mounts", {
      name,
      mount_path: mountPath,
      storage_config_id: configId,
      folder: mountPath.slice(1),
    });
  }
  const created = await api(base, admin, "POST", "/admin/api-keys", {
    name: "paths",
    mount_permission: true,
    file_permission: true,
    basic_path: "/docs",
  });
  const key = String(created.key);
  const token = (name: string) => `CANARY:${name}:${randomBytes(8).toString("hex")}`;
  const canaries: Canary[] = [];
  // In other mounts, written through the app.
  for (const [name, path, file] of [
    ["canary-secret", "/secret/canary-secret.txt", join(root, "secret", "canary-secret.txt")],
    ["canary-docsecret", "/docsecret/canary-docsecret.txt", join(root, "docsecret", "canary-docsecret.txt")],
    ["canary-private", "/private/canary-private.txt", join(otherRoot, "private", "canary-private.txt")],
  ] as const) {
    const canary = { name, file, token: token(name), inMount: true };
    await api(base, admin, "POST", "/admin/fs/update", { path, content: canary.token });
    canaries.push(canary);
  }
  // Outside every mount, on the disk.
  const outsideDir = mkdtempSync(join(tmpdir(), "pastebox-canary-"));
  for (const [name, file] of [
    ["canary-datadir", join(server.dataDir, "canary-datadir.txt")],
    ["canary-sibling", `${root}-sibling${sep}canary-sibling.txt`],
    ["canary-root", join(root, "canary-root.txt")],
    ["canary-unmounted", join(root, "unmounted", "canary-unmounted.txt")],
    ["canary-temp", join(root, ".pastebox-tmp", "canary-temp.txt")],
    ["canary-other-root", join(otherRoot, "canary-other-root.txt")],
    ["canary-abs", join(outsideDir, "canary-abs.txt")],
  ] as const) {
    const canary = { name, file, token: token(name), inMount: false };
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, canary.token);
    canaries.push(canary);
  }
  // Links inside the key's own folder, to each of them.
  await api(base, admin, "POST", "/admin/fs/update", { path: "/docs/victim.txt", content: "victim" });
  await api(base, admin, "POST", "/admin/fs/mkdir", { path: "/docs/sub" });
  const docs = join(root, "docs");
  symlinkSync(join(server.dataDir, "canary-datadir.txt"), join(docs, "link-file"));
  symlinkSync(server.dataDir, join(docs, "link-dir"));
  symlinkSync(outsideDir, join(docs, "link-abs"));
  symlinkSync("../secret", join(docs, "link-mount"));
  symlinkSync("../docsecret/canary-docsecret.txt", join(docs, "link-up-file"));
  symlinkSync(otherRoot, join(docs, "link-other"));
  symlinkSync("../..", join(docs, "sub", "link-root"));
  return {
    baseUrl: server.baseUrl,
    port: server.port,
    admin,
    adminBasic: `Basic ${Buffer.from(`admin:${password}`).toString("base64")}`,
    key: `ApiKey ${key}`,
    keyBasic: `Basic ${Buffer.from(`${key}:${key}`).toString("base64")}`,
    dataDir: server.dataDir,
    root,
    otherRoot,
    otherConfigId: other.id,
    localConfigId: local.id,
    secret: readFileSync(join(server.dataDir, "secret.key"), "utf8").trim(),
    outsideDir,
    canaries,
  };
}

/** Paths that lead through the links in /docs to each canary. */
const LINK_PATHS = [
  "/docs/link-file",
  "/docs/link-dir/canary-datadir.txt",
  "/docs/link-dir",
  "/docs/link-abs/canary-abs.txt",
  "/docs/link-abs",
  "/docs/link-mount/canary-secret.txt",
  "/docs/link-mount",
  "/docs/link-up-file",
  "/docs/link-other/private/canary-private.txt",
  "/docs/link-other/canary-other-root.txt",
  "/docs/sub/link-root/canary-root.txt",
  "/docs/sub/link-root/secret/canary-secret.txt",
  "/docs/sub/link-root",
];

// ---- The attack --------------------------------------------------------------------------------

type Run = { target: Target; report: PathsReport; marker: number };

/** Counts an answer and records what is wrong with it. */
function record(run: Run, surface: string, label: string, answer: RawAnswer, sensitive: Canary[]) {
  run.report.requests += 1;
  run.report.bySurface[surface] = (run.report.bySurface[surface] ?? 0) + 1;
  run.report.byStatus[answer.status] = (run.report.byStatus[answer.status] ?? 0) + 1;
  run.report.violations.push(...problemsOf(surface, label, answer, sensitive));
}

/**
 * What is wrong with an answer: a 5xx, a canary's content anywhere in it, a path outside /docs in
 * a successful answer to the key, or a canary's name in a successful listing. (Names are not
 * searched in the whole text: error messages and writes echo the path they were given.)
 */
export function problemsOf(surface: string, label: string, answer: RawAnswer, sensitive: Canary[]): string[] {
  const problems: string[] = [];
  if ((answer.status >= 500 && !isExpected5xx(surface, answer)) || answer.status === 0) {
    problems.push(`${surface} ${label}: status ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  const shown = sensitive.filter((canary) => answer.body.includes(canary.token)).map((canary) => canary.name);
  if (shown.length) problems.push(`${surface} ${label}: answer shows ${shown.join(", ")}`);
  if (answer.status >= 300) return problems;
  for (const path of pathsNamedIn(answer)) {
    if (surface.endsWith("-key") && path.startsWith("/") && !isKeyVisible(path)) {
      problems.push(`${surface} ${label}: answer names ${path}`);
    }
    if (!isListing(label)) continue;
    // Canaries in other mounts are caught by the path check above (the key's own writes may create
    // files of the same name inside /docs); the others have names nothing in the app ever writes.
    const listed = sensitive
      .filter((canary) => !canary.inMount && path.includes(canary.name))
      .map((canary) => canary.name);
    if (listed.length) problems.push(`${surface} ${label}: answer lists ${listed.join(", ")}`);
  }
  return problems;
}

/** Answers that show what is stored (writes answer with the path they were given, which proves nothing). */
const isListing = (label: string) => /\/(list|search|get)\?|^PROPFIND |^GET \/dav/.test(label);

/** RFC 4918 §9.8.5: a Destination outside /dav (another host's path) is 502 Bad Gateway by design. */
function isExpected5xx(surface: string, answer: RawAnswer): boolean {
  return surface.startsWith("dav") && answer.status === 502 && /destination/i.test(answer.body);
}

/** The key may see /docs and below, and the folders on the way down to it. */
function isKeyVisible(path: string): boolean {
  const plain = path.replace(/^\/dav(?=\/|$)/, "").replace(/\/$/, "") || "/";
  return plain === "/" || plain === "/docs" || plain.startsWith("/docs/");
}

/** Virtual paths an answer names: JSON path fields at any depth, WebDAV hrefs (decoded). */
export function pathsNamedIn(answer: RawAnswer): string[] {
  const found: string[] = [];
  if (answer.headers["content-type"]?.includes("json")) {
    const visit = (value: unknown, key = "") => {
      if (typeof value === "string" && /^(name|path|newPath|oldPath|targetPath|sourcePath|mount_path)$/.test(key)) {
        found.push(value);
      } else if (value && typeof value === "object") {
        for (const [name, inner] of Object.entries(value)) visit(inner, Array.isArray(value) ? key : name);
      }
    };
    try {
      visit(JSON.parse(answer.body));
    } catch {}
  }
  for (const match of answer.body.matchAll(/<(?:\w+:)?href>([^<]*)<\/(?:\w+:)?href>/g)) {
    try {
      found.push(decodeURIComponent(new URL(match[1] ?? "", "http://x").pathname));
    } catch {
      found.push(match[1] ?? "");
    }
  }
  return found;
}

const q = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");

async function send(
  run: Run,
  surface: string,
  sensitive: Canary[],
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
): Promise<RawAnswer> {
  let answer: RawAnswer;
  try {
    answer = await rawRequest(run.target.port, method, target, headers, body);
  } catch (error) {
    answer = { status: 0, headers: {}, body: String(error) };
  }
  record(run, surface, `${method} ${target.slice(0, 160)}`, answer, sensitive);
  return answer;
}

function multipartForm(fields: [string, string][], fileName: string, content: string) {
  const boundary = `paths${randomBytes(6).toString("hex")}`;
  let body = "";
  for (const [name, value] of fields) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  // The name goes on the wire as UTF-8 with quotes and line breaks escaped, as browsers do.
  const quoted = fileName.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body: Buffer.from(body), type: `multipart/form-data; boundary=${boundary}` };
}

/** The signed links the app hands out, fetched raw (path and query exactly as signed). */
async function fetchSignedLink(
  run: Run,
  surface: string,
  sensitive: Canary[],
  url: string,
  method = "GET",
  body?: string,
) {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(run.target.baseUrl).origin) return;
  await send(run, surface, sensitive, method, `${parsed.pathname}${parsed.search}`, {}, body);
}

/** Every fs endpoint, for one path attempt, as the key (/user/fs) or the admin (/admin/fs). */
async function attackFs(run: Run, asKey: boolean, attempt: string) {
  const { target } = run;
  const surface = asKey ? "fs-key" : "fs-admin";
  const prefix = asKey ? "/api/user/fs" : "/api/admin/fs";
  const auth = { authorization: asKey ? target.key : target.admin };
  const json = { ...auth, "content-type": "application/json" };
  // The admin may read other mounts: only canaries outside every mount are secret from it.
  const sensitive = asKey ? target.canaries : target.canaries.filter((canary) => !canary.inMount);
  const mark = () => `${asKey ? "kplant" : "aplant"}${run.marker++}`;
  const S = (method: string, path: string, body?: unknown, headers: Record<string, string> = json) =>
    send(run, surface, sensitive, method, path, headers, bodyOf(body));
  const inside = `${attempt}/canary-secret.txt`;

  // Reads: query parameters URL-encoded, and as raw as a request line allows.
  for (const path of [attempt, inside]) {
    await S("GET", `${prefix}/list?${q({ path })}`, undefined, auth);
    await S("GET", `${prefix}/list?path=${rawTarget(path)}&refresh=true`, undefined, auth);
    await S("GET", `${prefix}/get?${q({ path })}`, undefined, auth);
    await S("GET", `${prefix}/download?${q({ path })}`, undefined, auth);
    await S("GET", `${prefix}/download?path=${rawTarget(path)}&inline=true`, undefined, auth);
    const link = await S("GET", `${prefix}/file-link?${q({ path })}`, undefined, auth);
    if (link.status === 200) {
      const url = (JSON.parse(link.body) as { data: { presignedUrl: string } }).data.presignedUrl;
      await fetchSignedLink(run, "signed", sensitive, url);
    }
    await S("GET", `${prefix}/search?${q({ q: "canary", scope: "directory", path })}`, undefined, auth);
  }
  // Writes: a fresh marker name per request, so a planted file names the request that made it.
  await S("POST", `${prefix}/mkdir`, { path: `${attempt}/${mark()}` });
  await S("POST", `${prefix}/update`, { path: `${attempt}/${mark()}.txt`, content: "planted" });
  await S("POST", `${prefix}/update`, { path: inside, content: "OVERWRITTEN" });
  for (const [folder, name] of [
    [attempt, `${mark()}.txt`],
    [`${attempt}/`, `${mark()}.txt`],
    ["/docs/", `../../${mark()}.txt`],
    ["/docs/", `..\\..\\secret\\${mark()}.txt`],
    ["/docs/", `${attempt}/${mark()}.txt`],
  ] as const) {
    const form = multipartForm([["path", folder]], name, "planted");
    await S("POST", `${prefix}/upload`, form.body, { ...auth, "content-type": form.type });
  }
  // Under a literal "%2e%2e" folder inside /docs this moves the key's own file; the disk check at the end says whether the real canary moved.
  await S("POST", `${prefix}/rename`, { oldPath: inside, newPath: `/docs/${mark()}.txt` });
  await S("POST", `${prefix}/rename`, { oldPath: "/docs/victim.txt", newPath: `${attempt}/${mark()}.txt` });
  if (!existsSync(join(target.root, "docs", "victim.txt"))) {
    writeFileSync(join(target.root, "docs", "victim.txt"), "victim");
  }
  await S("DELETE", `${prefix}/remove?${q({ path: inside })}`, undefined, auth);
  await S("POST", `${prefix}/batch-remove`, { paths: [inside, attempt] });
  await S("POST", `${prefix}/batch-copy`, { items: [{ sourcePath: inside, targetPath: `/docs/${mark()}.txt` }] });
  await S("POST", `${prefix}/batch-copy`, { items: [{ sourcePath: attempt, targetPath: `/docs/${mark()}/` }] });
  await S("POST", `${prefix}/batch-copy`, {
    items: [{ sourcePath: "/docs/victim.txt", targetPath: `${attempt}/${mark()}.txt` }],
  });
  await S("POST", `${prefix}/batch-copy-commit`, { targetMountId: "x", files: [{ targetPath: inside }] });
  const init = await S("POST", `${prefix}/multipart/init`, { path: `${attempt}/${mark()}.bin`, fileSize: 7 });
  if (init.status === 200 || init.status === 201) {
    const { uploadId, key } = (JSON.parse(init.body) as { data: { uploadId: string; key: string } }).data;
    const part = await S("POST", `${prefix}/multipart/part?${q({ uploadId, partNumber: "1", key })}`, "planted", {
      ...auth,
      "content-type": "application/octet-stream",
    });
    const etag = part.status === 200 ? (JSON.parse(part.body) as { data: { etag: string } }).data.etag : "x";
    await S("POST", `${prefix}/multipart/complete`, { uploadId, key, parts: [{ partNumber: 1, etag }] });
  }
  const name = `${mark()}.bin`;
  const presign = await S("POST", `${prefix}/presign`, { path: `${attempt}/`, fileName: name, fileSize: 7 });
  if (presign.status === 200) {
    const url = (JSON.parse(presign.body) as { data: { presignedUrl: string } }).data.presignedUrl;
    await fetchSignedLink(run, "signed", sensitive, url, "PUT", "planted");
    await S("POST", `${prefix}/presign/commit`, { path: `${attempt}/`, fileName: name, fileSize: 7 });
  }
}

/** WebDAV, for one path attempt: the path in the request line, as a source and as a Destination. */
async function attackDav(run: Run, asKey: boolean, attempt: string) {
  const { target } = run;
  const surface = asKey ? "dav-key" : "dav-admin";
  const auth = { authorization: asKey ? target.keyBasic : target.adminBasic };
  const sensitive = asKey ? target.canaries : target.canaries.filter((canary) => !canary.inMount);
  const mark = () => `${asKey ? "kplant" : "aplant"}${run.marker++}`;
  const url = rawTarget(`/dav${attempt}`);
  const S = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    send(run, surface, sensitive, method, path, { ...auth, ...headers }, body);
  for (const depth of ["0", "1", "infinity"]) await S("PROPFIND", url, { Depth: depth });
  await S("PROPFIND", `${url}/canary-secret.txt`, { Depth: "0" });
  await S("GET", url);
  await S("GET", `${url}/canary-secret.txt`);
  await S("HEAD", `${url}/canary-secret.txt`);
  await S("PUT", `${url}/${mark()}.txt`, { "content-type": "text/plain" }, "planted");
  await S("PUT", `${url}/canary-secret.txt`, { "content-type": "text/plain" }, "OVERWRITTEN");
  await S("MKCOL", `${url}/${mark()}`);
  await S("PROPPATCH", `${url}/canary-secret.txt`, { "content-type": "application/xml" }, PROPPATCH_BODY);
  if (asKey) await S("DELETE", `${url}/canary-secret.txt`);
  for (const destination of [
    `${url}/${mark()}.txt`,
    `http://127.0.0.1:${target.port}${url}/${mark()}.txt`,
    `http://other.example${url}/${mark()}.txt`,
    `/dav/docs/..%2f..%2f${mark()}.txt`,
    `/dav/docs/%2e%2e/secret/${mark()}.txt`,
  ]) {
    await S("COPY", "/dav/docs/victim.txt", { Destination: destination, Overwrite: "T" });
  }
  await S("MOVE", "/dav/docs/victim.txt", { Destination: `${url}/${mark()}.txt`, Overwrite: "T" });
  await S("COPY", `${url}/canary-secret.txt`, { Destination: `/dav/docs/${mark()}.txt` });
  await S("MOVE", `${url}/canary-secret.txt`, { Destination: `/dav/docs/${mark()}.txt` });
  await S("COPY", "/dav/docs/victim.txt", { Destination: `/dav/docs/canary-overwrite.txt`, Overwrite: "T" });
  await S("MOVE", `/dav/docs/canary-overwrite.txt`, { Destination: `${url}/canary-secret.txt`, Overwrite: "T" });
  if (!existsSync(join(target.root, "docs", "victim.txt"))) {
    writeFileSync(join(target.root, "docs", "victim.txt"), "victim");
  }
}

/** JSON for objects; strings and bytes (forms, parts) as they are. */
const bodyOf = (body: unknown) =>
  body === undefined || typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);

const PROPPATCH_BODY =
  '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:x"><d:set><d:prop><x:p>planted</x:p></d:prop></d:set></d:propertyupdate>';

/** Signed local-storage links: tampered links are refused, and even a validly signed link for a key that climbs out reads and writes nothing outside. */
async function attackSignedLinks(run: Run) {
  const { target } = run;
  const sensitive = target.canaries;
  const S = (method: string, path: string, body?: string) => send(run, "signed", sensitive, method, path, {}, body);
  const link = await rawRequest(target.port, "GET", `/api/admin/fs/file-link?${q({ path: "/docs/victim.txt" })}`, {
    authorization: target.admin,
  });
  const good = new URL((JSON.parse(link.body) as { data: { presignedUrl: string } }).data.presignedUrl);
  const tamper = (change: (params: URLSearchParams) => void, configId = target.localConfigId) => {
    const params = new URLSearchParams(good.search);
    change(params);
    return `/api/storage/local/${encodeURIComponent(configId)}?${params}`;
  };
  const forged = [
    "secret/canary-secret.txt",
    "docs/../secret/canary-secret.txt",
    "../canary-datadir.txt",
    "docs/link-file",
    "canary-root.txt",
  ];
  for (const key of forged) {
    await S(
      "GET",
      tamper((params) => params.set("key", key)),
    );
    await S("PUT", tamper((params) => params.set("key", key)).replace("op=get", "op=put"), "planted");
  }
  await S(
    "GET",
    tamper(() => {}, target.otherConfigId),
  );
  await S("GET", `${tamper(() => {})}&key=secret/canary-secret.txt`);
  await S(
    "PUT",
    tamper((params) => params.set("op", "put")),
    "OVERWRITTEN",
  );
  // Signed with the app's own secret: what a signing bug would hand out. Such a link reaches any
  // key of its storage, so only what lies outside the storage root must stay out of reach.
  const outsideRoot = target.canaries.filter((canary) => !canary.file.startsWith(target.root + sep));
  const T = (method: string, path: string, body?: string) => send(run, "signed", outsideRoot, method, path, {}, body);
  const expires = Math.floor(Date.now() / 1000) + 600;
  const signed = (key: string, op: "get" | "put") =>
    new URL(signLocalUrl(target.secret, target.baseUrl, { configId: target.localConfigId, op, key, expires }));
  for (const key of [
    "../canary-datadir.txt",
    "docs/link-file",
    "docs/link-dir/canary-datadir.txt",
    "docs/link-abs/canary-abs.txt",
    "docs/sub/link-root/canary-root.txt",
    ".pastebox-tmp/canary-temp.txt",
    "/../canary-datadir.txt",
    "..\\canary-datadir.txt",
    "docs/\u0000/../../canary-datadir.txt",
  ]) {
    const read = signed(key, "get");
    await T("GET", `${read.pathname}${read.search}`);
    const write = signed(key.replace(/canary-[a-z-]+\.txt$/, `kplant${run.marker++}.txt`), "put");
    await T("PUT", `${write.pathname}${write.search}`, "planted");
    const overwrite = signed(key, "put");
    await T("PUT", `${overwrite.pathname}${overwrite.search}`, "OVERWRITTEN");
  }
}

/** The driver itself, on a root of its own with canaries and links around it. */
export async function attackLocalDriver(forms: string[]): Promise<{ calls: number; violations: string[] }> {
  const base = mkdtempSync(join(tmpdir(), "pastebox-driver-"));
  const root = join(base, "storage");
  const outside = join(base, "canary.txt");
  const sibling = join(`${root}-sibling`, "canary.txt");
  const other = join(root, "secret", "canary.txt");
  for (const file of [outside, sibling, other, join(root, "docs", "keep.txt")]) {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, file.endsWith("keep.txt") ? "keep" : "CANARY-DRIVER");
  }
  symlinkSync(outside, join(root, "docs", "link-file"));
  symlinkSync(base, join(root, "docs", "link-dir"));
  symlinkSync("../secret", join(root, "docs", "link-mount"));
  // The driver knows no mounts: any key inside its root is its to serve. Outside the root nothing
  // may change, and the "secret" folder stands for a neighbour that only links could lead to.
  const secretFolder = join(root, "secret");
  const skip = (path: string) => isUnder(path, root) && path !== root && !isUnder(path, secretFolder);
  const before = snapshot(base, skip);
  const driver: StorageDriver = createLocalDriver(root, (grant) => `http://localhost/signed?key=${grant.key}`);
  const violations: string[] = [];
  let calls = 0;
  const keys = new Set<string>();
  for (const form of [...forms, "/docs/link-file", "/docs/link-dir/canary.txt", "/docs/link-mount/canary.txt"]) {
    for (const key of [form.slice(1), form, `${form.slice(1)}/canary.txt`, `../${form.slice(1)}`]) keys.add(key);
  }
  const attempt = async (label: string, action: () => Promise<unknown>) => {
    calls += 1;
    try {
      const result = (await action()) as { body?: ReadableStream<Uint8Array> } | null;
      if (result && typeof result === "object" && result.body instanceof ReadableStream) {
        const text = await new Response(result.body).text();
        if (text.includes("CANARY-DRIVER")) violations.push(`driver ${label}: read a canary`);
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!["BAD_REQUEST", "NOT_FOUND", "RANGE_NOT_SATISFIABLE", "ENOENT", "ENOTDIR", "EISDIR"].includes(code ?? "")) {
        violations.push(`driver ${label}: ${String(error).slice(0, 200)}`);
      }
    }
  };
  let n = 0;
  for (const key of keys) {
    const plantIn = `${key.replace(/canary\.txt$/, "")}${key.endsWith("/") ? "" : "/"}`;
    const plant = () => `${plantIn}dplant${n++}`;
    await attempt(`get ${key}`, () => driver.get(key));
    await attempt(`head ${key}`, async () => {
      if (await driver.head(key)) violations.push(`driver head ${key}: found something`);
    });
    await attempt(`list ${key}`, async () => {
      for (const options of [{ delimiter: "/" as const }, {}]) {
        const listing = await driver.list(key.endsWith("/") ? key : `${key}/`, options);
        const names = [...listing.objects.map((o) => o.key), ...listing.prefixes];
        if (names.some((name) => name.includes("canary") || name.includes("link-")))
          violations.push(`driver list ${key}: ${names.join(", ")}`);
      }
    });
    await attempt(`put in ${plantIn}`, () => driver.put(plant(), "planted"));
    await attempt(`put ${key}`, () => driver.put(key, "OVERWRITTEN"));
    await attempt(`put folder in ${plantIn}`, () => driver.put(`${plant()}/`, ""));
    await attempt(`copy from ${key}`, () => driver.copy(key, "docs/copied.txt"));
    await attempt(`copy into ${plantIn}`, () => driver.copy("docs/keep.txt", plant()));
    await attempt(`delete ${key}`, () => driver.delete(key));
    await attempt(`presign ${key}`, () => driver.presignGet(key, { expiresIn: 60 }));
    await attempt(`multipart in ${plantIn}`, async () => {
      const key = plant();
      const uploadId = await driver.createMultipartUpload(key, { contentType: "text/plain" });
      const part = await driver.uploadPart(key, uploadId, 1, "planted");
      await driver.completeMultipartUpload(key, uploadId, [part]);
    });
  }
  await attempt("parts of a forged upload id", () => driver.uploadPart("docs/x", "../../../canary", 1, "x"));
  violations.push(...compareSnapshots("driver", before, snapshot(base, skip)));
  rmSync(base, { recursive: true, force: true });
  return { calls, violations };
}

/** Planted files outside where their author may write, and canaries changed or gone. */
function checkDisk(target: Target, before: Map<string, string>, adminPhase: boolean): string[] {
  const problems: string[] = [];
  const mountFolders = [
    join(target.root, "docs"),
    join(target.root, "secret"),
    join(target.root, "docsecret"),
    join(target.otherRoot, "private"),
  ];
  const keyFolder = join(target.root, "docs");
  const tempFolder = join(target.root, ".pastebox-tmp");
  const skip = (path: string) => isDatabaseFile(target, path);
  const after = new Map([...snapshot(target.dataDir, skip), ...snapshot(target.outsideDir)]);
  for (const [path] of after) {
    const name = path.slice(path.lastIndexOf(sep) + 1);
    if (isUnder(path, tempFolder) && !path.endsWith("canary-temp.txt")) continue; // uploads in flight
    if (name.includes("kplant") && !isUnder(path, keyFolder)) problems.push(`key planted ${path}`);
    if (name.includes("aplant") && !mountFolders.some((folder) => isUnder(path, folder))) {
      problems.push(`admin planted ${path}`);
    }
  }
  for (const canary of target.canaries) {
    if (adminPhase && canary.inMount) continue;
    if (!existsSync(canary.file)) problems.push(`${canary.name} is gone`);
    else if (!lstatSync(canary.file).isFile()) problems.push(`${canary.name} was replaced`);
    else if (readFileSync(canary.file, "utf8") !== canary.token) problems.push(`${canary.name} was changed`);
  }
  // Outside the mounts nothing at all may change (links included).
  const outsideMounts = (map: Map<string, string>) =>
    new Map(
      [...map].filter(([path]) => !mountFolders.some((folder) => isUnder(path, folder)) && !isUnder(path, tempFolder)),
    );
  problems.push(...compareSnapshots("disk", outsideMounts(before), outsideMounts(after)));
  return problems;
}

function isDatabaseFile(target: Target, path: string): boolean {
  const name = relative(target.dataDir, path);
  return /^pastebox\.db/.test(name);
}

export async function runPathsHardening(target: Target): Promise<PathsReport> {
  const forms = allTraversalForms();
  const extra = [
    ...LINK_PATHS,
    target.dataDir,
    `${target.root}/../canary-datadir.txt`,
    `${target.outsideDir}/canary-abs.txt`,
    `/docs/${"../".repeat(12)}${target.dataDir.slice(1)}/canary-datadir.txt`,
    `/docs/${"..%2f".repeat(12)}${target.dataDir.slice(1)}`,
    `${target.root}-sibling/canary-sibling.txt`,
  ];
  const attempts = [...forms, ...extra];
  const report: PathsReport = {
    requests: 0,
    byStatus: {},
    bySurface: {},
    forms: attempts.length,
    canaries: target.canaries.length,
    violations: [],
  };
  const run: Run = { target, report, marker: 0 };
  const skip = (path: string) => isDatabaseFile(target, path);
  const before = new Map([...snapshot(target.dataDir, skip), ...snapshot(target.outsideDir)]);

  // The key first: nothing outside /docs may be touched. Then the admin: nothing outside the mounts.
  for (const attempt of attempts) await attackFs(run, true, attempt);
  for (const attempt of attempts) await attackDav(run, true, attempt);
  await attackSignedLinks(run);
  report.violations.push(...checkDisk(target, before, false).map((problem) => `after the key: ${problem}`));
  for (const attempt of attempts) await attackFs(run, false, attempt);
  for (const attempt of attempts) await attackDav(run, false, attempt);
  report.violations.push(...checkDisk(target, before, true).map((problem) => `after the admin: ${problem}`));

  const driver = await attackLocalDriver(forms);
  report.bySurface.driver = driver.calls;
  report.violations.push(...driver.violations);
  return report;
}

export async function runPathsAgainstNewServer(): Promise<{ report: PathsReport; alive: boolean }> {
  const password = "paths-admin-password-123";
  const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
  let target: Target | null = null;
  try {
    target = await prepareTarget(server, password);
    const report = await runPathsHardening(target);
    const alive = server.isAlive() && (await fetch(`${server.baseUrl}/api/health`)).status === 200;
    return { report, alive };
  } finally {
    await server.stop();
    if (target) rmSync(target.outsideDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const started = performance.now();
  const { report, alive } = await runPathsAgainstNewServer();
  console.log(
    `${report.requests} requests and ${report.bySurface.driver ?? 0} driver calls over ${report.forms} path forms, ` +
      `${report.canaries} canaries, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`by surface: ${JSON.stringify(report.bySurface)}`);
  console.log(`by status: ${JSON.stringify(report.byStatus)}`);
  console.log(`violations: ${report.violations.length}; server healthy at the end: ${alive}`);
  for (const violation of report.violations.slice(0, Number(process.env.PATHS_SHOW ?? 40)))
    console.log(`  ${violation}`);
  if (report.violations.length || !alive) process.exitCode = 1;
}
