// Brute force (issue "Hardening", item 7) against a real server process: admin login, API keys and
// share passwords (paste and file) are limited per client address (and share) as
// server/services/system/rate-limit.ts says; past the limit the answer is 429 with Retry-After and even the
// right secret is refused until the window ends (its end is simulated by moving the window's reset
// time into the past in the database: the windows are 15 minutes and not configurable). A burst of
// simultaneous guesses gets no more tries than the limit. Finally, a wrong user name and a wrong
// password take the same time to refuse (interleaved samples, medians and a rank test compared).
//   bun scripts/hardening/brute-force.ts      (BRUTE_TIMING_SAMPLES=200 per kind)
import { createDatabase } from "../../server/db/client";
import { RATE_LIMITS } from "../../server/services/system/rate-limit";
import { adminAuthorization, startServerProcess } from "../test/server-process";
import { callApi, callOk, median, patternBytes, tally, uploadFile } from "./kit";

export type LimitCheck = {
  name: string;
  limit: number;
  strictBurst: boolean;
  /** Statuses of the `limit` wrong attempts, then of one more wrong attempt. */
  wrong: Record<number, number>;
  extraWrongStatus: number;
  /** The right secret while limited: must be 429. */
  rightWhileLimited: number;
  retryAfterSeconds: number;
  /** The right secret once the window has ended: must succeed. */
  rightAfterWindow: number;
  /** A burst of simultaneous wrong guesses on a fresh window: how many were really checked. */
  burst: { sent: number; checked: number; limited: number; other: number };
};

export type TimingCheck = {
  samples: number;
  wrongUserMedianMs: number;
  wrongPasswordMedianMs: number;
  /** |difference of medians| / larger median. */
  relativeDifference: number;
  /** Mann-Whitney: probability that a wrong-user sample is slower than a wrong-password one (0.5 = same). */
  probabilitySlower: number;
  statuses: Record<number, number>;
};

export type BruteForceReport = { checks: LimitCheck[]; timing: TimingCheck; requests: number };

type Target = {
  name: string;
  limit: number;
  /**
   * Whether a burst must be held to the limit exactly. Login and share passwords reserve each attempt
   * before the (slow, Argon2) check; API keys are looked up by hash and counted after the lookup, so a
   * simultaneous burst can get more lookups than the limit (reported, not asserted).
   */
  strictBurst: boolean;
  attempt(secret: "wrong" | "right"): Promise<{ status: number; headers: Headers }>;
};

/** Ends every rate-limit window now, as if 15 minutes had passed (the database is the limiter's state). */
async function endWindows(databaseUrl: string) {
  const db = createDatabase(databaseUrl);
  try {
    await db.rateLimitBucket.updateMany({ data: { resetAt: new Date(Date.now() - 1000) } });
  } finally {
    await db.$disconnect();
  }
}

async function checkLimit(target: Target, databaseUrl: string, count: () => void): Promise<LimitCheck> {
  const statuses: number[] = [];
  for (let i = 0; i < target.limit; i++) {
    statuses.push((await target.attempt("wrong")).status);
    count();
  }
  const extra = await target.attempt("wrong");
  const right = await target.attempt("right");
  count();
  count();
  await endWindows(databaseUrl);
  const after = await target.attempt("right");
  count();
  // A fresh window (the right secret above cleared or refunded its attempt), then a burst at once.
  await endWindows(databaseUrl);
  const sent = target.limit * 4;
  const burst = await Promise.all(Array.from({ length: sent }, () => target.attempt("wrong")));
  for (let i = 0; i < sent; i++) count();
  const burstStatuses = burst.map((answer) => answer.status);
  await endWindows(databaseUrl);
  return {
    name: target.name,
    limit: target.limit,
    strictBurst: target.strictBurst,
    wrong: tally(statuses),
    extraWrongStatus: extra.status,
    rightWhileLimited: right.status,
    retryAfterSeconds: Number(right.headers.get("retry-after") ?? 0),
    rightAfterWindow: after.status,
    burst: {
      sent,
      checked: burstStatuses.filter((status) => status === 401).length,
      limited: burstStatuses.filter((status) => status === 429).length,
      other: burstStatuses.filter((status) => status !== 401 && status !== 429).length,
    },
  };
}

