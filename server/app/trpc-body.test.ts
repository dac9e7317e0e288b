// What /trpc hands tRPC (trpc-body.ts): the body read once within the limit, answered from the text
// already read; the request carries no second copy of it. Before, the text was re-wrapped as a new
// request's body (encoded into another buffer, which tRPC decoded into another text).
import { describe, expect, test } from "bun:test";
import { AppError } from "../errors";
import { boundTrpcBody } from "./trpc-body";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/trpc/clipboard.send", {
    method: "POST",
    headers: { "content-type": "application/json", "x-probe": "kept", ...headers },
    body,
  });

describe("the body tRPC reads", () => {
  test("is the text read within the limit, parsed once, with no copy of the body in the request", async () => {
    const input = { json: { id: "r".repeat(22), content: "x".repeat(3 * 1024 * 1024) } };
    const { request, refusal } = await boundTrpcBody(post(JSON.stringify(input)));
    expect(refusal).toBeNull();
    expect(request.body).toBeNull();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("http://localhost/trpc/clipboard.send");
    expect(request.headers.get("x-probe")).toBe("kept");
    expect(await request.json()).toEqual(input);
  });

  test("an empty body is no input; a body past the limit is refused with 413 and not handed on", async () => {
    expect(await (await boundTrpcBody(post(""))).request.json()).toBeUndefined();
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      },
    });
    const { request, refusal } = await boundTrpcBody(post(chunked));
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal?.code).toBe("PAYLOAD_TOO_LARGE");
    expect(request.body).toBeNull();
  });
});
