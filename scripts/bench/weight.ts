// Benchmark: page weight (docs/performance.md, Page weight). Loads each main route cold in Chromium against the real server
// serving an already built client (it builds nothing: run `bun run build` first) and prints the
// compressed bytes each one downloads, JS, CSS and everything, against the budgets. The per-route
// figures are taken with the service worker blocked; one more figure is what an anonymous visitor of
// one paste link downloads in the first 8 s with the service worker on (the page, plus the worker's
// install and precache). Bytes are response bodies as sent (after compression); the response
// headers' bytes are a column of their own.
// Run: bun run bench weight
// WEIGHT_CLIENT_DIR=<dir> measures another build (default dist/client); WEIGHT_BASELINE_DIR=<dir>
// measures a second build in the same run and prints both side by side (before/after).
// WEIGHT_FILES=1 also lists each route's files with their sizes (to see what a budget is spent on).
// WEIGHT_REPORT=<file> also writes each budget as a JUnit test case (passed when met): the test
// command (scripts/test/run.ts) counts them with the suites.
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN_PASSWORD, signInAsAdmin } from "../../client/e2e/kit/harness";
import { adminAuthorization, REPO_ROOT, type ServerProcess, startServerProcess } from "../test/server-process";

const KIB = 1024;
/** How long the anonymous visitor with the service worker on is watched. */
const VISITOR_WINDOW_MS = 8_000;
/** A route counts as loaded once the network has been quiet this long after its main element showed. */
const QUIET_MS = 1_000;

const MARKDOWN_PASTE = `# Release notes

Some **bold** text, a [link](https://example.com), and a list:

- one
- two with \`inline code\`

| column | value |
|---|---|
| a | 1 |

\`\`\`ts
export function add(a: number, b: number): number {
  return a + b;
}
\`\`\`
`;

type Budgets = { js?: number; all?: number };
type RouteCase = {
  name: string;
  path: string;
  /** Shown once the route has rendered its content. */
  ready: string;
  signedIn: boolean;
  budget: Budgets;
};
type Weight = {
  js: number;
  css: number;
  all: number;
  /** Response header bytes, as received. */
  headers: number;
  requests: number;
  files: { path: string; size: number }[];
};

function emptyWeight(): Weight {
  return { js: 0, css: 0, all: 0, headers: 0, requests: 0, files: [] };
}

/** Records every finished network request of the context (the page's and its service worker's). */
function meter(context: BrowserContext) {
  const finished: Promise<{ at: number; path: string; size: number; headers: number } | null>[] = [];
  let lastActivity = Date.now();
  let inFlight = 0;
  context.on("request", () => {
    inFlight++;
    lastActivity = Date.now();
  });
  context.on("requestfailed", () => {
    inFlight--;
    lastActivity = Date.now();
  });
  context.on("requestfinished", (request) => {
    inFlight--;
    lastActivity = Date.now();
    const at = lastActivity;
    finished.push(
      (async () => {
        const response = await request.response();
        // Answered by the service worker: no network; the worker's own fetch is counted apart.
        if (!response || response.fromServiceWorker()) return null;
        // A response the browser's HTTP cache answered (the worker's precache fetching what the page
        // already loaded) reports its encoded length minus its headers, below zero: it cost nothing.
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        const size = Math.max(0, responseBodySize);
        return { at, path: new URL(request.url()).pathname, size, headers: Math.max(0, responseHeadersSize) };
      })(),
    );
  });
  return {
    /** Waits until the network has been quiet for QUIET_MS. */
    async settle() {
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await Bun.sleep(100);
    },
    /** The bytes of the requests that finished before `until` (epoch ms). */
    async weight(until = Number.POSITIVE_INFINITY): Promise<Weight> {
      const weight = emptyWeight();
      for (const entry of await Promise.all(finished)) {
        if (!entry || entry.at > until) continue;
        weight.requests++;
        weight.all += entry.size;
        weight.headers += entry.headers;
        weight.files.push({ path: entry.path, size: entry.size });
        if (entry.path.endsWith(".js")) weight.js += entry.size;
        else if (entry.path.endsWith(".css")) weight.css += entry.size;
      }
      return weight;
    },
  };
}

async function newContext(browser: Browser, serviceWorkers: "allow" | "block") {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", serviceWorkers });
}

