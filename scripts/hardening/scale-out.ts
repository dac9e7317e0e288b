// Scale-out (issue "Hardening", item 1): two server processes on different ports sharing one Postgres
// database and one S3 server (the default storage config is an S3 one, made through the API on A).
// - 500 simultaneous views spread over both against a paste and against a file share with
//   max_views=50: exactly 50 deliveries each (200 with the content; the rest 410, or 404 once the
//   used-up share has been purged), and the 50 file links serve the uploaded bytes;
// - sessions and API keys made on one process work on the other, and ending them on one ends them on both;
// - failed logins split over A and B are limited together (the counters live in the database);
// - the listing-cache rule: mounts are read from the database on every request, so a mount created,
//   changed or removed on A is seen by B at once; folder listings are cached per process for the
//   mount's cache_ttl, so a write through A, or a cache clear on A, is seen by B within cache_ttl
//   seconds (and by A at once).
//   bun scripts/hardening/scale-out.ts     (uses TEST_POSTGRES_URL / TEST_S3_* or starts its own)
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { testS3Client } from "../../server/test/s3-client";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import {
  callApi,
  callOk,
  createS3Storage,
  createScratchDatabase,
  patternBytes,
  type Services,
  sameBytes,
  startHardeningServices,
  tally,
} from "./kit";

const PASSWORD = "scale-out-admin-password";
const MAX_VIEWS = 50;
const REQUESTS = 500;
const CACHE_TTL_SECONDS = 3;

export type DeliveryResult = { requests: number; deliveries: number; byStatus: Record<number, number> };

export type ScaleOutReport = {
  paste: DeliveryResult;
  file: DeliveryResult & { bytesMatching: number };
  sessions: { tokenFromAOnB: number; logoutOnBThenA: number; keyFromAOnB: number; deletedKeyOnA: number };
  rateLimit: { splitStatuses: number[]; nextOnA: number; nextOnB: number; rightOnB: number };
  cache: {
    mountCreatedOnAListedOnB: boolean;
    writeOnASeenByA: boolean;
    writeOnASeenByBAfterMs: number;
    clearOnASeenByA: boolean;
    clearOnASeenByBAfterMs: number;
    mountDeactivatedOnAHiddenOnB: boolean;
    ttlSeconds: number;
  };
  requests: number;
};

async function waitUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await Bun.sleep(100);
  }
  return Number.POSITIVE_INFINITY;
}

