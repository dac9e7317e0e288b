// The container image, built and run for real with podman (daemonless; the flags come from the CI
// machines: vfs storage, runc, cgroupfs, host network). Builds on the stand-in base image where no
// registry can be reached (deploy/standin-base.sh, kept between runs), or on PASTEBOX_TEST_BASE_IMAGE.
// Checks what a self-hoster relies on: it starts healthy, signs in with ADMIN_PASSWORD, keeps a paste
// and an upload in its /data volume across a SIGTERM stop and a new container, does not run as root,
// stays within its size budget, and refuses a bad start with one clear line.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { callOk, patternBytes, sameBytes, uploadFile } from "../scripts/hardening/kit";
import { findFreePort } from "../scripts/test/services";

const ROOT = path.resolve(import.meta.dir, "..");
const PODMAN = ["podman", "--storage-driver", "vfs", "--runtime", "runc", "--cgroup-manager", "cgroupfs"];
const IMAGE = "localhost/pastebox:container-test";
const PASSWORD = "container-test-password";
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
/** The image may add this much to its base image (docs/deploy.md, "Container"). */
const SIZE_BUDGET_MB = 150;
const MINUTE = 60_000;

const suffix = `${process.pid}-${Date.now().toString(36)}`;
const volume = `pastebox-test-data-${suffix}`;
const containers: string[] = [];
let baseImage = "";

type Result = { code: number; out: string };

