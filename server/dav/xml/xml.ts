// XML of WebDAV bodies (RFC 4918 §14). Requests are parsed by @xmldom/xmldom, which resolves
// namespaces (a WebDAV element is known by namespace and local name, never by prefix), rejects
// malformed documents and undeclared or empty-prefixed namespaces, and expands no DTD entities (no
// XXE, no entity bombs). Answers are written as strings: every value is escaped, the DAV: namespace
// always has the prefix D, and no default namespace is ever declared, so a stored dead property can
// be pasted into an answer as it was serialized.
import { DOMParser, type Element, type Node, XMLSerializer } from "@xmldom/xmldom";
import { readBoundedText } from "../../http/bodies/bounded-body";
import { slicedBody, slicesOf } from "../../http/sliced-answer";
import { DavError } from "../dav-error";

export const DAV_NS = "DAV:";
/** Request bodies are small documents (propfind, proppatch, lockinfo); larger ones are refused. */
export const MAX_XML_BYTES = 1024 * 1024;

const XML_CONTENT_TYPE = 'application/xml; charset="utf-8"';

export type XmlElement = Element;

/** Reads a request body of at most MAX_XML_BYTES; an empty body is "". */
export function readSmallBody(request: Request): Promise<string> {
  return readBoundedText(request, MAX_XML_BYTES, () => new DavError(413, { messageKey: "errors.davBodyTooLarge" }));
}

/** Parses a request body as XML; null for an empty body, 400 for anything not well-formed. */
export function parseXml(text: string): XmlElement | null {
  if (text.trim() === "") return null;
  try {
    const parser = new DOMParser({
      onError(level, message) {
        if (level !== "warning") throw new Error(message);
      },
    });
    const document = parser.parseFromString(text, "text/xml");
    return document.documentElement ?? null;
  } catch {
    throw new DavError(400, { messageKey: "errors.davInvalidXml" });
  }
}

export function childElements(element: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) children.push(node as XmlElement);
  }
  return children;
}

export function isDavElement(element: XmlElement, localName: string): boolean {
  return element.namespaceURI === DAV_NS && element.localName === localName;
}

export const namespaceOf = (element: XmlElement) => element.namespaceURI ?? "";

export function textOf(element: XmlElement): string {
  return element.textContent ?? "";
}

/** The element with its content as XML text, namespace declarations included (dead properties, lock owners). */
export function serializeElement(element: XmlElement): string {
  return new XMLSerializer().serializeToString(element);
}

/** The children of an element as XML text (a lock's owner is kept as given). */
export function serializeChildren(element: XmlElement): string {
  const serializer = new XMLSerializer();
  let text = "";
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
    text += serializer.serializeToString(node);
  }
  return text;
}

// ---- Writing -----------------------------------------------------------------------------------

export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[char]};`,
  );
}

/** A property element by namespace and local name: `<D:name>` for DAV:, else with its own declaration. */
export function propertyElement(namespace: string, name: string, content: string | null = null): string {
  let open: string;
  let close: string;
  if (namespace === DAV_NS) {
    open = `D:${name}`;
    close = open;
  } else if (namespace === "") {
    open = `${name} xmlns=""`;
    close = name;
  } else {
    open = `X:${name} xmlns:X="${escapeXml(namespace)}"`;
    close = `X:${name}`;
  }
  return content === null || content === "" ? `<${open}/>` : `<${open}>${content}</${close}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

const MULTISTATUS_OPEN = `${XML_DECLARATION}<D:multistatus xmlns:D="DAV:">`;
const MULTISTATUS_CLOSE = "</D:multistatus>";

export function multistatusXml(responses: string[]): string {
  return `${MULTISTATUS_OPEN}${responses.join("")}${MULTISTATUS_CLOSE}`;
}

/**
 * A 207 whose <D:response> elements are written a slice of `items` at a time as the client reads
 * (server/http/sliced-answer.ts): a Depth 1 PROPFIND of a large folder never holds up other requests.
 */
export function slicedMultistatusResponse<T>(items: readonly T[], render: (item: T) => string): Response {
  function* parts() {
    yield MULTISTATUS_OPEN;
    yield* slicesOf(items, (slice) => slice.map(render).join(""));
    yield MULTISTATUS_CLOSE;
  }
  return new Response(slicedBody(parts()), {
    status: 207,
    headers: { "Content-Type": XML_CONTENT_TYPE },
  });
}

/** An RFC 4918 §16 error body: `<D:error><D:condition/></D:error>`, the condition given as XML. */
export function errorXml(condition: string): string {
  return `${XML_DECLARATION}<D:error xmlns:D="DAV:">${condition}</D:error>`;
}

export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ""}`.trimEnd();
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  412: "Precondition Failed",
  423: "Locked",
  424: "Failed Dependency",
  500: "Internal Server Error",
  507: "Insufficient Storage",
};

export function xmlResponse(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": XML_CONTENT_TYPE, ...headers },
  });
}
