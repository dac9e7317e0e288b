// A TCP proxy in front of the test S3 server that can fail in the middle of a request, the way a
// real store does when it goes away or gives up mid-upload: once armed, a connection that has sent
// more than `after` bytes is either cut (both sockets destroyed) or answered with an S3 error
// (500/503 and its XML body, `Connection: close`). It stays armed until `heal()`, so the SDK's own retries
// fail too; requests that stay below the threshold (create, abort, complete) go through.
// It also notes every multipart upload id the store hands out, so a test can check each was aborted.
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

export type Fault = { kind: "cut"; after: number } | { kind: "answer"; after: number; status: 500 | 503 };

type Link = { client: Socket; upstream: Socket; sent: number };

const S3_ERRORS = {
  500: { code: "InternalError", message: "We encountered an internal error. Please try again." },
  503: { code: "ServiceUnavailable", message: "Please reduce your request rate." },
};

function errorAnswer(status: 500 | 503): string {
  const { code, message } = S3_ERRORS[status];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>flaky</RequestId></Error>`;
  return [
    `HTTP/1.1 ${status} ${code}`,
    "Content-Type: application/xml",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

export type FlakyS3Proxy = {
  /** The endpoint to give a storage config instead of the S3 server's. */
  endpoint: string;
  /** From now on, connections fail past `fault.after` bytes (counted from this call). */
  arm(fault: Fault): void;
  /** Back to a faithful proxy. */
  heal(): void;
  /** Multipart upload ids the store handed out since the last call; the list is emptied. */
  takeUploadIds(): string[];
  close(): Promise<void>;
};

export async function startFlakyS3Proxy(upstreamEndpoint: string): Promise<FlakyS3Proxy> {
  const upstream = new URL(upstreamEndpoint);
  const links = new Set<Link>();
  let fault: Fault | null = null;
  let uploadIds: string[] = [];

  const fail = (link: Link, active: Fault) => {
    link.upstream.destroy();
    if (active.kind === "cut") link.client.destroy();
    // The rest of the body is read and dropped (as S3 does), so the client reads the answer rather
    // than failing on a write to a closed socket first.
    else link.client.write(errorAnswer(active.status));
  };

  const server: Server = createServer((client) => {
    const link: Link = { client, upstream: tcpConnect(Number(upstream.port), upstream.hostname), sent: 0 };
    links.add(link);
    let failed = false;
    client.on("data", (chunk: Buffer) => {
      if (failed) return;
      link.sent += chunk.length;
      if (fault && link.sent > fault.after) {
        failed = true;
        fail(link, fault);
        return;
      }
      if (!link.upstream.write(chunk)) {
        client.pause();
        link.upstream.once("drain", () => client.resume());
      }
    });
    link.upstream.on("data", (chunk: Buffer) => {
      for (const match of chunk.toString("latin1").matchAll(/<UploadId>([^<]+)<\/UploadId>/g)) {
        if (match[1]) uploadIds.push(match[1]);
      }
      client.write(chunk);
    });
    const close = () => {
      links.delete(link);
      client.destroy();
      link.upstream.destroy();
    };
    client.on("error", close);
    client.on("close", close);
    link.upstream.on("error", close);
    link.upstream.on("close", () => {
      if (!failed) close();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the proxy has no port");

  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    arm(next) {
      fault = next;
      for (const link of links) link.sent = 0;
    },
    heal() {
      fault = null;
    },
    takeUploadIds() {
      const taken = uploadIds;
      uploadIds = [];
      return taken;
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