async function measureRoute(browser: Browser, server: ServerProcess, route: RouteCase): Promise<Weight> {
  const context = await newContext(browser, "block");
  // The app's own sign-in: a session cookie (the page keeps no token of its own).
  if (route.signedIn) await signInAsAdmin(context, server);
  const metered = meter(context);
  const page: Page = await context.newPage();
  try {
    await page.goto(`${server.baseUrl}${route.path}`);
    await page.locator(route.ready).first().waitFor({ timeout: 30_000 });
    await metered.settle();
    return await metered.weight();
  } finally {
    await context.close();
  }
}

/** An anonymous visitor opens one paste link with the service worker allowed; 8 s from the start. */
async function measureVisitor(browser: Browser, baseUrl: string, path: string): Promise<Weight> {
  const context = await newContext(browser, "allow");
  const metered = meter(context);
  const page = await context.newPage();
  try {
    const started = Date.now();
    await page.goto(`${baseUrl}${path}`);
    await Bun.sleep(Math.max(0, VISITOR_WINDOW_MS - (Date.now() - started)));
    // Only what finished inside the window: requests still running then are left out.
    return await metered.weight(started + VISITOR_WINDOW_MS);
  } finally {
    await context.close();
  }
}

async function seed(baseUrl: string, authorization: string) {
  const post = async (path: string, body: BodyInit, json: boolean) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { authorization, ...(json ? { "content-type": "application/json" } : {}) },
      body,
    });
    if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { slug: string } }).data.slug;
  };
  const markdown = await post("/api/paste", JSON.stringify({ content: MARKDOWN_PASTE, format: "markdown" }), true);
  const plain = await post("/api/paste", JSON.stringify({ content: "Just some plain text.\n", format: "text" }), true);
  const form = new FormData();
  form.append("file", new File(["export const answer = 42;\n"], "answer.ts", { type: "text/typescript" }));
  const file = await post("/api/upload", form, false);
  return { markdown, plain, file };
}

function routeCases(slugs: { markdown: string; plain: string; file: string }): RouteCase[] {
  return [
    {
      name: "Paste link (Markdown)",
      path: `/paste/${slugs.markdown}`,
      ready: "[data-testid=markdown-body]",
      signedIn: false,
      budget: { js: 120 * KIB },
    },
    {
      name: "Paste link (plain text)",
      path: `/paste/${slugs.plain}`,
      ready: "[data-testid=plain-body]",
      signedIn: false,
      budget: {},
    },
    {
      name: "File link",
      path: `/file/${slugs.file}`,
      ready: "[data-testid=file-document]",
      signedIn: false,
      // A budget of our own, not one of the product's, so that the file link (147 KiB since it reads REST like the paste
      // link) does not drift back towards the 229 KiB it loaded with the tRPC client.
      budget: { js: 160 * KIB },
    },
    { name: "Home (editor)", path: "/", ready: "h1", signedIn: true, budget: { js: 200 * KIB } },
    { name: "Upload", path: "/upload", ready: "[data-testid^=tab-]", signedIn: true, budget: { js: 160 * KIB } },
    { name: "Mount explorer", path: "/mount-explorer", ready: "h1", signedIn: true, budget: {} },
    { name: "Admin login", path: "/admin", ready: "input[type=password]", signedIn: false, budget: {} },
    { name: "Admin dashboard", path: "/admin/dashboard", ready: ".recharts-wrapper, h1", signedIn: true, budget: {} },
  ];
}

type BuildFigures = { routes: Weight[]; visitor: Weight };

async function measureBuild(
  browser: Browser,
  clientDir: string,
): Promise<{ cases: RouteCase[]; figures: BuildFigures }> {
  const server: ServerProcess = await startServerProcess({
    env: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, CLIENT_DIR: clientDir },
  });
  try {
    const authorization = await adminAuthorization(server.baseUrl, E2E_ADMIN_PASSWORD);
    const cases = routeCases(await seed(server.baseUrl, authorization));
    const routes: Weight[] = [];
    for (const route of cases) routes.push(await measureRoute(browser, server, route));
    const visitor = await measureVisitor(browser, server.baseUrl, cases[0]?.path ?? "/");
    return { cases, figures: { routes, visitor } };
  } finally {
    await server.stop();
  }
}

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)}`;
function verdict(value: number, budget: number | undefined): string {
  if (budget === undefined) return "";
  return `${value <= budget ? "ok" : "OVER"} (<= ${budget / KIB})`;
}

function checkBuilt(dir: string): string {
  const absolute = resolve(REPO_ROOT, dir);
  if (!existsSync(join(absolute, "index.html"))) {
    throw new Error(`${absolute}/index.html is missing: build the client first (bun run build)`);
  }
  return absolute;
}

/** One budget checked: what it measures, the bytes measured and the limit. */
export type BudgetCheck = { name: string; bytes: number; budget: number };

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The budgets as a JUnit report: one test case per budget, failed when the bytes exceed it. */
export function budgetJunitReport(checks: readonly BudgetCheck[]): string {
  const cases = checks.map((check) => {
    const name = escapeXml(`${check.name}: ${kib(check.bytes)} KiB <= ${kib(check.budget)} KiB`);
    const failure =
      check.bytes > check.budget
        ? `<failure message="${escapeXml(`over budget by ${kib(check.bytes - check.budget)} KiB`)}"/>`
        : "";
    return `    <testcase classname="page weight" name="${name}" file="scripts/bench/weight.ts">${failure}</testcase>`;
  });
  const failures = checks.filter((check) => check.bytes > check.budget).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites><testsuite name="page weight" tests="${checks.length}" failures="${failures}">`,
    ...cases,
    "</testsuite></testsuites>",
    "",
  ].join("\n");
}

