// Prometheus metrics for GET /metrics (docs/deploy.md, "Metrics"), made with prom-client. Off unless
// METRICS_TOKEN is set: then prom-client is loaded (an idle server without metrics does not carry it,
// docs/decisions/0013-idle-without-prisma.md) and the route answers the bearer of that token only.
// What is measured is what an operator graphs or alerts on: requests by route group and status with
// their latency, counted views, upload bytes and uploads in flight, live clipboard connections,
// storage failures answered, server faults by cause (the database or other), scheduled job runs by
// result, server tasks by status, and the process's memory and event-loop lag (prom-client's defaults).
import type { ReadConnection } from "../../db/read-connection";
import type { ViewCounter } from "../../db/view-counter/view-counter";
import type { FaultCause } from "../../errors";
import type { JobLedger } from "../jobs/ledger";

export type Metrics = {
  /** Called when a request starts; the returned function when its answer is ready. */
  startRequest(request: Request, pathname: string): (status: number, fault?: FaultCause) => void;
  /** The view counter, counting what it counts. */
  countingViews(counter: ViewCounter): ViewCounter;
  /** The scheduler's ledger, counting the runs it records as finished. */
  countingJobRuns(ledger: JobLedger): JobLedger;
  /** GET /metrics: 404 when metrics are off, 401 without the token, else the text format. */
  answer(request: Request): Promise<Response>;
};

/** Metrics that cost nothing: the server without METRICS_TOKEN. */
export const METRICS_OFF: Metrics = {
  startRequest: () => () => {},
  countingViews: (counter) => counter,
  countingJobRuns: (ledger) => ledger,
  answer: async () => new Response("Not found", { status: 404 }),
};

/** The route group a request counts under: a bounded set, whatever paths callers send. */
export function routeGroup(pathname: string): string {
  if (pathname === "/metrics") return "metrics";
  const [first = "", second = ""] = pathname.split("/").slice(1, 3);
  if (first === "trpc") return "trpc";
  if (first === "dav") return "dav";
  if (first !== "api") return "static";
  // The API's first segment names its domain (/api/paste/{slug}, /api/fs/list, /api/admin/...).
  return /^[a-z][a-z-]{0,30}$/.test(second) ? `api/${second}` : "api/other";
}

