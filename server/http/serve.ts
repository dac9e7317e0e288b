// Bun.serve around the app: the HTTP fetch handler plus the live clipboard's WebSocket handler (the
// socket route is answered before the app, since an upgrade needs the Bun server). Used by main.ts
// and by tests that need a real socket.
//
// Bun refuses a body or a socket frame past its own limits before any of our code buffers it, so
// those limits follow the settings: the largest upload allowed (max_upload_size plus a form's fields)
// and the largest clipboard item (clipboard_item_max_size as an envelope). Bun cannot change them on
// a running server (`reload` keeps them), so when a setting changes a new listener with the new
// limits takes the port (SO_REUSEPORT) and the old one stops accepting: requests and sockets it
// holds finish on it, new connections get the new limits.
import { maxEnvelopeLength } from "@shared/clipboard";
import { megabytesToBytes } from "@shared/constants";
import type { Server } from "bun";
import type { App } from "../app";
import type { ReadConnection } from "../db/read-connection";
import type { Logger } from "../logger";
import { JSON_BODY_LIMIT } from "../rest/adapter";
import type { ClipboardHub, SocketData } from "../routers/clipboard/hub";
import { settingsFromRows } from "../services/system/settings";
import { FIELD_LIMIT_BYTES } from "./upload-form";

/** Room for a form's fields and boundaries beside its file (busboy keeps at most 50 fields of FIELD_LIMIT_BYTES). */
const FORM_OVERHEAD_BYTES = 60 * FIELD_LIMIT_BYTES;
/** How often the settings are read for a change (made by this process or another). */
const LIMITS_CHECK_MS = 10_000;

export type ServeLimits = { maxRequestBodySize: number; maxPayloadLength: number };

/**
 * The limits the settings call for now. Read through the read connection, not Prisma: this runs every
 * LIMITS_CHECK_MS on an idle server too (docs/decisions/0013-idle-without-prisma.md).
 */
export async function serveLimits(reads: ReadConnection): Promise<ServeLimits> {
  const settings = settingsFromRows(await reads.settingRows());
  return {
    maxRequestBodySize: Math.max(JSON_BODY_LIMIT, megabytesToBytes(settings.max_upload_size) + FORM_OVERHEAD_BYTES),
    // The hub's own check (a lowered setting, sockets opened before) stays below this.
    maxPayloadLength: maxEnvelopeLength(megabytesToBytes(settings.clipboard_item_max_size)) + 1024,
  };
}

export type ServedApp = {
  readonly port: number;
  readonly limits: ServeLimits;
  /** Reads the settings and moves to a listener with their limits if they changed. */
  refreshLimits(): Promise<void>;
  stop(closeActiveConnections?: boolean): Promise<void>;
};

export async function serveApp(
  app: App,
  clipboardHub: ClipboardHub,
  options: { port: number; hostname: string; logger: Logger; reads: ReadConnection },
): Promise<ServedApp> {
  const listen = (port: number, limits: ServeLimits): Server<SocketData> =>
    Bun.serve<SocketData>({
      port,
      hostname: options.hostname,
      reusePort: true,
      maxRequestBodySize: limits.maxRequestBodySize,
      // Large uploads and downloads can be slow; Bun's default 10 s idle timeout would cut them off.
      idleTimeout: 255,
      fetch(request, bunServer) {
        const clientIp = bunServer.requestIP(request)?.address ?? "unknown";
        // Parsed once for the socket route and the app.
        const url = new URL(request.url);
        const upgrading = clipboardHub.handleUpgrade(request, url, bunServer, clientIp);
        if (!upgrading) return app.fetch(request, clientIp, url);
        // A failed upgrade is answered by the app (the socket route's raw route), with its headers.
        return upgrading.then((isUpgraded) => (isUpgraded ? undefined : app.fetch(request, clientIp, url)));
      },
      websocket: { ...clipboardHub.websocket, maxPayloadLength: limits.maxPayloadLength },
      error(error) {
        options.logger.error("unhandled request error", { error: String(error) });
        return new Response("Internal server error", { status: 500 });
      },
    });

  let limits = await serveLimits(options.reads);
  // SO_REUSEPORT would also let a second server started by mistake share the port silently, splitting
  // clients between two processes (on SQLite only one may serve). A plain bind first fails as before
  // ("address in use") when anything holds the port.
  if (options.port !== 0)
    Bun.serve({ port: options.port, hostname: options.hostname, fetch: () => new Response() }).stop(true);
  let server = listen(options.port, limits);
  const port = server.port as number;
  const retired: Server<SocketData>[] = [];
  let stopped = false;

  async function refreshLimits() {
    const next = await serveLimits(options.reads);
    if (
      stopped ||
      (next.maxRequestBodySize === limits.maxRequestBodySize && next.maxPayloadLength === limits.maxPayloadLength)
    )
      return;
    const previous = server;
    server = listen(port, next);
    limits = next;
    retired.push(previous);
    // Not awaited: it resolves when the old listener's last request ends, which may be a long upload.
    void previous.stop(false).then(() => retired.splice(retired.indexOf(previous), 1));
    options.logger.info("request limits follow the settings", { ...next });
  }

  const timer = setInterval(
    () =>
      void refreshLimits().catch((error) => options.logger.warn("reading the limits failed", { error: String(error) })),
    LIMITS_CHECK_MS,
  );
  timer.unref();

  return {
    port,
    get limits() {
      return limits;
    },
    refreshLimits,
    async stop(closeActiveConnections = false) {
      stopped = true;
      clearInterval(timer);
      await Promise.all([server, ...retired].map((each) => each.stop(closeActiveConnections)));
    },
  };
}
