// compose.yaml, checked without a compose tool (none runs on the CI machines): it parses, the app
// service builds this repository's Dockerfile with its data in a named volume and its settings from
// .env, and Postgres comes only with the `postgres` profile, in a volume of its own.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";

type Service = {
  build?: { context: string };
  image?: string;
  profiles?: string[];
  ports?: string[];
  env_file?: Array<{ path: string; required: boolean }>;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string; required: boolean }>;
  healthcheck?: { test: string[] };
};
type Compose = { services: Record<string, Service>; volumes: Record<string, { name: string }> };

const root = path.resolve(import.meta.dir, "..");
const compose = Bun.YAML.parse(readFileSync(path.join(root, "compose.yaml"), "utf8")) as Compose;

describe("compose.yaml", () => {
  test("has the app and, behind the postgres profile only, its database", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["pastebox", "postgres"]);
    expect(compose.services.pastebox?.profiles).toBeUndefined();
    expect(compose.services.postgres?.profiles).toEqual(["postgres"]);
  });

  test("the app builds this repository's Dockerfile, listens on 8787 and keeps /data in a named volume", () => {
    const app = compose.services.pastebox as Service;
    expect(app.build?.context).toBe(".");
    expect(readFileSync(path.join(root, "Dockerfile"), "utf8")).toContain("EXPOSE 8787");
    // Compose fills in PASTEBOX_PORT; the container side is fixed.
    expect(app.ports?.map((port) => port.split(":").at(-1))).toEqual(["8787"]);
    expect(app.environment?.DATA_DIR).toBe("/data");
    expect(app.volumes).toEqual(["pastebox-data:/data"]);
    // Waits for a healthy Postgres when the profile is on, and needs nothing without it.
    expect(app.depends_on?.postgres).toEqual({ condition: "service_healthy", required: false });
  });

  test("secrets come from an env file, never from the compose file itself", () => {
    for (const service of Object.values(compose.services)) {
      expect(service.env_file).toEqual([{ path: ".env", required: false }]);
      for (const name of Object.keys(service.environment ?? {})) {
        expect(name).not.toMatch(/PASSWORD|SECRET|KEY/);
      }
    }
  });

  test("every volume a service mounts is declared with a fixed name", () => {
    const mounted = Object.values(compose.services).flatMap((service) =>
      (service.volumes ?? []).map((volume) => volume.split(":")[0] as string),
    );
    expect(mounted.sort()).toEqual(["pastebox-data", "pastebox-postgres"]);
    for (const volume of mounted) expect(compose.volumes[volume]?.name).toBe(volume);
    expect(compose.services.postgres?.healthcheck?.test.join(" ")).toContain("pg_isready");
  });
});