async function main() {
  const clientDir = checkBuilt(process.env.WEIGHT_CLIENT_DIR ?? "dist/client");
  const baselineDir = process.env.WEIGHT_BASELINE_DIR ? checkBuilt(process.env.WEIGHT_BASELINE_DIR) : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const baseline = baselineDir ? await measureBuild(browser, baselineDir) : null;
    const { cases, figures } = await measureBuild(browser, clientDir);
    const visitorBudget = 400 * KIB;

    console.log(`\nPage weight, compressed KiB per route, cold load in Chromium (service worker blocked):`);
    console.log(`build: ${clientDir}${baseline ? `  (before: ${baselineDir})` : ""}\n`);
    const before = (text: string) => (baseline ? `${text} | ` : "");
    console.log(
      `| route | ${before("JS before")}JS | CSS | all | ${before("headers before")}headers | requests | JS budget |`,
    );
    console.log(`|---|${baseline ? "---:|" : ""}---:|---:|---:|${baseline ? "---:|" : ""}---:|---:|---|`);
    cases.forEach((route, index) => {
      const weight = figures.routes[index] ?? emptyWeight();
      const old = baseline?.figures.routes[index];
      console.log(
        `| ${route.name} | ${before(kib(old?.js ?? 0))}${kib(weight.js)} | ${kib(weight.css)} | ${kib(weight.all)} | ${before(kib(old?.headers ?? 0))}${kib(weight.headers)} | ${weight.requests} | ${verdict(weight.js, route.budget.js)} |`,
      );
    });
    const visitor = figures.visitor;
    if (process.env.WEIGHT_FILES) {
      const lists = [
        ...cases.map((route, index) => ({ name: route.name, weight: figures.routes[index] })),
        { name: "Visitor (service worker on)", weight: visitor },
      ];
      for (const { name, weight } of lists) {
        const files = [...(weight?.files ?? [])].sort((a, b) => b.size - a.size);
        console.log(`\n${name}: ${files.map((file) => `${file.path} ${kib(file.size)}`).join(", ")}`);
      }
    }
    console.log(
      `\nAnonymous visitor of one Markdown paste link, first ${VISITOR_WINDOW_MS / 1000} s, service worker on:` +
        `${baseline ? ` before ${kib(baseline.figures.visitor.all)} KiB (${baseline.figures.visitor.requests} requests, headers ${kib(baseline.figures.visitor.headers)}),` : ""}` +
        ` ${kib(visitor.all)} KiB (${visitor.requests} requests; JS ${kib(visitor.js)}, CSS ${kib(visitor.css)}, headers ${kib(visitor.headers)})` +
        ` ${verdict(visitor.all, visitorBudget)}`,
    );
    const checks: BudgetCheck[] = [
      ...cases.flatMap((route, index) =>
        route.budget.js === undefined
          ? []
          : [{ name: `${route.name} (JS)`, bytes: figures.routes[index]?.js ?? 0, budget: route.budget.js }],
      ),
      { name: "Anonymous visitor, first 8 s (all)", bytes: visitor.all, budget: visitorBudget },
    ];
    if (process.env.WEIGHT_REPORT) writeFileSync(process.env.WEIGHT_REPORT, budgetJunitReport(checks));
    const over = checks.filter((check) => check.bytes > check.budget);
    if (over.length > 0) {
      console.log(`\nOver budget: ${over.map((check) => check.name).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await main();
