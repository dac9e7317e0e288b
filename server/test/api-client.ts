// The tests' one way to call the REST API: `call(method, path, options)` answers status, headers,
// text and the parsed envelope. Its data is `unknown` unless typed: naming the procedure the route
// serves (`procedure: "keys.create"`) types it by the router's own output (inferRouterOutputs<AppRouter>)
// and checks that the method and path still route to that procedure, so an answer read in a test cannot
// drift from what the server declares; a raw route's answer is typed by the caller (`call<SharedFile>`)
// with the type its service answers. Factories for the rows most tests need sit on top (login, key, paste,
// storage, mount); docs/testing.md says when to use which.

import type { Envelope } from "@shared/errors";
import type { Pagination } from "@shared/schemas/common";
import type { PasteSummary, PasteView } from "@shared/schemas/pastes";
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput, TRPCRouterRecord } from "@trpc/server";
import { s3StorageBody } from "../../scripts/test/s3-storage";
import type { Database } from "../db/client";
import { matchRoute, type RestRoute } from "../rest/routes";
import type { AppRouter } from "../routers";
import type { importCloudPasteUpload } from "../services/backup/admin-backups";
import type { stagePendingRestore } from "../services/backup/pending-restore";
import type { uploadPart, uploadStream } from "../services/explorer/uploads";
import type { uploadRawFile, uploadThroughServer } from "../services/shares/upload/uploads";
import type { receiveArrival } from "../services/upload-requests/arrivals";
import { s3Env, TEST_ADMIN_PASSWORD } from "./harness";

/** Dotted names of the router's procedures ("pastes.create"). */
type ProcedurePaths<R extends TRPCRouterRecord, Prefix extends string = ""> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? `${Prefix}${K}`
    : R[K] extends TRPCRouterRecord
      ? ProcedurePaths<R[K], `${Prefix}${K}.`>
      : never;
}[keyof R & string];

type ProcedureAt<R extends TRPCRouterRecord, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? R[Head] extends TRPCRouterRecord
    ? ProcedureAt<R[Head], Rest>
    : never
  : R[P] extends AnyProcedure
    ? R[P]
    : never;

type Record_ = AppRouter["_def"]["record"];
export type ProcedurePath = ProcedurePaths<Record_>;
/** A value as JSON carries it: dates as ISO strings, BigInt sizes as numbers (rest/envelope.ts). */
export type OnTheWire<T> = T extends Date
  ? string
  : T extends bigint
    ? number
    : T extends readonly (infer Item)[]
      ? OnTheWire<Item>[]
      : T extends object
        ? { [K in keyof T]: OnTheWire<T[K]> }
        : T;

/** What a procedure takes as input (path parameters, query or body alike). */
export type InputOf<P extends ProcedurePath> = inferProcedureInput<ProcedureAt<Record_, P>>;

/** What a procedure answers as the REST envelope's data. */
export type OutputOf<P extends ProcedurePath> = OnTheWire<inferProcedureOutput<ProcedureAt<Record_, P>>>;

/** What a service function resolves to, as a raw route's envelope carries it. */
type AnswerOf<F extends (...args: never[]) => unknown> = OnTheWire<Awaited<ReturnType<F>>>;

// The data of the raw JSON routes tests read (a raw route declares no output type), typed by the
// service function or schema each answers with: `call<SharedFile>("POST", "/upload", …)`.
/** GET /paste/{slug}: the paste as its link opens it. */
export type OpenedPaste = OnTheWire<PasteView>;
/** GET /{admin,user}/pastes: the page of pastes (the pagination is beside it). */
export type PastePage = OnTheWire<PasteSummary>[];
/** POST /upload: the file share. */
export type SharedFile = AnswerOf<typeof uploadThroughServer>;
/** PUT /upload-direct/{filename}: the file share with its links. */
export type SharedFileWithLinks = AnswerOf<typeof uploadRawFile>;
/** POST /{admin,user}/fs/upload: the stored entry. */
export type UploadedEntry = AnswerOf<typeof uploadStream>;
/** POST /{admin,user}/fs/multipart/part: the part's number and ETag. */
export type UploadedPart = AnswerOf<typeof uploadPart>;
/** POST /admin/backups/cloudpaste-import: the per-item report. */
export type CloudPasteImportReport = AnswerOf<typeof importCloudPasteUpload>;
/** POST /admin/backups/restore: what the next start restores. */
export type StagedRestore = AnswerOf<typeof stagePendingRestore>;
/** POST /public/upload-requests/{slug}/files: the file that arrived. */
export type ArrivedFile = AnswerOf<typeof receiveArrival>;

