// The REST route table, generated from the router's procedure metas plus the declared raw routes, so
// that no route is written twice (docs/architecture.md #4). Used by the adapter and the OpenAPI document.
import type { AnyProcedure, AnyRouter, TRPCProcedureType } from "@trpc/server";
import type { z } from "zod";
import type { HttpMethod, ProcedureMeta, RestMeta } from "../trpc";
import type { RawRoute } from "./raw-route";

type Matcher = { pattern: RegExp; paramNames: string[] };

export type ProcedureRoute = Matcher & {
  kind: "procedure";
  method: HttpMethod;
  path: string;
  /** Dotted tRPC path, e.g. "pastes.create". */
  procedurePath: string;
  /** The operation's id in the OpenAPI document: the procedure path, with the route's variant if any. */
  operationId: string;
  /** The router the procedure is called through (callTRPCProcedure). */
  router: AnyRouter;
  type: TRPCProcedureType;
  meta: RestMeta;
  access: ProcedureMeta["access"];
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
};

export type RawRouteEntry = Matcher & { kind: "raw"; method: HttpMethod; path: string; route: RawRoute };

export type RestRoute = ProcedureRoute | RawRouteEntry;

export type RouteMatch =
  | { kind: "found"; route: RestRoute; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: HttpMethod[] }
  | { kind: "not-found" };

function compilePath(path: string): Matcher {
  const paramNames: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      paramNames.push(param[1]);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}/?$`), paramNames };
}

export function buildRouteTable(router: AnyRouter, rawRoutes: RawRoute[]): RestRoute[] {
  const routes: RestRoute[] = [];
  // The router's flat map of procedures by dotted path, as trpc-to-openapi reads it: tRPC has no
  // other way to list them. A procedure types its meta as unknown (it is the router's ProcedureMeta)
  // and keeps its output parser untyped.
  const procedures: Record<string, AnyProcedure> = router._def.procedures;
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const definition = procedure._def;
    const meta = definition.meta as ProcedureMeta | undefined;
    if (!meta?.rest) continue;
    if (definition.inputs.length > 1) throw new Error(`${procedurePath}: REST procedures take one input schema`);
    const output = "output" in definition ? definition.output : undefined;
    for (const rest of [meta.rest].flat()) {
      routes.push({
        kind: "procedure",
        method: rest.method,
        path: rest.path,
        procedurePath,
        operationId: rest.variant ? withVariant(procedurePath, rest.variant) : procedurePath,
        router,
        type: definition.type,
        meta: rest,
        access: rest.access ?? meta.access,
        input: definition.inputs[0] as z.ZodType | undefined,
        output: output as z.ZodType | undefined,
        ...compilePath(rest.path),
      });
    }
  }
  for (const route of rawRoutes) {
    routes.push({ kind: "raw", method: route.method, path: route.path, route, ...compilePath(route.path) });
  }
  assertNoDuplicates(routes);
  // Literal segments win over parameters: "/paste/batch" before "/paste/{slug}".
  return routes.sort((a, b) => a.paramNames.length - b.paramNames.length);
}

/** "pastes.list" with variant "admin" -> "pastes.admin.list". */
function withVariant(procedurePath: string, variant: string): string {
  const last = procedurePath.lastIndexOf(".");
  return `${procedurePath.slice(0, last + 1)}${variant}.${procedurePath.slice(last + 1)}`;
}

function assertNoDuplicates(routes: RestRoute[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path.replace(/\{\w+\}/g, "{}")}`;
    if (seen.has(key)) throw new Error(`Duplicate REST route ${key}`);
    seen.add(key);
  }
}

function decodeParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function firstSegment(path: string): string {
  const end = path.indexOf("/", 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/**
 * The routes that can match a path, by its first segment, in table order: a request is tried against
 * a handful of patterns instead of all 120 (the scan was ~7% of a paste view's CPU time).
 */
function routeIndex(routes: RestRoute[]) {
  const startsWithParam = (route: RestRoute) => route.path.startsWith("/{");
  const anySegment = routes.filter(startsWithParam);
  const bySegment = new Map<string, RestRoute[]>();
  for (const segment of new Set(routes.filter((route) => !startsWithParam(route)).map((r) => firstSegment(r.path)))) {
    bySegment.set(
      segment,
      routes.filter((route) => startsWithParam(route) || firstSegment(route.path) === segment),
    );
  }
  return (path: string) => bySegment.get(firstSegment(path)) ?? anySegment;
}

const routeIndexes = new WeakMap<RestRoute[], ReturnType<typeof routeIndex>>();

export function matchRoute(routes: RestRoute[], method: string, path: string): RouteMatch {
  let candidates = routeIndexes.get(routes);
  if (!candidates) {
    candidates = routeIndex(routes);
    routeIndexes.set(routes, candidates);
  }
  const allowed = new Set<HttpMethod>();
  // HEAD is answered by the GET route, without a body.
  const wanted = method === "HEAD" ? "GET" : method;
  for (const route of candidates(path)) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== wanted) {
      allowed.add(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of route.paramNames.entries()) {
      const decoded = decodeParam(match[index + 1] ?? "");
      // Broken percent-encoding (a lone %, bytes that are not UTF-8) names nothing that exists.
      if (decoded === null) return { kind: "not-found" };
      params[name] = decoded;
    }
    return { kind: "found", route, params };
  }
  return allowed.size > 0 ? { kind: "method-not-allowed", allowed: [...allowed] } : { kind: "not-found" };
}
