// A WebDAV failure: an HTTP status, and either an RFC 4918 §16 precondition (answered as an XML
// <D:error> body that clients understand) or a translated message (answered as plain text).
export type DavErrorOptions = {
  /** The precondition or postcondition element(s) inside <D:error>, as XML, e.g. "<D:no-conflicting-lock/>". */
  condition?: string;
  messageKey?: string;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
};

export class DavError extends Error {
  override name = "DavError";
  constructor(
    readonly status: number,
    readonly options: DavErrorOptions = {},
  ) {
    super(options.messageKey ?? `WebDAV ${status}`);
  }
}
