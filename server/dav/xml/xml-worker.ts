// The worker thread that parses large WebDAV XML bodies (see xml-bodies.ts): one request in, its
// plain-data result or the DavError it raised out.
import { DavError } from "../dav-error";
import { parseBody, type WorkerAnswer, type WorkerRequest } from "./xml-bodies";

declare const self: Worker;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { id, kind, text } = event.data;
  let answer: WorkerAnswer;
  try {
    answer = { id, ok: true, value: parseBody(kind, text) };
  } catch (error) {
    answer =
      error instanceof DavError
        ? { id, ok: false, status: error.status, ...error.options }
        : { id, ok: false, status: 400, messageKey: "errors.davInvalidXml" };
  }
  self.postMessage(answer);
};