/** A value the test needs present: fails the test, naming it, when the answer lacks it. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

export type ApiAnswer<T = unknown> = {
  status: number;
  headers: Headers;
  /** The body as text (non-JSON answers: downloads, WebDAV) and as bytes. */
  text: string;
  bytes: Uint8Array;
  /** The parsed envelope; null when the answer is not JSON. Its data is the procedure's output on success. */
  body: Envelope<T> & { data: T; pagination?: Pagination };
};

export type CallOptions<P extends ProcedurePath | undefined = undefined> = {
  /** JSON (sent with content-type application/json), or a form or bytes sent as they are. */
  body?: unknown;
  /** The whole authorization header ("Bearer …", "ApiKey …"). */
  auth?: string;
  /** accept-language. */
  lang?: string;
  headers?: Record<string, string>;
  /** The client address the in-process app sees (rate limits count per address). */
  ip?: string;
  signal?: AbortSignal;
  /** The procedure this route serves: types the data, and the call fails if the route serves another. */
  procedure?: P;
};

/** Where calls go: an in-process app (its fetch takes the client address) or a listening server's origin. */
export type ApiTarget = { fetch(request: Request, clientIp?: string): Promise<Response> } | string;

let procedureRoutes: RestRoute[] | null = null;

/** The procedure routes of the app's route table (raw routes have no declared output). */
async function routeTable(): Promise<RestRoute[]> {
  if (!procedureRoutes) {
    const [{ appRouter }, { buildRouteTable }] = await Promise.all([import("../routers"), import("../rest/routes")]);
    procedureRoutes = buildRouteTable(appRouter, []);
  }
  return procedureRoutes;
}

async function assertRoutesTo(method: string, path: string, procedure: string) {
  const apiPath = path.split("?")[0] ?? path;
  const match = matchRoute(await routeTable(), method, apiPath);
  const served = match.kind === "found" && match.route.kind === "procedure" ? match.route.procedurePath : match.kind;
  if (served !== procedure) throw new Error(`${method} /api${apiPath} serves ${served}, not ${procedure}`);
}

/**
 * The REST request that calls `procedure` with `input`: its route (with several, the API key's
 * `/user` one, which the admin may call too, unless `variant` names another), path parameters filled
 * from the input, the rest in the query (GET, DELETE) or the JSON body.
 */
async function requestFor(procedure: string, input: unknown, variant: string | undefined) {
  const routes = (await routeTable()).filter(
    (route) => route.kind === "procedure" && route.procedurePath === procedure,
  ) as Extract<RestRoute, { kind: "procedure" }>[];
  const route =
    routes.find((candidate) => candidate.meta.variant === (variant ?? "mine")) ??
    routes.find((candidate) => variant === undefined || candidate.meta.variant === variant);
  if (!route) throw new Error(`${procedure} has no REST route${variant ? ` of variant ${variant}` : ""}`);
  const fields = { ...((input ?? {}) as Record<string, unknown>) };
  const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(String(value));
  });
  if (route.method === "POST" || route.method === "PUT") return { method: route.method, path, body: fields };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) if (item !== undefined) query.append(name, String(item));
  }
  const search = query.size > 0 ? `?${query}` : "";
  return { method: route.method, path: `${path}${search}`, body: undefined };
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Uint8Array || body instanceof Blob) return body as BodyInit;
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return typeof body === "string" ? body : JSON.stringify(body);
}

/**
 * A client for `/api`: `call("POST", "/paste", { auth, body, procedure: "pastes.create" })`.
 * `target` is read at each call, so a client can be made before the app is (in a describe block).
 */
