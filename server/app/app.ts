// The HTTP application: one fetch handler for Bun.serve that routes /trpc to tRPC, /api to the REST
// adapter, and everything else to the built client. Separate from main.ts so tests call it in-process.

import type { Language } from "@shared/constants";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { createDavHandler } from "../dav/handler";
import type { AppDeps } from "../deps";
import { AppError, describeError, faultCauseOf, isServerFault, noteServerFault } from "../errors";
import { type ClientAddress, createClientAddress } from "../http/client-address";
import { createInFlightCounter, watchBody } from "../http/request-guard";
import { type AnswerKind, applySecurityHeaders, createCspSource, inlineScriptHashes } from "../http/security-headers";
import { resolveRequestAuth } from "../http/session-cookie";
import { createStaticHandler, readIndexHtml, staticAnswerKind } from "../http/static";
import { languageFromHeader, runWithLanguage, translate } from "../i18n";
import { createAccessLog } from "../logger";
import { createRestHandler } from "../rest/adapter";
import { errorResponse } from "../rest/envelope";
import { generateOpenApiDocument, type OpenApiDocument } from "../rest/openapi";
import type { RawRoute } from "../rest/raw-route";
import { buildRouteTable } from "../rest/routes";
import { appRouter } from "../routers";
import { backupRawRoutes } from "../routers/admin/backups";
import { adminAccountRawRoutes } from "../routers/auth/account";
import { auditRawRoutes } from "../routers/auth/audit";
import { ssoRawRoutes } from "../routers/auth/sso";
import { clipboardRawRoutes } from "../routers/clipboard/raw-routes";
import { fsRawRouteList } from "../routers/explorer/raw-routes";
import { pasteRawRoutes } from "../routers/pastes/raw-routes";
import { shareRawRoutes } from "../routers/shares/download-routes";
import { linkPreviewRawRoutes } from "../routers/shares/link-preview-routes";
import { pathShareRawRoutes } from "../routers/shares/path-share-routes";
import { fileRawRoutes } from "../routers/shares/raw-routes";
import { urlProxyRawRoutes } from "../routers/shares/url-proxy-routes";
import { createSystemRoutes } from "../routers/system/raw-routes";
import { uploadRequestRawRoutes } from "../routers/upload-requests/raw-routes";
import { prepareMarkdownRenderer } from "../services/pastes/markdown-html";
import { isPreviewCrawler, isSharePage, linkPreviewPage } from "../services/shares/link-preview/link-preview";
import { METRICS_OFF, type Metrics } from "../services/system/metrics";
import type { Context } from "../trpc";
import { refuseBusySearchBatch, refuseKnownBusySearcher, rememberSearcher, searchOnlyBatch } from "./busy-searches";
import { boundTrpcBody, refuseLongBatch } from "./trpc-body";

export type App = {
  /** `url` is the request's, when the caller has parsed it already. */
  fetch(request: Request, clientIp?: string, url?: URL): Promise<Response>;
  openApiDocument(): OpenApiDocument;
  /** The address a request comes from: its peer, or what a trusted proxy forwarded (http/client-address.ts). */
  clientAddress: ClientAddress;
  /** Writes the buffered access log (at shutdown). */
  flushLogs(): void;
};

/** Raw (non-procedure) routes of every domain; each domain module contributes its list here. */
function rawRoutes(getDocument: () => OpenApiDocument): RawRoute[] {
  return [
    ...createSystemRoutes(getDocument),
    ...pasteRawRoutes,
    ...fileRawRoutes,
    ...shareRawRoutes,
    ...pathShareRawRoutes,
    ...linkPreviewRawRoutes,
    ...uploadRequestRawRoutes,
    ...urlProxyRawRoutes,
    ...fsRawRouteList,
    ...clipboardRawRoutes,
    ...backupRawRoutes,
    ...ssoRawRoutes,
    ...auditRawRoutes,
    ...adminAccountRawRoutes,
  ];
}

/** Paths the server answers itself; everything else is the built client. */
function isServerPath(pathname: string): boolean {
  const isUnder = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return isUnder("/api") || isUnder("/trpc") || isUnder("/dav") || pathname === "/metrics";
}

/** The client's pages and files are only read: another method there is refused, not answered with the page. */
const CLIENT_METHODS = "GET, HEAD";

