// Bun.serve around the app: the HTTP fetch handler plus the live clipboard's WebSocket handler (the
// socket route is answered before the app, since an upgrade needs the Bun server). Used by main.ts
// and by tests that need a real socket.
//
// Bun refuses a body or a socket frame past its own limits before any of our code buffers it, so
// those limits come from the settings when the server starts: the largest upload allowed
// (max_upload_size plus a form's fields) and the largest clipboard item (clipboard_item_max_size as
// an envelope). Bun cannot change them on a running server (`reload` keeps them). Moving to a new
// listener on a change was tried: closing the old one resets connections queued on it and idle
// keep-alive connections a client is about to reuse (the API fuzz saw 7 of 20,000 reset), so a
// changed limit reaches Bun at the next start. Until then the app's own checks hold the current
// setting: bodies are counted as they stream (bounded-body.ts, the upload limits) and the hub checks
// every item against the setting.
import { maxEnvelopeLength } from "@shared/clipboard";
import { megabytesToBytes } from "@shared/constants";
import type { App } from "../app/app";
import type { ReadConnection } from "../db/read-connection";
import type { Logger } from "../logger";
import { JSON_BODY_LIMIT } from "../rest/adapter";
import type { ClipboardHub, SocketData } from "../routers/clipboard/hub";
import { settingsFromRows } from "../services/system/settings";
import { FIELD_LIMIT_BYTES } from "./bodies/upload-form";

/** Room for a form's fields and boundaries beside its file (busboy keeps at most 50 fields of FIELD_LIMIT_BYTES). */
const FORM_OVERHEAD_BYTES = 60 * FIELD_LIMIT_BYTES;

export type ServeLimits = { maxRequestBodySize: number; maxPayloadLength: number };

/**
 * The limits the settings call for now. Read through the read connection, not Prisma: start-up must not
 * load it (docs/decisions/0013-idle-without-prisma.md).
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
  stop(closeActiveConnections?: boolean): Promise<void>;
};

export async function serveApp(
  app: App,
  clipboardHub: ClipboardHub,
  options: { port: number; hostname: string; logger: Logger; reads: ReadConnection },
): Promise<ServedApp> {
  const listen = (port: number, limits: ServeLimits) =>
    Bun.serve<SocketData>({
      port,
      hostname: options.hostname,
      maxRequestBodySize: limits.maxRequestBodySize,
      // Large uploads and downloads can be slow; Bun's default 10 s idle timeout would cut them off.
      idleTimeout: 255,
      fetch(request, bunServer) {
        const clientIp = app.clientAddress(bunServer.requestIP(request)?.address ?? "unknown", request.headers);
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

  const limits = await serveLimits(options.reads);
  const server = listen(options.port, limits);
  return {
    port: server.port as number,
    limits,
    async stop(closeActiveConnections = false) {
      await server.stop(closeActiveConnections);
    },
  };
}
