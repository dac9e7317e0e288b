// Hostile-input fuzzer (issue "Hardening", item 2): reads /api/openapi.json and sends malformed
// requests to every REST operation — wrong types, missing and extra fields, huge strings, deep JSON,
// bad encodings, broken multipart bodies, bad Range headers — with and without credentials.
// A request passes when the answer is below 500 and, for a JSON 4xx, a well-formed envelope; the
// server must still be healthy at the end.
//   bun scripts/hardening/fuzz-api.ts            (starts its own server; FUZZ_REQUESTS=20000, FUZZ_SEED=1)
import { adminAuthorization, startServerProcess } from "../test/server-process";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema?: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  bodyType: string | null;
  bodySchema: JsonSchema | null;
};

export type FuzzFailure = { request: string; status: number; body: string };
export type FuzzReport = { sent: number; byStatus: Record<number, number>; failures: FuzzFailure[] };

/** A small seeded generator (mulberry32): the same seed replays the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

const NASTY_STRINGS = [
  "",
  " ",
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "/..\\..\\windows\\win.ini",
  "\u0000",
  "a\u0000b",
  "%00",
  "%ZZ",
  "%",
  "\ud800",
  "😀".repeat(50),
  "<script>alert(1)</script>",
  "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style payload, sent as written.
  "${jndi:ldap://x}",
  "x".repeat(70_000),
  "/".repeat(5000),
  "-1",
  "1e309",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "\r\nX-Injected: 1",
];
const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  [],
  [null],
  {},
  { $gt: "" },
  { __proto__: { polluted: true } },
  ...NASTY_STRINGS,
];

function deepJson(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

function typesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).flatMap(typesOf);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A plausible value for a schema: the fuzzer starts from it and breaks one thing at a time. */
function sampleOf(schema: JsonSchema | undefined, rng: Random, depth = 0): unknown {
  if (!schema || depth > 4) return "x";
  if (schema.enum?.length) return rng.pick(schema.enum);
  const type = typesOf(schema).find((candidate) => candidate !== "null") ?? "string";
  switch (type) {
    case "integer":
    case "number":
      return rng.int(100);
    case "boolean":
      return rng.next() < 0.5;
    case "array":
      return [sampleOf(schema.items, rng, depth + 1)];
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = sampleOf(property, rng, depth + 1);
      }
      return value;
    }
    default:
      return rng.pick(["sample", "/docs/readme.md", "abc123", "hello world"]);
  }
}

function breakObject(valid: unknown, rng: Random): unknown {
  if (typeof valid !== "object" || valid === null || Array.isArray(valid)) return rng.pick(NASTY_VALUES);
  const copy: Record<string, unknown> = { ...(valid as Record<string, unknown>) };
  const keys = Object.keys(copy);
  switch (rng.int(5)) {
    case 0: // a field of the wrong type or a hostile value
      if (keys.length) copy[rng.pick(keys)] = rng.pick(NASTY_VALUES);
      return copy;
    case 1: // a missing field
      if (keys.length) delete copy[rng.pick(keys)];
      return copy;
    case 2: // extra fields
      copy[rng.pick(NASTY_STRINGS).slice(0, 100) || "extra"] = rng.pick(NASTY_VALUES);
      // Own "__proto__" and "constructor" keys, as JSON.parse makes them: prototype pollution attempts.
      Object.assign(copy, JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'));
      return copy;
    case 3: // everything hostile
      for (const key of keys) copy[key] = rng.pick(NASTY_VALUES);
      return copy;
    default: // nested garbage
      if (keys.length) copy[rng.pick(keys)] = JSON.parse(deepJson(200));
      return copy;
  }
}

function jsonBody(operation: Operation, rng: Random): { body: BodyInit; contentType: string } {
  const valid = sampleOf(operation.bodySchema ?? undefined, rng);
  switch (rng.int(10)) {
    case 0:
      return { body: "{ not json", contentType: "application/json" };
    case 1:
      return { body: deepJson(5000 + rng.int(50_000)), contentType: "application/json" };
    case 2:
      return {
        body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc3, 0x28, 0x7d]),
        contentType: "application/json",
      };
    case 3:
      return {
        body: JSON.stringify(valid),
        contentType: rng.pick(["text/plain", "application/xml", "multipart/form-data"]),
      };
    case 4:
      return { body: JSON.stringify({ huge: "y".repeat(2_000_000) }), contentType: "application/json" };
    case 5:
      return { body: "", contentType: "application/json" };
    default:
      return { body: JSON.stringify(breakObject(valid, rng)), contentType: "application/json; charset=utf-8" };
  }
}

