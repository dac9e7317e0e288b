// Answers the client's tRPC calls in unit tests with msw (setupServer), speaking the wire format of
// @trpc/client's httpLink and httpBatchLink with superjson: GET for queries, POST for mutations,
// "a.b,c.d?batch=1" for batches. A resolver returns the procedure's output or throws a
// TrpcTestError, which is sent the way server/trpc.ts formats errors (appCode, httpStatus, issues).
import { afterAll, afterEach, beforeAll } from "bun:test";
import { APP_VERSION, CSRF_HEADER, STORAGE_KEYS } from "@shared/constants";
import { ERROR_HTTP_STATUS, type ErrorCode } from "@shared/errors";
import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import superjson from "superjson";
import type { AppRouter } from "../../server/routers";

export class TrpcTestError extends Error {
  constructor(
    readonly appCode: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** The server's i18n key of the message (data.messageKey), for screens that tell errors apart by it. */
    readonly messageKey?: string,
  ) {
    super(message);
  }
}

/** A resolver that always refuses the call with this error (the arguments of TrpcTestError). */
export function failsWith(...error: ConstructorParameters<typeof TrpcTestError>): () => never {
  return () => {
    throw new TrpcTestError(...error);
  };
}

/** A call as the server sees it: `csrf` is the web client's CSRF header (its sign-in's name). */
export type TrpcCall = {
  path: string;
  input: unknown;
  authorization: string | null;
  csrf: string | null;
  language: string | null;
};

// A test's answers are typed by the router itself (inferRouterInputs/Outputs, as the client sees them
// after superjson), so a fixture that drifts from what the server returns fails to typecheck.
type RouterInputs = inferRouterInputs<AppRouter>;
type RouterOutputs = inferRouterOutputs<AppRouter>;
/** Every procedure's dotted path, as the client sends it: "session.me", "files.upload.init"... */
type PathsOf<TRecord, Prefix extends string = ""> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyProcedure
    ? `${Prefix}${K}`
    : PathsOf<TRecord[K], `${Prefix}${K}.`>;
}[keyof TRecord & string];
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"]>;
/** What stands at a dotted path in a nested record of inputs or outputs. */
type At<T, Path extends string> = Path extends `${infer Head extends keyof T & string}.${infer Rest}`
  ? At<T[Head], Rest>
  : T[Path & keyof T];
export type ProcedureInput<P extends ProcedurePath> = At<RouterInputs, P>;
export type ProcedureOutput<P extends ProcedurePath> = At<RouterOutputs, P>;
/** Answers one procedure: returns (or resolves to) its output, or throws a TrpcTestError. */
export type TrpcResolver<P extends ProcedurePath> = (
  input: ProcedureInput<P>,
  call: TrpcCall,
) => ProcedureOutput<P> | Promise<ProcedureOutput<P>>;
/** Answers for some procedures, by path. */
export type TrpcResolvers = { [P in ProcedurePath]?: TrpcResolver<P> };

// JSON-RPC error numbers tRPC uses for the codes the tests send.
const JSON_RPC_CODES: Partial<Record<ErrorCode, number>> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  WRONG_PASSWORD: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL: -32603,
};

function decodeInput(raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === "object" && "json" in raw)
    return superjson.deserialize(raw as Parameters<typeof superjson.deserialize>[0]);
  return raw;
}

function errorResult(error: unknown, path: string) {
  const appError =
    error instanceof TrpcTestError
      ? error
      : new TrpcTestError("INTERNAL", error instanceof Error ? error.message : "error");
  const httpStatus = ERROR_HTTP_STATUS[appError.appCode];
  const shape = {
    message: appError.message,
    code: JSON_RPC_CODES[appError.appCode] ?? -32603,
    data: {
      code: appError.appCode,
      httpStatus,
      path,
      appCode: appError.appCode,
      messageKey: appError.messageKey,
      issues: appError.issues,
    },
  };
  return { status: httpStatus, body: { error: superjson.serialize(shape) } };
}

