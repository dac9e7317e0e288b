// What /trpc hands tRPC's fetch handler: the body read within JSON_BODY_LIMIT (413 past it, whatever
// the framing), or the refusal of a batch too long. tRPC reads a body with `req.json()`; the request
// it gets answers that from the text already read, rather than carrying the body again: re-wrapping
// the text as a new request's body encoded it into a second buffer and tRPC decoded it into a second
// text, two more copies of up to 12 MB per call (docs/performance.md, hostile run).
import { TRPC_MAX_BATCH_CALLS } from "@shared/constants";
import { AppError } from "../errors";
import { readJsonText } from "../rest/adapter";

/** A request whose JSON body has been read: `json()` parses that text; it carries no body of its own. */
class ReadJsonRequest extends Request {
  readonly #text: string;

  constructor(request: Request, text: string) {
    super(request.url, { method: request.method, headers: request.headers, signal: request.signal });
    this.#text = text;
  }

  override json(): Promise<unknown> {
    // An empty body is no input, as tRPC reads a request without one.
    return Promise.resolve(this.#text === "" ? undefined : JSON.parse(this.#text));
  }
}

/** The request without its body, for an answer that will not read it (a refusal). */
const withoutBody = (request: Request) => new ReadJsonRequest(request, "");

/** A /trpc request whose body has been read within JSON_BODY_LIMIT, or the refusal of one larger. */
export async function boundTrpcBody(request: Request): Promise<{ request: Request; refusal: AppError | null }> {
  if (!request.body) return { request, refusal: null };
  try {
    return { request: new ReadJsonRequest(request, await readJsonText(request)), refusal: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { request: withoutBody(request), refusal: error };
  }
}

/**
 * Refuses a /trpc batch of more than TRPC_MAX_BATCH_CALLS calls, counted from the URL before anything
 * else is read, the same way for GET and POST (docs/api.md, tRPC). The URL alone once carried 200 calls.
 */
export function refuseLongBatch(url: URL): AppError | null {
  if (url.searchParams.get("batch") !== "1") return null;
  const calls = url.pathname.slice("/trpc/".length).split(",").length;
  if (calls <= TRPC_MAX_BATCH_CALLS) return null;
  return new AppError("BAD_REQUEST", "errors.batchTooLong", { max: TRPC_MAX_BATCH_CALLS, calls });
}