function multipartBody(rng: Random): { body: BodyInit; contentType: string } {
  const boundary = `fuzz${rng.int(1e9)}`;
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${rng.pick(NASTY_STRINGS).slice(0, 300)}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="${rng.pick(["path", "slug", "expires_in", "max_views", "size", "use_multipart", "s3_config_id"])}"\r\n\r\n${rng.pick(NASTY_STRINGS).slice(0, 1000)}\r\n`;
  const variants: { body: BodyInit; contentType: string }[] = [
    { body: `${file}`, contentType: `multipart/form-data; boundary=${boundary}` }, // no closing boundary
    { body: `${file}${field}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }, // field after file
    { body: `${field}${file}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` },
    { body: `${field}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }, // no file
    { body: "garbage without structure", contentType: "multipart/form-data" }, // no boundary
    { body: `${file}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=other` }, // wrong boundary
    {
      body: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { body: "x".repeat(10_000), contentType: "application/octet-stream" },
  ];
  return rng.pick(variants);
}

/** A hostile string for a URL: percent-encoded, sometimes left half-decoded or as bytes that are not UTF-8. */
function pathValue(rng: Random): string {
  const raw = rng.pick(NASTY_STRINGS).slice(0, 3000);
  if (/[\ud800-\udfff]/.test(raw)) return "%ED%A0%80%C3%28";
  return encodeURIComponent(raw).replace(/%25/g, rng.next() < 0.5 ? "%" : "%25");
}

function buildRequest(baseUrl: string, operation: Operation, rng: Random, authorization: string | null): Request {
  let path = operation.path.replace(/\{[^}]+\}/g, () => (rng.next() < 0.2 ? "valid-looking-id" : pathValue(rng)));
  if (rng.next() < 0.05) path += rng.pick(["/extra", "//", "/%2e%2e/", "?%zz=1"]);
  const query: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
    if (rng.next() < 0.25) continue; // a missing parameter, required or not
    const value = rng.next() < 0.6 ? pathValue(rng) : encodeURIComponent(String(sampleOf(parameter.schema, rng)));
    query.push(`${encodeURIComponent(parameter.name)}=${value}`);
    if (rng.next() < 0.1) query.push(`${encodeURIComponent(parameter.name)}=${value}`); // repeated
  }
  if (rng.next() < 0.1) query.push(`${pathValue(rng)}=${pathValue(rng)}`);
  const url = `${baseUrl}/api${path}${query.length ? `?${query.join("&")}` : ""}`;
  const headers = new Headers();
  if (authorization) headers.set("authorization", authorization);
  if (rng.next() < 0.3)
    headers.set(
      "range",
      rng.pick([
        "bytes=",
        "bytes=9-1",
        "bytes=-0",
        "bytes=a-b",
        "bytes=0-1,2-3,4-5",
        "items=0-1",
        `bytes=${"9".repeat(40)}-`,
      ]),
    );
  if (rng.next() < 0.1) headers.set("accept-language", rng.pick(["zh-CN", "xx", "*", "en;q=abc"]));
  let body: BodyInit | undefined;
  if (operation.method !== "GET" && operation.method !== "HEAD") {
    const made =
      operation.bodyType === "multipart/form-data"
        ? multipartBody(rng)
        : operation.bodyType === "application/octet-stream"
          ? { body: new Uint8Array(rng.int(70_000)), contentType: rng.pick(["application/octet-stream", "text/plain"]) }
          : jsonBody(operation, rng);
    body = made.body;
    headers.set("content-type", made.contentType);
  }
  return new Request(url, { method: operation.method, headers, body });
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      const bodyType = content ? (Object.keys(content)[0] ?? null) : null;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        bodyType,
        bodySchema: bodyType ? (content?.[bodyType]?.schema ?? null) : null,
      });
    }
  }
  return operations;
}

/** Operations that would end the fuzzer's own session, or change the admin login under it. */
const SESSION_ENDING = new Set(["POST /admin/logout", "POST /admin/change-password"]);

function isEnvelope(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === "number" && typeof record.message === "string" && record.success === false;
}

async function check(request: Request, report: FuzzReport): Promise<void> {
  const label = `${request.method} ${request.url.slice(0, 200)}`;
  let response: Response;
  try {
    response = await fetch(request, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    report.failures.push({ request: label, status: 0, body: String(error).slice(0, 300) });
    return;
  }
  report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
  const text = await response.text();
  if (response.status >= 500) {
    report.failures.push({ request: label, status: response.status, body: text.slice(0, 300) });
    return;
  }
  if (response.status >= 400 && (response.headers.get("content-type") ?? "").includes("application/json")) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {}
    if (!isEnvelope(parsed))
      report.failures.push({ request: label, status: response.status, body: text.slice(0, 300) });
  }
}

export async function fuzzApi(options: {
  baseUrl: string;
  credentials: (string | null)[];
  requests: number;
  seed: number;
  concurrency?: number;
}): Promise<FuzzReport> {
  const document = await (await fetch(`${options.baseUrl}/api/openapi.json`)).json();
  const operations = operationsOf(document);
  const rng = random(options.seed);
  const report: FuzzReport = { sent: 0, byStatus: {}, failures: [] };
  // Credentials in turn, each for an equal share: real credentials first, so rate limits that
  // bogus ones trigger later do not hide the authenticated code paths.
  const perCredential = Math.ceil(options.requests / options.credentials.length);
  for (const authorization of options.credentials) {
    const usable = operations.filter(
      (operation) => !(authorization && SESSION_ENDING.has(`${operation.method} ${operation.path}`)),
    );
    let index = 0;
    const worker = async () => {
      while (index < perCredential && report.sent < options.requests) {
        index += 1;
        report.sent += 1;
        await check(buildRequest(options.baseUrl, rng.pick(usable), rng, authorization), report);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 16 }, worker));
  }
  return report;
}

/** Creates an API key with every permission, so key-only routes are reached too. */
export async function createFullApiKey(baseUrl: string, admin: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/api-keys`, {
    method: "POST",
    headers: { authorization: admin, "content-type": "application/json" },
    body: JSON.stringify({ name: "fuzzer", text_permission: true, file_permission: true, mount_permission: true }),
  });
  const body = (await response.json()) as { data?: { key?: string } };
  if (!body.data?.key) throw new Error(`could not create an API key: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.key;
}

if (import.meta.main) {
  const password = "fuzz-admin-password-123";
  const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
  try {
    const admin = await adminAuthorization(server.baseUrl, password);
    const key = await createFullApiKey(server.baseUrl, admin);
    const started = performance.now();
    const report = await fuzzApi({
      baseUrl: server.baseUrl,
      credentials: [admin, `Bearer ${key}`, null, "Bearer not-a-real-token"],
      requests: Number(process.env.FUZZ_REQUESTS ?? 20_000),
      seed: Number(process.env.FUZZ_SEED ?? 1),
    });
    const healthy = server.isAlive() && (await fetch(`${server.baseUrl}/api/health`)).status === 200;
    if (!server.isAlive()) console.log(`THE SERVER DIED. Its last output:\n${server.output().slice(-3000)}`);
    console.log(`${report.sent} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`answers by status: ${JSON.stringify(report.byStatus)}`);
    console.log(`failures: ${report.failures.length}; server healthy at the end: ${healthy}`);
    for (const failure of report.failures.slice(0, 20))
      console.log(`  ${failure.status} ${failure.request}\n    ${failure.body}`);
    if (report.failures.length || !healthy) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