/** REST routes of procedures, as the client calls them: the procedure's input from the request. */
const REST_PROCEDURES: {
  method: "get" | "post";
  path: string;
  procedure: ProcedurePath;
  input: (url: URL, slug: string, body: object) => unknown;
}[] = [
  {
    method: "get",
    path: "*/api/paste/:slug",
    procedure: "pastes.view",
    input: (url, slug) =>
      url.searchParams.has("html") ? { slug, html: url.searchParams.get("html") === "true" } : { slug },
  },
  {
    method: "post",
    path: "*/api/paste/:slug",
    procedure: "pastes.unlock",
    input: (_url, slug, body) => ({ slug, ...body }),
  },
  { method: "get", path: "*/api/public/files/:slug", procedure: "files.public.get", input: (_url, slug) => ({ slug }) },
  {
    method: "post",
    path: "*/api/public/files/:slug/verify",
    procedure: "files.public.verify",
    input: (_url, slug, body) => ({ slug, ...body }),
  },
];

export function mockTrpc() {
  const calls: TrpcCall[] = [];
  // Every page load asks who the session is; unless a test says otherwise, nobody.
  const defaults: TrpcResolvers = { "session.me": () => ({ type: "none" }) };
  let resolvers: TrpcResolvers = { ...defaults };

  const handler = http.all("*/trpc/:paths", async ({ request, params }) => {
    const url = new URL(request.url);
    const paths = String(params.paths).split(",");
    const isBatch = url.searchParams.get("batch") === "1";
    let rawInputs: unknown;
    if (request.method === "GET") {
      const text = url.searchParams.get("input");
      rawInputs = text ? JSON.parse(text) : undefined;
    } else {
      const text = await request.text();
      rawInputs = text ? JSON.parse(text) : undefined;
    }
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const raw = isBatch ? (rawInputs as Record<string, unknown> | undefined)?.[String(index)] : rawInputs;
        const call: TrpcCall = {
          path,
          input: decodeInput(raw),
          authorization: request.headers.get("authorization"),
          csrf: request.headers.get(CSRF_HEADER),
          language: request.headers.get("accept-language"),
        };
        calls.push(call);
        // The wire names any path; a resolver is looked up by it and given the input it sent.
        const resolver = resolvers[path as ProcedurePath] as ((input: unknown, call: TrpcCall) => unknown) | undefined;
        if (!resolver) return errorResult(new TrpcTestError("NOT_FOUND", `no mock for ${path}`), path);
        try {
          const output = await resolver(call.input, call);
          return { status: 200, body: { result: { data: superjson.serialize(output) } } };
        } catch (error) {
          return errorResult(error, path);
        }
      }),
    );
    if (!isBatch) {
      const [only] = results;
      return HttpResponse.json(only?.body, { status: only?.status ?? 500 });
    }
    const statuses = new Set(results.map((result) => result.status));
    const status = statuses.size === 1 ? (results[0]?.status ?? 200) : 207;
    return HttpResponse.json(
      results.map((result) => result.body),
      { status },
    );
  });

  // The REST routes pages read with plain fetch instead of tRPC (docs/decisions/0014-public-pages-without-trpc.md),
  // answered by their procedure's resolver and recorded under its name, in the envelope of docs/api.md.
  const restRoutes = REST_PROCEDURES.map(({ method, path, procedure, input }) =>
    http[method](path, async ({ request, params }) => {
      const text = request.method === "GET" ? "" : await request.text();
      const call: TrpcCall = {
        path: procedure,
        input: input(new URL(request.url), String(params.slug), text ? (JSON.parse(text) as object) : {}),
        authorization: request.headers.get("authorization"),
        csrf: request.headers.get(CSRF_HEADER),
        language: request.headers.get("accept-language"),
      };
      calls.push(call);
      const resolver = resolvers[procedure] as ((input: unknown, call: TrpcCall) => unknown) | undefined;
      try {
        if (!resolver) throw new TrpcTestError("NOT_FOUND", `no mock for ${procedure}`);
        const data = await resolver(call.input, call);
        return HttpResponse.json({ code: 200, message: "OK", data, success: true });
      } catch (error) {
        const { status, body } = errorResult(error, procedure);
        const { message } = superjson.deserialize<{ message: string }>(body.error);
        return HttpResponse.json({ code: status, message, data: null, success: false }, { status });
      }
    }),
  );

  // Plain REST reads every rendered app makes: the page's CSP (lib/shares/download/csp.ts) and the version in
  // the footer. Answered like the real server so they are not unhandled requests.
  const appReads = [
    http.get("*/api/health", () =>
      HttpResponse.json(
        { status: "ok", version: APP_VERSION, database: "ok", provider: "sqlite", uptime_seconds: 1 },
        { headers: { "Content-Security-Policy": "default-src 'self'; connect-src 'self'; frame-src 'self'" } },
      ),
    ),
    http.get("*/api/version", () =>
      HttpResponse.json({
        code: 200,
        message: "OK",
        data: { version: APP_VERSION, app_version: APP_VERSION, name: "Pastebox", runtime: "bun", database: "sqlite" },
        success: true,
      }),
    ),
  ];
  const server = setupServer(handler, ...restRoutes, ...appReads);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    resolvers = { ...defaults };
    calls.length = 0;
    server.resetHandlers();
  });
  afterAll(() => server.close());

  /** Answers these procedures (replacing earlier answers for the same names). */
  function use(next: TrpcResolvers) {
    resolvers = { ...resolvers, ...next };
  }

  return {
    calls,
    use,
    /** Signs in as the admin for the next render (the sign-in a page load remembers, and the "me"
     * answer that confirms it), with these other answers. */
    signInAsAdmin(next: TrpcResolvers = {}, username = "admin") {
      storeAdminSession(username);
      use({ ...adminValidation(username), ...next });
    },
    /** Signs in with a key of these permissions for the next render, with these other answers. */
    signInWithKey(check: KeyCheckFixture, next: TrpcResolvers = {}) {
      storeKeySession(check);
      use({ ...keyValidation(check), ...next });
    },
    /** Makes every call fail as if the server were unreachable. */
    goOffline() {
      server.use(
        http.all("*/trpc/:paths", () => HttpResponse.error()),
        ...REST_PROCEDURES.map(({ path }) => http.all(path, () => HttpResponse.error())),
      );
    },
  };
}