export function createApiClient(target: () => ApiTarget) {
  async function call<Raw = unknown, P extends ProcedurePath | undefined = undefined>(
    method: string,
    path: string,
    options: CallOptions<P> = {},
  ): Promise<ApiAnswer<P extends ProcedurePath ? OutputOf<P> : Raw>> {
    if (options.procedure) await assertRoutesTo(method, path, options.procedure);
    const headers = new Headers(options.headers);
    if (options.auth) headers.set("authorization", options.auth);
    if (options.lang) headers.set("accept-language", options.lang);
    const body = encodeBody(options.body, headers);
    const to = target();
    const init: RequestInit = { method, headers, body, signal: options.signal };
    const response =
      typeof to === "string"
        ? await fetch(`${to}/api${path}`, init)
        : await to.fetch(new Request(`http://localhost/api${path}`, init), options.ip ?? "127.0.0.1");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const isJson = response.headers.get("content-type")?.includes("json");
    return { status: response.status, headers: response.headers, text, bytes, body: isJson ? JSON.parse(text) : null };
  }
  /**
   * Calls a procedure through its REST route with input and answer typed by the router:
   * `procedure("pastes.create", { content: "hi" }, { auth })`. `variant: "admin"` picks the admin's
   * route of an operation the admin and keys share.
   */
  async function procedure<P extends ProcedurePath>(
    name: P,
    input: InputOf<P>,
    options: Omit<CallOptions, "body" | "procedure"> & { variant?: string } = {},
  ): Promise<ApiAnswer<OutputOf<P>>> {
    const { variant, ...callOptions } = options;
    const request = await requestFor(name, input, variant);
    const answer = await call(request.method, request.path, { ...callOptions, body: request.body });
    return answer as ApiAnswer<OutputOf<P>>;
  }
  return { call, procedure };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Calls as one caller, its header read at each call (it may be set in a beforeAll):
 * `callAs(api, () => admin)("PUT", "/admin/system-settings", body, "settings.update")`. Naming the
 * procedure types the answer, as `procedure` does for `call`.
 */
export function callAs(api: ApiClient, auth: () => string) {
  return <P extends ProcedurePath | undefined = undefined>(
    method: string,
    path: string,
    body?: unknown,
    procedure?: P,
  ) => api.call(method, path, { auth: auth(), body, procedure });
}

/** Logs the admin in (from `ip`, to keep rate-limit counts apart) and answers the authorization header. */
export async function loginAdmin(api: ApiClient, options: { password?: string; ip?: string } = {}) {
  const answer = await api.call("POST", "/admin/login", {
    body: { username: "admin", password: options.password ?? TEST_ADMIN_PASSWORD },
    ip: options.ip,
    procedure: "admin.login",
  });
  if (answer.status !== 200) throw new Error(`admin login: ${answer.status} ${answer.text}`);
  return `Bearer ${answer.body.data.token}`;
}

/** Fields of an API key the tests set (REST spelling): permissions, basic_path, mount_read_only… */
export type KeyFields = Record<string, unknown>;

/** A factory's one call: POSTs `body` as `auth`; any answer but 201 fails the test with the server's words. */
async function created<P extends ProcedurePath>(
  api: ApiClient,
  path: string,
  procedure: P,
  auth: string,
  body: Record<string, unknown>,
): Promise<OutputOf<P>> {
  const answer = await api.call("POST", path, { auth, body, procedure });
  if (answer.status !== 201) throw new Error(`${procedure}: ${answer.status} ${answer.text}`);
  // The conditional answer type does not narrow for a generic P; the call checked the route serves it.
  return answer.body.data as OutputOf<P>;
}

/** Creates an API key as the admin; answers the key's row and its `ApiKey …` authorization header. */
export async function createApiKey(api: ApiClient, admin: string, fields: KeyFields = {}) {
  const name = `key ${crypto.randomUUID().slice(0, 8)}`;
  const key = await created(api, "/admin/api-keys", "keys.create", admin, { name, ...fields });
  return { ...key, auth: `ApiKey ${key.key}` };
}

/** Creates a paste (as the admin or a key) and answers it. */
export function createPaste(api: ApiClient, auth: string, fields: Record<string, unknown> = {}) {
  return created(api, "/paste", "pastes.create", auth, { content: "hello", ...fields });
}

/**
 * A clipboard room of the admin's (`fields` as the procedure's input), made after lifting the joins
 * per minute limit, so that the many devices of a test are never turned away. Answers the room.
 */
export async function createClipboardRoom(api: ApiClient, admin: string, fields: Record<string, unknown> = {}) {
  const lifted = await api.call("PUT", "/admin/system-settings", {
    auth: admin,
    body: { clipboard_joins_per_minute: 0 },
    procedure: "settings.update",
  });
  if (lifted.status !== 200) throw new Error(`lift the joins limit: ${lifted.status} ${lifted.text}`);
  return created(api, "/clipboard/rooms", "clipboard.create", admin, fields);
}

/**
 * Runs `run` with the system settings `changes` made (as the admin), then puts those settings back as
 * they were, whatever `run` did: a test that lowers a limit leaves the app as the next test expects it.
 */
export async function withSettings<T>(
  api: ApiClient,
  admin: string,
  changes: InputOf<"settings.update">,
  run: () => Promise<T>,
): Promise<T> {
  const before = await api.call("GET", "/admin/system-settings", { auth: admin, procedure: "settings.get" });
  if (before.status !== 200) throw new Error(`read the settings: ${before.status} ${before.text}`);
  const put = async (body: InputOf<"settings.update">) => {
    const answer = await api.call("PUT", "/admin/system-settings", { auth: admin, body, procedure: "settings.update" });
    if (answer.status !== 200) throw new Error(`change the settings: ${answer.status} ${answer.text}`);
  };
  await put(changes);
  try {
    return await run();
  } finally {
    const names = Object.keys(changes) as (keyof typeof changes)[];
    await put(Object.fromEntries(names.map((name) => [name, before.body.data[name]])));
  }
}

/**
 * An S3 storage on the test S3 server (or `endpoint`), in a folder of its own. Public by default: keys
 * only upload shares to public storage, and most tests that create one let keys use it.
 */
export function createS3Storage(api: ApiClient, admin: string, fields: Record<string, unknown> = {}) {
  return created(
    api,
    "/s3-configs",
    "storage.create",
    admin,
    s3StorageBody(`s3 ${crypto.randomUUID().slice(0, 8)}`, s3Env(), {
      default_folder: `test-${crypto.randomUUID().slice(0, 8)}`,
      is_public: true,
      ...fields,
    }),
  );
}

/**
 * The storage a test of `kind` runs on, as the admin: the default local one, or a new S3 storage
 * (`fields` as createS3Storage's). Answers its id.
 */
export async function storageOfKind(
  kind: "local" | "s3",
  api: ApiClient,
  db: Database,
  admin: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  if (kind === "s3") return (await createS3Storage(api, admin, fields)).id;
  return defaultStorageId(db);
}

/** The id of the install's default storage: the local one a fresh install starts with. */
export async function defaultStorageId(db: Database): Promise<string> {
  return (await db.storageConfig.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } })).id;
}