/** Requests whose body is a file on its way to storage. */
function isUpload(method: string, pathname: string): boolean {
  if (method === "PUT" && pathname.startsWith("/dav/")) return true;
  return (method === "POST" || method === "PUT") && /^\/api\/(upload|fs\/upload|s3\/multipart)/.test(pathname);
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

type Sample = { metricName?: string; labels: Record<string, string>; value: number };

/** A metric whose samples are read from the server's own tallies when Prometheus scrapes. */
function scrapedMetric(name: string, help: string, type: "counter" | "histogram", samples: () => Sample[]) {
  const metric = { name, help, type, aggregator: "sum" as const, get: () => ({ ...metric, values: samples() }) };
  // The registry reads any object with this shape (prom-client's own metrics have the same get()).
  return metric as unknown as Parameters<import("prom-client").Registry["registerMetric"]>[0];
}

/** Storage errors reach the caller as 502 (the store refused), 503 (unreachable) or 507 (full). */
const STORAGE_FAILURE = new Set([502, 503, 507]);

export async function createMetrics(
  token: string | undefined,
  sources: { clipboardConnections(): number; reads: Pick<ReadConnection, "taskCounts"> },
): Promise<Metrics> {
  if (!token) return METRICS_OFF;
  const client = await import("prom-client");
  const register = new client.Registry();
  // The event-loop lag is sampled every 100 ms, not prom-client's default 10: at 10 ms its timer alone
  // cost 6 ms of CPU a second on an idle server here (2 at 100 ms), while a scrape every 15 s or more
  // reads its percentiles just as well.
  client.collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 100 });
  const views = new client.Counter({
    name: "pastebox_counted_views_total",
    help: "Paste views counted",
    registers: [register],
  });
  const uploadBytes = new client.Counter({
    name: "pastebox_upload_bytes_total",
    help: "Bytes of uploads answered with success (their stated Content-Length; multipart forms include the form's framing)",
    registers: [register],
  });
  const activeUploads = new client.Gauge({
    name: "pastebox_uploads_in_flight",
    help: "Uploads being received now",
    registers: [register],
  });
  const storageFailures = new client.Counter({
    name: "pastebox_storage_failures_total",
    help: "Answers 502, 503 or 507: a storage refused, could not be reached, or is full",
    labelNames: ["group"] as const,
    registers: [register],
  });
  new client.Gauge({
    name: "pastebox_clipboard_connections",
    help: "Live clipboard WebSocket connections open in this process",
    registers: [register],
    collect() {
      this.set(sources.clipboardConnections());
    },
  });
  const serverFaults = new client.Counter({
    name: "pastebox_server_faults_total",
    help: "Answers >= 500 caused by a fault of the server's own, by route group and cause (database or other)",
    labelNames: ["group", "cause"] as const,
    registers: [register],
  });
  const jobRuns = new client.Counter({
    name: "pastebox_job_runs_total",
    help: "Scheduled job runs finished in this process (sweeps, checks, crawls, backups), by job and result",
    labelNames: ["job", "status"] as const,
    registers: [register],
  });
  const jobDuration = new client.Histogram({
    name: "pastebox_job_run_duration_seconds",
    help: "How long scheduled job runs took, by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600, 3600],
    registers: [register],
  });
  new client.Gauge({
    name: "pastebox_tasks",
    help: "Server tasks (copy, move, delete) in the database, by status",
    labelNames: ["status"] as const,
    registers: [register],
    async collect() {
      this.reset();
      for (const { status, count } of await sources.reads.taskCounts()) this.set({ status }, Number(count));
    },
  });
  const expected = new TextEncoder().encode(`Bearer ${token}`);
  // Requests are tallied in plain maps and handed to prom-client only when scraped: prom-client hashes
  // a label set on every inc() and observe() (9 us a request here), more than 5% of a counted view's
  // CPU; a map lookup and a few increments cost well under a microsecond.
  const answers = new Map<string, { labels: Record<string, string>; count: number }>();
  const latencies = new Map<string, { buckets: number[]; sum: number; count: number }>();
  register.registerMetric(
    scrapedMetric(
      "pastebox_http_requests_total",
      "HTTP requests answered, by route group, method and status",
      "counter",
      () => [...answers.values()].map((answer) => ({ labels: answer.labels, value: answer.count })),
    ),
  );
  register.registerMetric(
    scrapedMetric(
      "pastebox_http_request_duration_seconds",
      "Time to the answer's head, by route group",
      "histogram",
      () =>
        [...latencies.entries()].flatMap(([group, tally]) => [
          ...LATENCY_BUCKETS.map((le, i) => ({
            metricName: "pastebox_http_request_duration_seconds_bucket",
            labels: { group, le: String(le) },
            value: tally.buckets[i] ?? 0,
          })),
          {
            metricName: "pastebox_http_request_duration_seconds_bucket",
            labels: { group, le: "+Inf" },
            value: tally.count,
          },
          { metricName: "pastebox_http_request_duration_seconds_sum", labels: { group }, value: tally.sum },
          { metricName: "pastebox_http_request_duration_seconds_count", labels: { group }, value: tally.count },
        ]),
    ),
  );
  const tallyAnswer = (group: string, method: string, status: number, seconds: number) => {
    const key = `${group} ${method} ${status}`;
    const answer = answers.get(key);
    if (answer) answer.count += 1;
    else answers.set(key, { labels: { group, method, status: String(status) }, count: 1 });
    let latency = latencies.get(group);
    if (!latency) {
      latency = { buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
      latencies.set(group, latency);
    }
    // Cumulative buckets, as Prometheus reads them.
    for (let i = LATENCY_BUCKETS.length - 1; i >= 0 && seconds <= (LATENCY_BUCKETS[i] as number); i--) {
      latency.buckets[i] = (latency.buckets[i] ?? 0) + 1;
    }
    latency.sum += seconds;
    latency.count += 1;
  };

  return {
    startRequest(request, pathname) {
      const started = performance.now();
      const { method } = request;
      const group = routeGroup(pathname);
      const upload = isUpload(method, pathname);
      if (upload) activeUploads.inc();
      return (status, fault) => {
        tallyAnswer(group, method, status, (performance.now() - started) / 1000);
        if (STORAGE_FAILURE.has(status)) storageFailures.inc({ group });
        if (fault) serverFaults.inc({ group, cause: fault });
        if (!upload) return;
        activeUploads.dec();
        // The stated length of an upload that succeeded (a body of unknown length is not counted).
        const length = Number(request.headers.get("content-length"));
        if (status >= 200 && status < 300 && length > 0) uploadBytes.inc(length);
      };
    },
    countingViews(counter) {
      return {
        ...counter,
        async count(slug, now, options) {
          const counted = await counter.count(slug, now, options);
          if (counted) views.inc();
          return counted;
        },
      };
    },
    countingJobRuns(ledger) {
      return {
        ...ledger,
        async finishRun(id, job, end) {
          await ledger.finishRun(id, job, end);
          jobRuns.inc({ job, status: end.status });
          jobDuration.observe({ job }, end.durationMs / 1000);
        },
      };
    },
    async answer(request) {
      const given = new TextEncoder().encode(request.headers.get("authorization") ?? "");
      // Compared in constant time, like every other secret the server checks.
      const { timingSafeEqual } = await import("node:crypto");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return new Response("Unauthorized", { status: 401, headers: { "WWW-Authenticate": "Bearer" } });
      }
      return new Response(await register.metrics(), { headers: { "Content-Type": register.contentType } });
    },
  };
}