/** Mann-Whitney U as a probability: P(a > b) + P(a = b)/2 over every pair. */
function probabilityGreater(a: number[], b: number[]): number {
  const all = [...a.map((value) => ({ value, group: 0 })), ...b.map((value) => ({ value, group: 1 }))].sort(
    (x, y) => x.value - y.value,
  );
  // Ranks with ties averaged.
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.value === all[i]?.value) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  let rankSumA = 0;
  all.forEach((entry, index) => {
    if (entry.group === 0) rankSumA += ranks[index] ?? 0;
  });
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  return u / (a.length * b.length);
}

async function measureLoginTiming(baseUrl: string, password: string, samples: number, count: () => void) {
  const wrongUser: number[] = [];
  const wrongPassword: number[] = [];
  const statuses: number[] = [];
  const login = async (username: string, secret: string) => {
    const started = performance.now();
    const answer = await callApi(baseUrl, "POST", "/admin/login", { body: { username, password: secret } });
    count();
    return { status: answer.status, ms: performance.now() - started };
  };
  // A few rounds first so that both paths are warm (JIT, connection, prepared statements).
  for (let i = 0; i < 4; i++) {
    await login("nobody", "wrong-password-1");
    await login("admin", "wrong-password-1");
  }
  await login("admin", password);
  let failures = 0;
  for (let i = 0; i < samples; i++) {
    // Random order inside each pair, so neither kind is always first.
    const order = Math.random() < 0.5 ? ["user", "password"] : ["password", "user"];
    for (const kind of order) {
      const result =
        kind === "user"
          ? await login(`nobody-${i % 7}`, `wrong-password-${i}`)
          : await login("admin", `wrong-password-${i}`);
      statuses.push(result.status);
      (kind === "user" ? wrongUser : wrongPassword).push(result.ms);
      failures++;
    }
    // Logging in clears the address's failures: the limiter stays out of the measurement.
    if (failures >= RATE_LIMITS.adminLogin.limit - 2) {
      await login("admin", password);
      failures = 0;
    }
  }
  const a = median(wrongUser);
  const b = median(wrongPassword);
  return {
    samples,
    wrongUserMedianMs: a,
    wrongPasswordMedianMs: b,
    relativeDifference: Math.abs(a - b) / Math.max(a, b),
    probabilitySlower: probabilityGreater(wrongUser, wrongPassword),
    statuses: tally(statuses),
  };
}

/**
 * Runs every check against a server at `baseUrl` whose database is `databaseUrl` (to end windows).
 * The server should be fresh: the checks fill this address's windows.
 */
export async function runBruteForce(options: {
  baseUrl: string;
  databaseUrl: string;
  adminPassword: string;
  timingSamples?: number;
}): Promise<BruteForceReport> {
  const { baseUrl, databaseUrl, adminPassword } = options;
  let requests = 0;
  const count = () => {
    requests++;
  };
  const admin = await adminAuthorization(baseUrl, adminPassword);
  const key = (
    await callOk(baseUrl, "POST", "/admin/api-keys", {
      auth: admin,
      body: { name: "brute-force", text_permission: true, file_permission: true, mount_permission: false },
    })
  ).key as string;
  const sharePassword = "share-secret-42";
  const paste = await callOk(baseUrl, "POST", "/paste", {
    auth: admin,
    body: { content: "protected paste", password: sharePassword },
  });
  const upload = await uploadFile(baseUrl, admin, patternBytes(1000, 7), { password: sharePassword }, "locked.bin");
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
  const fileSlug = upload.body.data.slug as string;

  const targets: Target[] = [
    {
      name: "admin login",
      strictBurst: true,
      limit: RATE_LIMITS.adminLogin.limit,
      attempt: (secret) =>
        callApi(baseUrl, "POST", "/admin/login", {
          body: { username: "admin", password: secret === "right" ? adminPassword : "guess-123456" },
        }),
    },
    {
      name: "API key",
      strictBurst: false,
      limit: RATE_LIMITS.apiKeyFailure.limit,
      attempt: (secret) =>
        callApi(baseUrl, "GET", "/test/api-key", {
          auth: `ApiKey ${secret === "right" ? key : `pb_guess${crypto.randomUUID().replaceAll("-", "")}`}`,
        }),
    },
    {
      name: "paste password",
      strictBurst: true,
      limit: RATE_LIMITS.passwordVerify.limit,
      attempt: (secret) =>
        callApi(baseUrl, "POST", `/paste/${paste.slug}`, {
          body: { password: secret === "right" ? sharePassword : "guess-123456" },
        }),
    },
    {
      name: "file share password",
      strictBurst: true,
      limit: RATE_LIMITS.passwordVerify.limit,
      attempt: (secret) =>
        callApi(baseUrl, "POST", `/public/files/${fileSlug}/verify`, {
          body: { password: secret === "right" ? sharePassword : "guess-123456" },
        }),
    },
  ];
  const checks: LimitCheck[] = [];
  for (const target of targets) checks.push(await checkLimit(target, databaseUrl, count));
  const timing = await measureLoginTiming(baseUrl, adminPassword, options.timingSamples ?? 200, count);
  return { checks, timing, requests };
}