function clientMethodNotAllowed(method: string): Response {
  return new Response(translate("errors.methodNotAllowed", { method, allowed: CLIENT_METHODS }), {
    status: 405,
    headers: { Allow: CLIENT_METHODS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function createApp(deps: AppDeps, metrics: Metrics = METRICS_OFF): Promise<App> {
  // The OpenAPI document (every route's schemas as JSON Schema, a few MiB once built) is made when
  // first asked for: most servers are never asked, and an idle server stays small (docs/performance.md).
  let document: OpenApiDocument | null = null;
  const openApiDocument = () => {
    document ??= generateOpenApiDocument(routes, deps.config.publicUrl);
    return document;
  };
  const routes = buildRouteTable(appRouter, rawRoutes(openApiDocument));
  const rest = createRestHandler(routes);
  // WebDAV (its XML parser and methods) loads with the first /dav request: most servers never get one.
  let dav: Promise<ReturnType<typeof createDavHandler>> | null = null;
  const davHandler = () => {
    dav ??= import("../dav/handler").then(({ createDavHandler }) => createDavHandler(deps));
    return dav;
  };
  const staticFiles = createStaticHandler(deps.config.clientDir);
  const indexHtml = await readIndexHtml(deps.config.clientDir);
  const currentCsp = createCspSource(indexHtml ? inlineScriptHashes(indexHtml) : [], () =>
    deps.storage.browserOrigins(),
  );
  const https = deps.config.publicUrl.startsWith("https:");
  const accessLog = deps.config.accessLog ? createAccessLog() : null;
  const inFlight = createInFlightCounter(deps.config.maxRequestsPerAddress);

  async function createContext(request: Request, clientIp: string, language: Language): Promise<Context> {
    const { auth, failure } = await resolveRequestAuth(deps.db, deps.config.secret, deps.config, request, clientIp);
    return { ...deps, auth, authFailure: failure, language, clientIp, request, responseHeaders: new Headers() };
  }

  async function route(request: Request, url: URL, clientIp: string, language: Language): Promise<Response> {
    const { pathname } = url;
    if (pathname === "/trpc" || pathname.startsWith("/trpc/")) {
      // tRPC reads a body whole: it gets one already read within the limit, or none and a 413.
      const longBatch = refuseLongBatch(url);
      // A batch of searches from a caller with no search slot free is refused whole, before tRPC.
      // A caller remembered from an earlier batch is refused before its credentials are looked up.
      const searches = longBatch ? null : searchOnlyBatch(request, url);
      const known = searches ? refuseKnownBusySearcher(appRouter, searches, request, clientIp) : null;
      if (known) return known;
      const searchContext = searches ? await createContext(request, clientIp, language) : null;
      if (searches && searchContext) {
        rememberSearcher(request, searchContext);
        const refused = refuseBusySearchBatch(appRouter, searches, searchContext);
        if (refused) return refused;
      }
      const { request: trpcRequest, refusal } = longBatch
        ? {
            request: new Request(request.url, { method: request.method, headers: request.headers }),
            refusal: longBatch,
          }
        : await boundTrpcBody(request);
      return fetchRequestHandler({
        endpoint: "/trpc",
        req: trpcRequest,
        router: appRouter,
        createContext: async () => {
          if (refusal) throw new TRPCError({ code: longBatch ? "BAD_REQUEST" : "PAYLOAD_TOO_LARGE", cause: refusal });
          return searchContext ?? createContext(trpcRequest, clientIp, language);
        },
        responseMeta: ({ ctx }) => ({ headers: ctx?.responseHeaders }),
        onError({ error, path }) {
          if (isServerFault(describeError(error).status, request)) {
            noteServerFault(request, error.cause ?? error);
            deps.logger.error("trpc procedure failed", { path, error: String(error.cause ?? error) });
          }
        },
      });
    }
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      const ctx = await createContext(request, clientIp, language);
      const response = await rest(ctx, url, pathname.slice("/api".length) || "/");
      if (!ctx.responseHeaders.has("set-cookie")) return response;
      const withCookies = new Response(response.body, response);
      for (const cookie of ctx.responseHeaders.getSetCookie()) withCookies.headers.append("set-cookie", cookie);
      return withCookies;
    }
    if (pathname === "/dav" || pathname.startsWith("/dav/")) return (await davHandler())(request, url, clientIp);
    if (pathname === "/metrics") return metrics.answer(request);
    if (request.method !== "GET" && request.method !== "HEAD") return clientMethodNotAllowed(request.method);
    // A chat app reading a share link for its card gets the OpenGraph tags alone (docs/link-previews.md).
    if (isSharePage(pathname) && isPreviewCrawler(request.headers.get("user-agent"))) {
      return linkPreviewPage(deps, pathname, language);
    }
    // A paste link's page asks for its Markdown rendered once its code has loaded: the renderer
    // starts meanwhile (services/pastes/markdown-html.ts, docs/decisions/0012-server-rendered-markdown.md).
    if (pathname.startsWith("/paste/")) prepareMarkdownRenderer();
    return staticFiles.serve(request, pathname);
  }

  return {
    openApiDocument,
    clientAddress: createClientAddress(deps.config.trustedProxies),
    flushLogs: () => accessLog?.flush(),
    async fetch(sent, clientIp = "unknown", url = new URL(sent.url)) {
      const started = performance.now();
      const measured = metrics.startRequest(sent, url.pathname);
      const language = languageFromHeader(sent.headers.get("accept-language"));
      // Only requests with a body are counted: a body is what a slow client can hold open, while
      // reads finish at the server's pace (a load test of 256 concurrent views from one address is fine).
      const release = sent.body ? inFlight.admit(clientIp) : () => undefined;
      const { request, stalled } = release
        ? watchBody(sent, deps.config.bodyStallMs)
        : { request: sent, stalled: null };
      let response: Response;
      try {
        response = await runWithLanguage(language, async () => {
          if (!stalled) return errorResponse(inFlight.refusal()).response;
          // A stalled body answers 408 at once; the handler, its body now failing, cleans up behind it.
          return Promise.race([route(request, url, clientIp, language), stalled]).catch((error: unknown) => {
            if (error instanceof AppError && error.code === "REQUEST_TIMEOUT") return errorResponse(error).response;
            throw error;
          });
        });
      } finally {
        release?.();
      }
      measured(response.status, faultCauseOf(request));
      const ms = Math.round(performance.now() - started);
      if (isServerFault(response.status, request))
        deps.logger.error(`${request.method} ${url.pathname} ${response.status}`, { ms });
      else accessLog?.request(request.method, url.pathname, response.status, ms);
      const kind: AnswerKind = isServerPath(url.pathname) ? "private" : staticAnswerKind(url.pathname, response);
      // An asset carries no policy: the storage origins it is built from are not even looked up.
      const csp = kind === "asset" ? "" : await currentCsp();
      return applySecurityHeaders(response, { csp, https, kind });
    },
  };
}