export async function runScaleOut(services: Omit<Services, "stop">): Promise<ScaleOutReport> {
  const database = await createScratchDatabase(services.postgresUrl, "scale");
  const env = {
    DATABASE_URL: database.url,
    ADMIN_PASSWORD: PASSWORD,
    // Both processes must decrypt the storage credentials the other stored.
    SECRET: "scale-out-shared-secret-0123456789abcdef",
  };
  const servers: ServerProcess[] = [];
  let requests = 0;
  try {
    // One after the other: the first migrates the database and creates the admin.
    servers.push(await startServerProcess({ env }));
    servers.push(await startServerProcess({ env }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const both = [a.baseUrl, b.baseUrl];
    const login = async (baseUrl: string) =>
      `Bearer ${(await callOk(baseUrl, "POST", "/admin/login", { body: { username: "admin", password: PASSWORD } })).token}`;
    const adminA = await login(a.baseUrl);
    const folder = `scale-${crypto.randomUUID().slice(0, 8)}`;
    const storageId = await createS3Storage(a.baseUrl, adminA, services.s3, { folder, makeDefault: true });

    // ---- Exactly max_views deliveries across both processes ----
    const content = `scale-out paste ${crypto.randomUUID()}`;
    const paste = await callOk(a.baseUrl, "POST", "/paste", {
      auth: adminA,
      body: { content, max_views: MAX_VIEWS },
    });
    const pasteAnswers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => callApi(both[i % 2] as string, "GET", `/paste/${paste.slug}`)),
    );
    requests += REQUESTS;
    const pasteResult = {
      requests: REQUESTS,
      deliveries: pasteAnswers.filter((answer) => answer.status === 200 && answer.body.data?.content === content)
        .length,
      byStatus: tally(pasteAnswers.map((answer) => answer.status)),
    };

    const bytes = patternBytes(64 * 1024, 11);
    const form = new FormData();
    form.append("max_views", String(MAX_VIEWS));
    form.append("size", String(bytes.length));
    form.append("file", new Blob([bytes]), "scale.bin");
    const uploaded = await fetch(`${b.baseUrl}/api/upload`, {
      method: "POST",
      headers: { authorization: adminA },
      body: form,
    });
    const share = ((await uploaded.json()) as { data: { slug: string; s3_config_id: string } }).data;
    if (uploaded.status !== 201 || share.s3_config_id !== storageId) {
      throw new Error(`upload to the default S3 config failed: ${uploaded.status} ${JSON.stringify(share)}`);
    }
    const fileAnswers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => callApi(both[i % 2] as string, "GET", `/public/files/${share.slug}`)),
    );
    requests += REQUESTS;
    const delivered = fileAnswers.filter((answer) => answer.status === 200 && answer.body.data?.download_url);
    let bytesMatching = 0;
    for (const answer of delivered) {
      const download = await fetch(answer.body.data.download_url);
      requests++;
      if (download.status === 200 && sameBytes(new Uint8Array(await download.arrayBuffer()), bytes)) bytesMatching++;
    }
    const fileResult = {
      requests: REQUESTS,
      deliveries: delivered.length,
      byStatus: tally(fileAnswers.map((answer) => answer.status)),
      bytesMatching,
    };

    // ---- Sessions and API keys on both ----
    const session = await login(a.baseUrl);
    const tokenFromAOnB = (await callApi(b.baseUrl, "GET", "/test/admin-token", { auth: session })).status;
    await callOk(b.baseUrl, "POST", "/admin/logout", { auth: session });
    const logoutOnBThenA = (await callApi(a.baseUrl, "GET", "/test/admin-token", { auth: session })).status;
    const key = await callOk(a.baseUrl, "POST", "/admin/api-keys", {
      auth: adminA,
      body: { name: "scale-out", text_permission: true },
    });
    const keyFromAOnB = (await callApi(b.baseUrl, "GET", "/test/api-key", { auth: `ApiKey ${key.key}` })).status;
    await callOk(b.baseUrl, "DELETE", `/admin/api-keys/${key.id}`, { auth: adminA });
    const deletedKeyOnA = (await callApi(a.baseUrl, "GET", "/test/api-key", { auth: `ApiKey ${key.key}` })).status;
    requests += 8;

    // ---- Listing cache and mounts ----
    const mountFolder = `scale-mount-${crypto.randomUUID().slice(0, 8)}`;
    const mountStorage = await createS3Storage(a.baseUrl, adminA, services.s3, { folder: mountFolder });
    const mount = await callOk(a.baseUrl, "POST", "/admin/mounts", {
      auth: adminA,
      body: {
        name: "Scale",
        mount_path: "/scale",
        storage_type: "S3",
        storage_config_id: mountStorage,
        cache_ttl: CACHE_TTL_SECONDS,
      },
    });
    const names = async (baseUrl: string, path: string) => {
      requests++;
      const answer = await callApi(baseUrl, "GET", `/admin/fs/list?path=${encodeURIComponent(path)}`, { auth: adminA });
      if (answer.status !== 200) return [];
      return (answer.body.data.items as { name: string }[]).map((entry) => entry.name);
    };
    const mountCreatedOnAListedOnB = (await names(b.baseUrl, "/")).includes("scale");
    // Both processes cache the (empty) folder, then a file is written through A.
    await names(a.baseUrl, "/scale");
    await names(b.baseUrl, "/scale");
    const uploadForm = new FormData();
    uploadForm.append("path", "/scale");
    uploadForm.append("file", new Blob([patternBytes(100, 3)]), "through-a.bin");
    const fsUpload = await fetch(`${a.baseUrl}/api/admin/fs/upload`, {
      method: "POST",
      headers: { authorization: adminA },
      body: uploadForm,
    });
    requests++;
    if (fsUpload.status !== 201) throw new Error(`fs upload answered ${fsUpload.status}: ${await fsUpload.text()}`);
    const writeOnASeenByA = (await names(a.baseUrl, "/scale")).includes("through-a.bin");
    const limitMs = (CACHE_TTL_SECONDS + 2) * 1000;
    const writeOnASeenByBAfterMs = await waitUntil(
      async () => (await names(b.baseUrl, "/scale")).includes("through-a.bin"),
      limitMs,
    );
    // An object added behind the app's back, then the cache cleared on A.
    await names(a.baseUrl, "/scale");
    await names(b.baseUrl, "/scale");
    const s3 = testS3Client(services.s3);
    await s3.send(
      new PutObjectCommand({ Bucket: services.s3.bucket, Key: `${mountFolder}/outside.txt`, Body: "outside" }),
    );
    s3.destroy();
    await callOk(a.baseUrl, "POST", "/admin/cache/clear", { auth: adminA, body: {} });
    const clearOnASeenByA = (await names(a.baseUrl, "/scale")).includes("outside.txt");
    const clearOnASeenByBAfterMs = await waitUntil(
      async () => (await names(b.baseUrl, "/scale")).includes("outside.txt"),
      limitMs,
    );
    await callOk(a.baseUrl, "PUT", `/admin/mounts/${mount.id}`, { auth: adminA, body: { is_active: false } });
    const mountDeactivatedOnAHiddenOnB = !(await names(b.baseUrl, "/")).includes("scale");

    // ---- Failed logins over both, limited together (last: it blocks this address) ----
    const splitStatuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await callApi(both[i % 2] as string, "POST", "/admin/login", {
        body: { username: "admin", password: `wrong-${i}` },
      });
      splitStatuses.push(answer.status);
    }
    const wrong = { body: { username: "admin", password: "wrong-again" } };
    const nextOnA = (await callApi(a.baseUrl, "POST", "/admin/login", wrong)).status;
    const nextOnB = (await callApi(b.baseUrl, "POST", "/admin/login", wrong)).status;
    const rightOnB = (
      await callApi(b.baseUrl, "POST", "/admin/login", { body: { username: "admin", password: PASSWORD } })
    ).status;
    requests += 13;

    return {
      paste: pasteResult,
      file: fileResult,
      sessions: { tokenFromAOnB, logoutOnBThenA, keyFromAOnB, deletedKeyOnA },
      rateLimit: { splitStatuses, nextOnA, nextOnB, rightOnB },
      cache: {
        mountCreatedOnAListedOnB,
        writeOnASeenByA,
        writeOnASeenByBAfterMs,
        clearOnASeenByA,
        clearOnASeenByBAfterMs,
        mountDeactivatedOnAHiddenOnB,
        ttlSeconds: CACHE_TTL_SECONDS,
      },
      requests,
    };
  } finally {
    for (const server of servers) {
      if (!server.isAlive()) console.error(server.output());
      await server.stop();
    }
    await database.drop();
  }
}

