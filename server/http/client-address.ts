// The client's address, which the per-address limits (logins, creations, clipboard joins, requests in
// flight) count: the socket's peer, or, when that peer is a reverse proxy the operator named in
// TRUSTED_PROXIES, the address the proxy forwarded in X-Forwarded-For (the nearest one not itself a
// trusted proxy, so a client cannot pick its own by sending the header). Never trusted by default:
// without the setting anyone could claim any address (docs/deploy.md).
import proxyaddr from "proxy-addr";

export type ClientAddress = (peer: string, headers: Headers) => string;

/** Throws on a list proxy-addr cannot read (config.ts names the variable). */
export function createClientAddress(trustedProxies: readonly string[]): ClientAddress {
  if (trustedProxies.length === 0) return (peer) => peer;
  const isTrusted = proxyaddr.compile([...trustedProxies]);
  return (peer, headers) => {
    const forwarded = headers.get("x-forwarded-for");
    if (forwarded === null) return peer;
    // proxy-addr reads Node's request shape: the peer and the header.
    const request = { connection: { remoteAddress: peer }, headers: { "x-forwarded-for": forwarded } };
    return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], isTrusted);
  };
}