/** What the last page load remembered of an admin sign-in (the session itself is a cookie). */
export function storeAdminSession(username = "admin") {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ type: "admin", username }));
}

/** The "me" answer that confirms an admin session. */
export function adminValidation(username = "admin"): TrpcResolvers {
  return { "session.me": () => ({ type: "admin", id: "admin-1", username }) };
}

/** The "me" answer for a session that has ended (a 401, as the server gives for a dead cookie). */
export function endedSession(): TrpcResolvers {
  return {
    "session.me": () => {
      throw new TrpcTestError("UNAUTHORIZED", "Your admin session has expired, please log in again");
    },
  };
}

export type KeyCheckFixture = {
  name: string;
  basic_path: string;
  permissions: { text: boolean; file: boolean; mount: boolean };
  mount_read_only: boolean;
  key_info: { id: string; name: string; basic_path: string };
};

/** What the server reports of a key with these permissions and base path (keys.validate, "me"). */
export function keyCheck(
  permissions: Partial<KeyCheckFixture["permissions"]>,
  basicPath = "/",
  name = "Test key",
): KeyCheckFixture {
  return {
    name,
    basic_path: basicPath,
    permissions: { text: false, file: false, mount: false, ...permissions },
    mount_read_only: false,
    key_info: { id: "key-1", name, basic_path: basicPath },
  };
}

/** What the last page load remembered of a sign-in with this key (the session itself is a cookie). */
export function storeKeySession(check: KeyCheckFixture) {
  localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({
      type: "apikey",
      permissions: check.permissions,
      mount_read_only: check.mount_read_only,
      key_info: check.key_info,
    }),
  );
}

/** The "me" answer that confirms a sign-in with this key. */
export function keyValidation(check: KeyCheckFixture): TrpcResolvers {
  return { "session.me": () => ({ type: "apikey", ...check }) };
}
