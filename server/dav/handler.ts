// WebDAV at /dav (docs/rules.md, Mounts and WebDAV; RFC 4918 class 1 and 2): the mount explorer's tree
// for Windows Explorer, macOS Finder, rclone, Cyberduck, davfs2 and sync tools. This is the entry:
// Basic auth, then one handler per method. Failures answer with their status and, where RFC 4918
// defines one, a precondition element in a <D:error> body; otherwise a translated plain-text message.

import type { AppDeps } from "../deps";
import { describeError, isServerFault, noteServerFault } from "../errors";
import { translate } from "../i18n";
import { creatorOf } from "../services/auth/sessions";
import { loadTree } from "../services/explorer/tree";
import { createDavAuthenticator } from "./auth/basic-auth";
import { DavError } from "./dav-error";
import { requestPath } from "./dav-paths";
import type { DavRequest } from "./dav-request";
import { parseIfHeader, submittedTokens } from "./locks/locks";
import { handleLock, handleUnlock } from "./methods/lock-methods";
import { handleGet, handlePropfind } from "./methods/read-methods";
import { handleCopyMove, handleDelete, handleMkcol, handleProppatch, handlePut } from "./methods/write-methods";
import { errorXml, xmlResponse } from "./xml/xml";

const REALM = "Pastebox WebDAV";
/** One handler per method, in the order the Allow header lists them. */
const HANDLERS = {
  OPTIONS: () => Promise.resolve(optionsResponse()),
  GET: handleGet,
  HEAD: handleGet,
  PUT: handlePut,
  DELETE: handleDelete,
  MKCOL: handleMkcol,
  COPY: (dav) => handleCopyMove(dav, false),
  MOVE: (dav) => handleCopyMove(dav, true),
  PROPFIND: handlePropfind,
  PROPPATCH: handleProppatch,
  LOCK: handleLock,
  UNLOCK: handleUnlock,
} satisfies Record<string, (dav: DavRequest) => Promise<Response>>;
type Method = keyof typeof HANDLERS;
const METHODS = Object.keys(HANDLERS) as Method[];

const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);

function optionsResponse(): Response {
  return new Response(null, {
    headers: {
      DAV: "1, 2",
      Allow: METHODS.join(", "),
      // Windows' WebDAV client looks for this before it treats the server as a WebDAV folder.
      "MS-Author-Via": "DAV",
      "Accept-Ranges": "bytes",
      "Content-Length": "0",
    },
  });
}

function textResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

export function createDavHandler(deps: AppDeps) {
  const authenticate = createDavAuthenticator(deps);

  function failure(error: unknown, request: Request, path: string): Response {
    const method = request.method.toUpperCase();
    if (error instanceof DavError) {
      const { condition, messageKey, params, headers } = error.options;
      if (condition) return xmlResponse(error.status, errorXml(condition), headers);
      return textResponse(error.status, messageKey ? translate(messageKey, params) : "", headers);
    }
    const description = describeError(error);
    if (isServerFault(description.status, request)) {
      noteServerFault(request, error);
      deps.logger.error("webdav request failed", { method, path, error: String(error) });
    }
    return textResponse(description.status, description.message, description.headers);
  }

  return async function handleDav(request: Request, url: URL, clientIp: string): Promise<Response> {
    const method = request.method.toUpperCase();
    try {
      if (!isMethod(method)) {
        throw new DavError(405, {
          messageKey: "errors.methodNotAllowed",
          params: { method, allowed: METHODS.join(", ") },
          headers: { Allow: METHODS.join(", ") },
        });
      }
      // Clients probe with an anonymous OPTIONS before they send credentials; it reveals nothing.
      if (method === "OPTIONS") return optionsResponse();
      const result = await authenticate(request, clientIp);
      if (!result.auth) {
        const description = describeError(result.error);
        const challenge: Record<string, string> =
          description.status === 401 ? { "WWW-Authenticate": `Basic realm="${REALM}", charset="UTF-8"` } : {};
        return textResponse(description.status, description.message, { ...description.headers, ...challenge });
      }
      const { auth } = result;
      // A key, or a session an app password opened (a Bearer token), needs mount access here.
      const hasMountAccess = auth.type === "apikey" ? auth.permissions.mount : auth.scope?.mount !== false;
      if (!hasMountAccess) return textResponse(403, translate("errors.davMountPermissionRequired"));
      const path = requestPath(url);
      const ifHeader = request.headers.get("if");
      const ifLists = ifHeader ? parseIfHeader(ifHeader) : null;
      const dav: DavRequest = {
        deps,
        request,
        url,
        clientIp,
        auth,
        principal: creatorOf(auth),
        path,
        tree: await loadTree(deps, auth),
        ifLists,
        tokens: submittedTokens(ifLists),
      };
      return await HANDLERS[method](dav);
    } catch (error) {
      return failure(error, request, url.pathname);
    }
  };
}
