// Behind a reverse proxy every request comes from the proxy's address: with TRUSTED_PROXIES naming it,
// the per-address limits count the client X-Forwarded-For names; without it, the header is ignored,
// so a client cannot escape a limit by sending one. Over real sockets (the peer is what is trusted).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DATABASE_PROVIDERS, type ServedTestApp, serveTestApp } from "../test/harness";

/** The admin login's per-address limit (services/system/rate-limit.ts RATE_LIMITS.adminLogin). */
const LOGIN_FAILURES_ALLOWED = 10;

async function failLogins(served: ServedTestApp, forwardedFor: string, times: number) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < times; attempt++) {
    const answer = await served.api.call("POST", "/admin/login", {
      body: { username: "admin", password: "wrong password here" },
      headers: { "x-forwarded-for": forwardedFor },
    });
    statuses.push(answer.status);
  }
  return statuses;
}

for (const provider of DATABASE_PROVIDERS) {
  describe(`client address behind a proxy (${provider})`, () => {
    let trusting: ServedTestApp;
    let direct: ServedTestApp;
    beforeAll(async () => {
      trusting = await serveTestApp(provider, { overrides: { trustedProxies: ["loopback"] } });
      direct = await serveTestApp(provider);
    });
    afterAll(async () => {
      await trusting.stop();
      await direct.stop();
    });

    test("behind a trusted proxy each forwarded client has its own login limit", async () => {
      const first = await failLogins(trusting, "203.0.113.7", LOGIN_FAILURES_ALLOWED + 1);
      expect(first.at(-1)).toBe(429);
      // Another client behind the same proxy is not locked out by the first one.
      expect(await failLogins(trusting, "203.0.113.8", 1)).toEqual([401]);
    });

    test("the forwarded address is the nearest one the proxy did not add itself, as sessions show it", async () => {
      const login = await trusting.api.call("POST", "/admin/login", {
        body: { username: "admin", password: "test-admin-password-123" },
        // The client wrote the first entry itself; the trusted proxy appended the address it saw.
        headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.20" },
      });
      expect(login.status).toBe(200);
      const sessions = await trusting.api.call("GET", "/admin/sessions", {
        auth: trusting.admin,
        procedure: "security.sessions",
      });
      const addresses = (sessions.body.data as { ip_address: string | null }[]).map((session) => session.ip_address);
      expect(addresses).toContain("203.0.113.20");
      expect(addresses).not.toContain("198.51.100.1");
    });

    test("without TRUSTED_PROXIES the header is ignored: a client cannot pick its address", async () => {
      const statuses = await failLogins(direct, "203.0.113.7", LOGIN_FAILURES_ALLOWED + 1);
      expect(statuses.at(-1)).toBe(429);
      expect(await failLogins(direct, "203.0.113.99", 1)).toEqual([429]);
      const sessions = await direct.api.call("GET", "/admin/sessions", {
        auth: direct.admin,
        procedure: "security.sessions",
      });
      const addresses = (sessions.body.data as { ip_address: string | null }[]).map((session) => session.ip_address);
      expect(addresses.every((address) => address === "127.0.0.1")).toBe(true);
    });
  });
}