/** Every way the report can be wrong, as sentences (empty when it is all right). */
export function bruteForceProblems(report: BruteForceReport): string[] {
  const problems: string[] = [];
  for (const check of report.checks) {
    const say = (text: string) => problems.push(`${check.name}: ${text}`);
    if (check.wrong[401] !== check.limit) say(`the first ${check.limit} wrong tries: ${JSON.stringify(check.wrong)}`);
    if (check.extraWrongStatus !== 429) say(`wrong try ${check.limit + 1} answered ${check.extraWrongStatus}`);
    if (check.rightWhileLimited !== 429) say(`the right secret while limited answered ${check.rightWhileLimited}`);
    if (!(check.retryAfterSeconds > 0)) say("no Retry-After on the 429");
    if (check.rightAfterWindow !== 200) say(`the right secret after the window answered ${check.rightAfterWindow}`);
    if ((check.strictBurst && check.burst.checked > check.limit) || check.burst.other > 0) {
      say(
        `a burst of ${check.burst.sent} got ${check.burst.checked} checked (limit ${check.limit}), ${check.burst.other} other`,
      );
    }
  }
  const { timing } = report;
  if (timing.statuses[401] !== timing.samples * 2) problems.push(`timing: statuses ${JSON.stringify(timing.statuses)}`);
  // Generous on purpose (a shared machine): an early return for unknown users is ~100x faster.
  if (timing.relativeDifference > 0.25 || timing.probabilitySlower < 0.25 || timing.probabilitySlower > 0.75) {
    problems.push(
      `timing: wrong user ${timing.wrongUserMedianMs.toFixed(2)} ms vs wrong password ` +
        `${timing.wrongPasswordMedianMs.toFixed(2)} ms (P(slower) ${timing.probabilitySlower.toFixed(2)})`,
    );
  }
  return problems;
}

export function printBruteForce(report: BruteForceReport) {
  for (const check of report.checks) {
    console.log(
      `${check.name}: limit ${check.limit}, wrong ${JSON.stringify(check.wrong)}, next ${check.extraWrongStatus}, ` +
        `right while limited ${check.rightWhileLimited} (Retry-After ${check.retryAfterSeconds} s), ` +
        `right after window ${check.rightAfterWindow}; burst of ${check.burst.sent}: ${check.burst.checked} checked, ` +
        `${check.burst.limited} limited`,
    );
  }
  const t = report.timing;
  console.log(
    `login timing (${t.samples} + ${t.samples} interleaved): wrong user median ${t.wrongUserMedianMs.toFixed(2)} ms, ` +
      `wrong password median ${t.wrongPasswordMedianMs.toFixed(2)} ms, difference ${(t.relativeDifference * 100).toFixed(1)} %, ` +
      `P(wrong user slower) ${t.probabilitySlower.toFixed(3)}`,
  );
  console.log(`requests: ${report.requests}`);
}

if (import.meta.main) {
  const password = "brute-force-admin-password";
  const server = await startServerProcess({ env: { ADMIN_PASSWORD: password } });
  try {
    const report = await runBruteForce({
      baseUrl: server.baseUrl,
      databaseUrl: `file:${server.dataDir}/pastebox.db`,
      adminPassword: password,
      timingSamples: Number(process.env.BRUTE_TIMING_SAMPLES ?? 200),
    });
    printBruteForce(report);
    const problems = bruteForceProblems(report);
    for (const problem of problems) console.error(`FAIL ${problem}`);
    process.exitCode = problems.length > 0 ? 1 : 0;
  } finally {
    await server.stop();
  }
}