/** A local-disk storage at `root_path` (private unless `is_public`), as the admin; answers the config. */
export function createLocalStorage(
  api: ApiClient,
  admin: string,
  fields: { root_path: string } & Record<string, unknown>,
) {
  const name = `local ${crypto.randomUUID().slice(0, 8)}`;
  return created(api, "/s3-configs", "storage.create", admin, { name, provider_type: "local", ...fields });
}

/** Mounts `storage_config_id` at `mount_path` as the admin and answers the mount. */
export function createMount(
  api: ApiClient,
  admin: string,
  fields: { mount_path: string; storage_config_id: string } & Record<string, unknown>,
) {
  const name = fields.mount_path.slice(1).replaceAll("/", "-") || "root";
  return created(api, "/admin/mounts", "mounts.create", admin, { name, ...fields });
}

/** Whose task routes a caller takes: the admin's /admin/fs/tasks (every task) or a key's /user/fs/tasks. */
export type TaskScope = "admin" | "user";

/** Starts an explorer task (copy, move or delete: `body`) as `auth` and answers its id once accepted (202). */
export async function startTask(
  api: ApiClient,
  auth: string,
  body: InputOf<"fsTasks.create">,
  scope: TaskScope = "admin",
): Promise<string> {
  const answer = await api.call("POST", `/${scope}/fs/tasks`, { auth, body, procedure: "fsTasks.create" });
  if (answer.status !== 202) throw new Error(`fsTasks.create: ${answer.status} ${answer.text}`);
  return answer.body.data.task_id;
}

/** A task as `auth` reads it now (GET /{scope}/fs/tasks/{id}, 200). */
export async function readTask(api: ApiClient, auth: string, id: string, scope: TaskScope = "admin") {
  const answer = await api.call("GET", `/${scope}/fs/tasks/${id}`, { auth, procedure: "fsTasks.get" });
  if (answer.status !== 200) throw new Error(`fsTasks.get ${id}: ${answer.status} ${answer.text}`);
  return answer.body.data;
}

/**
 * The form of a file share upload (POST /upload, streamed through the server): the fields first, then
 * the file, as the share page sends them.
 */
export function shareUploadForm(fields: Record<string, string>, content: BlobPart, filename = "data.bin") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new File([content], filename));
  return form;
}

/** Uploads a file share (as the admin or a key; `s3_config_id` and the share's fields in `fields`) and answers it. */
export async function createFileShare(
  api: ApiClient,
  auth: string,
  fields: Record<string, string> = {},
  content: BlobPart = "shared bytes",
  filename = "shared.txt",
) {
  const answer = await api.call<SharedFile>("POST", "/upload", {
    auth,
    body: shareUploadForm(fields, content, filename),
  });
  if (answer.status !== 201) throw new Error(`upload a file share: ${answer.status} ${answer.text}`);
  return answer.body.data;
}