async function podman(args: string[], options: { check?: boolean } = {}): Promise<Result> {
  const child = Bun.spawn([...PODMAN, ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const out = `${stdout}${stderr}`;
  if (options.check !== false && code !== 0) {
    throw new Error(`podman ${args.join(" ")} exited with ${code}:\n${out.slice(-4000)}`);
  }
  return { code, out };
}

async function imageSizeMb(image: string): Promise<number> {
  const { out } = await podman(["image", "inspect", "--format", "{{.Size}}", image]);
  return Number(out.trim()) / 1e6;
}

async function waitHealthy(baseUrl: string, container: string): Promise<void> {
  const deadline = Date.now() + 2 * MINUTE;
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseUrl}/api/health`).catch(() => null);
    if (answer?.ok) return;
    const state = await podman(["inspect", "--format", "{{.State.Running}}", container]);
    if (state.out.trim() !== "true") {
      throw new Error(`the container stopped before answering:\n${(await podman(["logs", container])).out}`);
    }
    await Bun.sleep(250);
  }
  throw new Error(`no health answer within 2 minutes:\n${(await podman(["logs", container])).out}`);
}

/** Starts a detached container on the test volume; its address once healthy. */
async function startContainer(port: number): Promise<{ id: string; baseUrl: string }> {
  const name = `pastebox-test-${suffix}-${containers.length}`;
  containers.push(name);
  await podman([
    "run",
    "--detach",
    "--name",
    name,
    "--network",
    "host",
    "--volume",
    `${volume}:/data`,
    "--env",
    `PORT=${port}`,
    "--env",
    `ADMIN_PASSWORD=${PASSWORD}`,
    IMAGE,
  ]);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(baseUrl, name);
  return { id: name, baseUrl };
}

/** Runs the image in the foreground with a bad setting: its exit code and everything it printed. */
async function badStart(args: string[]): Promise<Result> {
  const port = await findFreePort();
  // No health check: podman would add its own complaint about systemd timers to the output.
  const run = ["run", "--rm", "--no-healthcheck", "--network", "host", "--env", `PORT=${port}`];
  return podman([...run, ...args, IMAGE], { check: false });
}

beforeAll(async () => {
  const started = performance.now();
  baseImage = process.env.PASTEBOX_TEST_BASE_IMAGE ?? "";
  if (!baseImage) {
    const standin = Bun.spawn(["sh", "deploy/standin-base.sh"], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
    const [out, code] = await Promise.all([new Response(standin.stdout).text(), standin.exited]);
    if (code !== 0) throw new Error("deploy/standin-base.sh failed (output above)");
    baseImage = out.trim().split("\n").at(-1) ?? "";
  }
  const baseReady = performance.now();
  // Docker's format keeps the HEALTHCHECK (the OCI image format has no field for it). Without layers:
  // on vfs storage every layer is a full copy of the file system, which made the build minutes longer.
  // A machine behind a TLS-intercepting proxy hands its CA file to the build stage's `bun install`.
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  const caArgs = extraCa
    ? [
        "--volume",
        `${extraCa}:/etc/pastebox-build-ca.crt:ro`,
        "--build-arg",
        "NODE_EXTRA_CA_CERTS=/etc/pastebox-build-ca.crt",
      ]
    : [];
  await podman([
    "build",
    "--layers=false",
    "--format",
    "docker",
    ...caArgs,
    "--network",
    "host",
    "--build-arg",
    `BASE_IMAGE=${baseImage}`,
    "--build-arg",
    `VERSION=${VERSION}`,
    "--tag",
    IMAGE,
    ".",
  ]);
  const built = performance.now();
  await podman(["volume", "create", volume]);
  console.log(
    `container test: base image ${((baseReady - started) / 1000).toFixed(1)} s (${baseImage}), image build ${((built - baseReady) / 1000).toFixed(1)} s`,
  );
}, 30 * MINUTE);

afterAll(async () => {
  for (const name of containers) await podman(["rm", "--force", "--time", "0", name], { check: false });
  await podman(["volume", "rm", "--force", volume], { check: false });
  // The next run builds it again (no layer cache on vfs): a kept copy would only fill the disk.
  await podman(["rmi", "--force", IMAGE], { check: false });
}, 2 * MINUTE);

describe("container image", () => {
  test(`adds at most ${SIZE_BUDGET_MB} MB to its base image, and carries its labels and health check`, async () => {
    const [size, base] = await Promise.all([imageSizeMb(IMAGE), imageSizeMb(baseImage)]);
    console.log(
      `container image: ${size.toFixed(1)} MB, base ${base.toFixed(1)} MB, added ${(size - base).toFixed(1)} MB (budget ${SIZE_BUDGET_MB} MB)`,
    );
    expect(size - base).toBeLessThanOrEqual(SIZE_BUDGET_MB);
    const { out } = await podman(["image", "inspect", IMAGE]);
    const [inspected] = JSON.parse(out) as Array<{
      Labels: Record<string, string>;
      Config: { User: string; ExposedPorts: Record<string, unknown>; Volumes: Record<string, unknown> };
      Healthcheck?: { Test: string[] };
    }>;
    expect(inspected?.Labels["org.opencontainers.image.version"]).toBe(VERSION);
    expect(inspected?.Labels["org.opencontainers.image.source"]).toMatch(/^https:\/\//);
    expect(inspected?.Labels["org.opencontainers.image.licenses"]).toBeTruthy();
    expect(inspected?.Config.User).toBe("bun");
    expect(Object.keys(inspected?.Config.ExposedPorts ?? {})).toEqual(["8787/tcp"]);
    expect(Object.keys(inspected?.Config.Volumes ?? {})).toEqual(["/data"]);
    expect(inspected?.Healthcheck?.Test.join(" ")).toContain("/api/health");
  });

  test(
    "serves as a user other than root and keeps a paste and an upload in its volume across a SIGTERM and a new container",
    async () => {
      const port = await findFreePort();
      const first = await startContainer(port);

      // Not root: the server's own process, as the kernel sees it.
      const status = await podman(["exec", first.id, "cat", "/proc/1/status"]);
      const uid = /^Uid:\s+(\d+)/m.exec(status.out)?.[1];
      expect(uid).toBe("1000");
      const health = await podman(["healthcheck", "run", first.id], { check: false });
      expect(health.code).toBe(0);

      const login = await callOk(first.baseUrl, "POST", "/admin/login", {
        body: { username: "admin", password: PASSWORD },
      });
      const auth = `Bearer ${login.token}`;
      const content = `kept across restarts ${suffix}`;
      const paste = await callOk(first.baseUrl, "POST", "/paste", { auth, body: { content } });
      const bytes = patternBytes(256 * 1024, 33);
      const uploaded = await uploadFile(first.baseUrl, auth, bytes, {}, "kept.bin");
      expect(uploaded.status).toBe(201);
      const fileSlug = uploaded.body.data.slug as string;

      // The upload is a file in the volume, not in the container's own layer.
      const mountpoint = (await podman(["volume", "inspect", "--format", "{{.Mountpoint}}", volume])).out.trim();
      const stored = (function find(folder: string): string[] {
        return readdirSync(folder).flatMap((name) => {
          const full = path.join(folder, name);
          return statSync(full).isDirectory() ? find(full) : [full];
        });
      })(path.join(mountpoint, "storage"));
      expect(stored.some((file) => statSync(file).size === bytes.length)).toBe(true);

      const stopStarted = performance.now();
      await podman(["stop", "--time", "15", first.id]);
      const stopSeconds = (performance.now() - stopStarted) / 1000;
      const exitCode = (await podman(["inspect", "--format", "{{.State.ExitCode}}", first.id])).out.trim();
      console.log(`container stop (SIGTERM): ${stopSeconds.toFixed(1)} s, exit code ${exitCode}`);
      expect(exitCode).toBe("0");
      expect(stopSeconds).toBeLessThan(10);

      const second = await startContainer(port);
      const readBack = await callOk(second.baseUrl, "GET", `/paste/${paste.slug}`);
      expect(readBack.content).toBe(content);
      const details = await callOk(second.baseUrl, "GET", `/public/files/${fileSlug}`);
      const download = await fetch(details.download_url as string);
      expect(download.status).toBe(200);
      expect(sameBytes(new Uint8Array(await download.arrayBuffer()), bytes)).toBe(true);
      // The admin set on the first start is kept: the environment's password is not applied again.
      await callOk(second.baseUrl, "POST", "/admin/login", { body: { username: "admin", password: PASSWORD } });
    },
    10 * MINUTE,
  );

  describe("a start that cannot succeed exits non-zero with one clear line", () => {
    // A host folder owned by root, as a bind mount created by hand often is.
    const unwritable = mkdtempSync(path.join(tmpdir(), "pastebox-container-data-"));
    chmodSync(unwritable, 0o755);
    // The four starts run at once: each container is a full copy of the image on vfs storage (~1 min
    // apiece on a loaded machine), and they share nothing.
    let results: Promise<Result[]>;
    beforeAll(() => {
      results = Promise.all([
        badStart(["--volume", `${unwritable}:/data`]),
        badStart(["--env", "DATA_DIR=/srv/pastebox"]),
        badStart(["--env", "LOG_LEVEL=loud"]),
        findFreePort().then((port) =>
          badStart(["--env", `DATABASE_URL=postgresql://pastebox:secret@127.0.0.1:${port}/pastebox`]),
        ),
      ]);
    });
    afterAll(() => rmSync(unwritable, { recursive: true, force: true }));

    const expectOneLine = (result: Result | undefined, pattern: RegExp) => {
      const lines = result?.out.trim().split("\n");
      expect({ code: result?.code === 0 ? 0 : "non-zero", lines }).toEqual({
        code: "non-zero",
        lines: [expect.stringMatching(pattern)],
      });
    };

    test(
      "a data folder the app's user cannot write",
      async () => {
        expectOneLine((await results)[0], /could not start: DATA_DIR: \/data is not writable \(uid 1000\)/);
      },
      6 * MINUTE,
    );

    test("a data folder that does not exist and cannot be created", async () => {
      expectOneLine((await results)[1], /could not start: DATA_DIR: cannot create \/srv\/pastebox/);
    });

    test("a bad environment value", async () => {
      expectOneLine((await results)[2], /could not start: Invalid configuration: LOG_LEVEL: /);
    });

    test("an unreachable Postgres", async () => {
      expectOneLine(
        (await results)[3],
        /could not start: the database \(postgres\) could not be prepared: .*ECONNREFUSED/,
      );
    });
  });
});
