// Path confinement against a real server process (scripts/hardening/paths.ts): the traversal corpus
// through every fs endpoint, WebDAV, the signed local-storage links and the local driver, with
// canaries around the roots and symbolic links inside /docs. First the controls that show the
// detectors work (legitimate access succeeds, a canary in an answer is caught), then the figures.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import { type PathsReport, prepareTarget, problemsOf, rawRequest, runPathsHardening, type Target } from "./paths";

const PASSWORD = "paths-admin-password-123";
let server: ServerProcess;
let target: Target;
let report: PathsReport;

beforeAll(async () => {
  server = await startServerProcess({ env: { ADMIN_PASSWORD: PASSWORD } });
  target = await prepareTarget(server, PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (target) rmSync(target.outsideDir, { recursive: true, force: true });
});

const violationsOf = (prefix: string) => report.violations.filter((violation) => violation.startsWith(prefix));

describe("path confinement", () => {
  test("controls: the key reaches /docs, the admin /secret, and a canary in an answer is caught", async () => {
    const own = await rawRequest(target.port, "GET", "/api/user/fs/download?path=%2Fdocs%2Fvictim.txt", {
      authorization: target.key,
    });
    expect(own.status).toBe(200);
    expect(own.body).toBe("victim");
    const dav = await rawRequest(target.port, "GET", "/dav/docs/victim.txt", { authorization: target.keyBasic });
    expect(dav.body).toBe("victim");
    const secret = await rawRequest(target.port, "GET", "/api/admin/fs/download?path=/secret/canary-secret.txt", {
      authorization: target.admin,
    });
    const canary = target.canaries.find((c) => c.name === "canary-secret");
    expect(secret.body).toBe(canary?.token ?? "missing");
    // The same answer, had the key received it, is a leak; so is a listing naming another mount.
    expect(problemsOf("fs-key", "GET download", secret, target.canaries)).toHaveLength(1);
    const listing = await rawRequest(target.port, "GET", "/api/admin/fs/list?path=/secret", {
      authorization: target.admin,
    });
    expect(problemsOf("fs-key", "GET /api/user/fs/list?path=x", listing, target.canaries).length).toBeGreaterThan(0);
    // The key is refused the same file, which is what every attempt below tries to get around.
    const refused = await rawRequest(target.port, "GET", "/api/user/fs/download?path=/secret/canary-secret.txt", {
      authorization: target.key,
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toBe("You have no access to this path");
  });

  test("the corpus through every surface: nothing outside a mount or the key's base path", async () => {
    report = await runPathsHardening(target);
    console.log(
      `paths: ${report.requests} requests, ${report.bySurface.driver} driver calls, ${report.forms} forms, ` +
        `${report.canaries} canaries; by surface ${JSON.stringify(report.bySurface)}; by status ${JSON.stringify(report.byStatus)}`,
    );
    expect(report.forms).toBeGreaterThanOrEqual(80);
    expect(report.canaries).toBe(10);
    expect(server.isAlive()).toBe(true);
  }, 600_000);

  test("fs endpoints (key and admin): no leak, no 5xx, no planted file outside", () => {
    expect(report.bySurface["fs-key"]).toBeGreaterThan(2500);
    expect(report.bySurface["fs-admin"]).toBeGreaterThan(2500);
    expect(violationsOf("fs-")).toEqual([]);
  });

  test("WebDAV (key and admin): no leak by URL or Destination", () => {
    expect(report.bySurface["dav-key"]).toBeGreaterThan(1500);
    expect(report.bySurface["dav-admin"]).toBeGreaterThan(1500);
    expect(violationsOf("dav-")).toEqual([]);
  });

  test("signed local-storage links: tampered ones refused, forged keys read and write nothing outside", () => {
    expect(report.bySurface.signed).toBeGreaterThan(100);
    expect(violationsOf("signed")).toEqual([]);
  });

  test("the disk: canaries unchanged, nothing created outside the allowed folders", () => {
    expect(violationsOf("after the")).toEqual([]);
  });

  test("the local driver itself, links included", () => {
    expect(report.bySurface.driver).toBeGreaterThan(2000);
    expect(violationsOf("driver")).toEqual([]);
    expect(report.violations).toEqual([]);
  });
});