/** Every way the report breaks the rules, as sentences (empty when it is all right). */
export function scaleOutProblems(report: ScaleOutReport): string[] {
  const problems: string[] = [];
  for (const [name, result] of [
    ["paste", report.paste],
    ["file", report.file],
  ] as const) {
    if (result.deliveries !== MAX_VIEWS) problems.push(`${name}: ${result.deliveries} deliveries, not ${MAX_VIEWS}`);
    const others = Object.keys(result.byStatus).filter((status) => !["200", "404", "410"].includes(status));
    if (others.length > 0 || result.byStatus[200] !== MAX_VIEWS) {
      problems.push(`${name}: statuses ${JSON.stringify(result.byStatus)}`);
    }
  }
  if (report.file.bytesMatching !== MAX_VIEWS) problems.push(`file: ${report.file.bytesMatching} downloads matched`);
  const s = report.sessions;
  if (s.tokenFromAOnB !== 200) problems.push(`a session from A answered ${s.tokenFromAOnB} on B`);
  if (s.logoutOnBThenA !== 401) problems.push(`a session ended on B answered ${s.logoutOnBThenA} on A`);
  if (s.keyFromAOnB !== 200) problems.push(`an API key made on A answered ${s.keyFromAOnB} on B`);
  if (s.deletedKeyOnA !== 401) problems.push(`an API key deleted on B answered ${s.deletedKeyOnA} on A`);
  const r = report.rateLimit;
  if (r.splitStatuses.some((status) => status !== 401)) problems.push(`split failures: ${r.splitStatuses.join(",")}`);
  if (r.nextOnA !== 429 || r.nextOnB !== 429 || r.rightOnB !== 429) {
    problems.push(`past the shared limit: A ${r.nextOnA}, B ${r.nextOnB}, right password on B ${r.rightOnB}`);
  }
  const c = report.cache;
  const ttlMs = (c.ttlSeconds + 1) * 1000;
  if (!c.mountCreatedOnAListedOnB) problems.push("a mount created on A was not listed by B at once");
  if (!c.writeOnASeenByA) problems.push("a write through A was not listed by A at once");
  if (!(c.writeOnASeenByBAfterMs <= ttlMs)) problems.push(`B listed A's write after ${c.writeOnASeenByBAfterMs} ms`);
  if (!c.clearOnASeenByA) problems.push("a cache clear on A did not refresh A's listing");
  if (!(c.clearOnASeenByBAfterMs <= ttlMs)) problems.push(`B saw the change after ${c.clearOnASeenByBAfterMs} ms`);
  if (!c.mountDeactivatedOnAHiddenOnB) problems.push("a mount deactivated on A was still listed by B");
  return problems;
}

export function printScaleOut(report: ScaleOutReport) {
  const { paste, file, cache } = report;
  console.log(
    `paste: ${paste.requests} requests over 2 processes, ${paste.deliveries} deliveries, ${JSON.stringify(paste.byStatus)}`,
  );
  console.log(
    `file: ${file.requests} requests over 2 processes, ${file.deliveries} deliveries (${file.bytesMatching} downloads byte-identical), ${JSON.stringify(file.byStatus)}`,
  );
  console.log(`sessions and keys across processes: ${JSON.stringify(report.sessions)}`);
  console.log(`rate limit across processes: ${JSON.stringify(report.rateLimit)}`);
  console.log(
    `cache (ttl ${cache.ttlSeconds} s): write on A seen by B after ${Math.round(cache.writeOnASeenByBAfterMs)} ms, ` +
      `clear on A seen by B after ${Math.round(cache.clearOnASeenByBAfterMs)} ms; ${JSON.stringify(cache)}`,
  );
  console.log(`requests: ${report.requests}`);
}

if (import.meta.main) {
  const services = await startHardeningServices();
  try {
    const report = await runScaleOut(services);
    printScaleOut(report);
    const problems = scaleOutProblems(report);
    for (const problem of problems) console.error(`FAIL ${problem}`);
    process.exitCode = problems.length > 0 ? 1 : 0;
  } finally {
    await services.stop();
  }
}
