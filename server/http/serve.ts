// Bun.serve around the app: the HTTP fetch handler plus the live clipboard's WebSocket handler (the
// socket route is answered before the app, since an upgrade needs the Bun server). Used by main.ts
// and by tests that need a real socket.
import type { App } from "../app";
import type { Logger } from "../logger";
import type { ClipboardHub, SocketData } from "../routers/clipboard/hub";

// Uploads through the server are streamed; the app's own max-upload-size setting is the real limit.
const MAX_REQUEST_BODY_BYTES = 1024 ** 4;

export function serveApp(
  app: App,
  clipboardHub: ClipboardHub,
  options: { port: number; hostname: string; logger: Logger },
) {
  return Bun.serve<SocketData>({
    port: options.port,
    hostname: options.hostname,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    // Large uploads and downloads can be slow; Bun's default 10 s idle timeout would cut them off.
    idleTimeout: 255,
    fetch(request, bunServer) {
      const clientIp = bunServer.requestIP(request)?.address ?? "unknown";
      // Parsed once for the socket route and the app.
      const url = new URL(request.url);
      return clipboardHub.handleUpgrade(request, url, bunServer, clientIp) ?? app.fetch(request, clientIp, url);
    },
    websocket: clipboardHub.websocket,
    error(error) {
      options.logger.error("unhandled request error", { error: String(error) });
      return new Response("Internal server error", { status: 500 });
    },
  });
}
