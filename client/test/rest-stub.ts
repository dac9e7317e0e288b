// For the client's unit tests: answers the two public REST routes the admin screens read with plain
// fetch (GET /api/version and GET /api/health) with answers a test can change (trpc-msw.ts answers
// them too, but always healthy). Installed after msw patched fetch, every other request goes on to msw.
import { afterAll, beforeAll } from "bun:test";

export type RestAnswers = {
  version: { status: number; body: unknown };
  health: { status: number; body: unknown };
};

export const HEALTHY = {
  status: 200,
  body: { status: "ok", version: "0.6.8", database: "ok", provider: "sqlite", uptime_seconds: 7_500 },
};

export const VERSION = {
  status: 200,
  body: {
    code: 200,
    message: "OK",
    success: true,
    data: {
      version: "0.6.8",
      app_version: "0.6.8",
      name: "Pastebox",
      runtime: "bun 1.4.5",
      database: "sqlite",
      schema_level: "20261125023600_storage_usage",
    },
  },
};

export function stubRestRoutes() {
  const answers: RestAnswers = { version: VERSION, health: HEALTHY };
  const requested: string[] = [];
  let original: typeof fetch;
  let stub: typeof fetch | null = null;
  beforeAll(() => {
    original = globalThis.fetch;
    stub = ((input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(href, "http://localhost").pathname;
      const answer = path === "/api/version" ? answers.version : path === "/api/health" ? answers.health : null;
      if (!answer) return original(input, init);
      requested.push(path);
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { "Content-Type": "application/json" },
        }),
      );
    }) as typeof fetch;
    globalThis.fetch = stub;
  });
  afterAll(() => {
    // msw may already have put the runtime's own fetch back (its afterAll can run first): then the
    // fetch kept above is msw's closed interceptor and must not come back, or later test files
    // would send their requests past their own msw server.
    if (globalThis.fetch === stub) globalThis.fetch = original;
    stub = null;
  });
  return {
    requested,
    set(next: Partial<RestAnswers>) {
      Object.assign(answers, next);
    },
    reset() {
      answers.version = VERSION;
      answers.health = HEALTHY;
      requested.length = 0;
    },
  };
}
