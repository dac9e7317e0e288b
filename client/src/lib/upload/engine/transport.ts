// Moving bytes with progress: XMLHttpRequest, because fetch reports no upload progress. Used for the
// presigned PUT, each multipart part and the form POST through the server. Resolves with any HTTP
// answer (the caller judges the status); rejects only when no answer came: a network or CORS
// failure (the browser does not say which), a timeout, or a cancel.
import { AbortedError } from "./retry";

export type TransportResponse = {
  status: number;
  header: (name: string) => string | null;
  text: string;
};

export type SendRequest = {
  method: "PUT" | "POST";
  url: string;
  body: Blob | FormData | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Milliseconds with no answer before giving up (docs/product.md §9: 300000 for a part). */
  timeoutMs?: number;
};

export type Transport = (request: SendRequest) => Promise<TransportResponse>;

/** No answer at all: offline, the server went away, or a cross-origin request the storage refused. */
export class NetworkError extends Error {
  override name = "NetworkError";
  constructor(readonly isTimeout = false) {
    super(isTimeout ? "timeout" : "network error");
  }
}

export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url, true);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    if (request.timeoutMs) xhr.timeout = request.timeoutMs;
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => request.signal?.removeEventListener("abort", onAbort);
    if (request.onProgress) {
      const report = request.onProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) report(event.loaded, event.total);
      };
    }
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        header: (name) => {
          try {
            return xhr.getResponseHeader(name);
          } catch {
            return null;
          }
        },
        text: typeof xhr.responseText === "string" ? xhr.responseText : "",
      });
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError());
    };
    xhr.ontimeout = () => {
      done();
      reject(new NetworkError(true));
    };
    xhr.onabort = () => {
      done();
      reject(new AbortedError());
    };
    xhr.send(request.body);
  });
