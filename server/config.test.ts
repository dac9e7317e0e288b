import { describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./config";
import { tempDir } from "./test/harness";

describe("loadConfig", () => {
  test("defaults: port 8787, SQLite file in DATA_DIR, secret generated once and kept", () => {
    const dataDir = tempDir("config");
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8787);
    expect(config.databaseProvider).toBe("sqlite");
    expect(config.databaseUrl).toBe(`file:${join(dataDir, "pastebox.db")}`);
    expect(config.publicUrl).toBe("http://localhost:8787");
    expect(config.logLevel).toBe("info");
    expect(config.accessLog).toBe(false);
    expect(config.adminUsername).toBe("admin");
    expect(config.adminPassword).toBeUndefined();
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    const stored = readFileSync(join(dataDir, "secret.key"), "utf8").trim();
    expect(stored).toBe(config.secret);
    expect(statSync(join(dataDir, "secret.key")).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(config.secret);
  });

  test("TRUSTED_PROXIES: none by default; addresses, ranges and names are read; a bad entry stops the start", () => {
    expect(loadConfig({ DATA_DIR: tempDir("config") }).trustedProxies).toEqual([]);
    const config = loadConfig({ DATA_DIR: tempDir("config"), TRUSTED_PROXIES: "loopback, 10.0.0.0/8 ,fd00::1" });
    expect(config.trustedProxies).toEqual(["loopback", "10.0.0.0/8", "fd00::1"]);
    expect(() => loadConfig({ DATA_DIR: tempDir("config"), TRUSTED_PROXIES: "10.0.0.0/99" })).toThrow(
      /TRUSTED_PROXIES: a comma-separated list/,
    );
  });

  test("OIDC_*: off by default; a whole setup is read; a half-made one stops the start naming what is missing", () => {
    expect(loadConfig({ DATA_DIR: tempDir("config") }).sso).toBeNull();
    const sso = loadConfig({
      DATA_DIR: tempDir("config"),
      OIDC_ISSUER: "https://id.example/realms/home",
      OIDC_CLIENT_ID: "pastebox",
      OIDC_ADMIN_EMAIL: "me@example.test",
      OIDC_SCOPES: "email groups",
    }).sso;
    expect(sso).toMatchObject({ name: "SSO", scopes: "openid email groups", groupsClaim: "groups" });
    expect(sso?.admin.email).toBe("me@example.test");
    const base = { DATA_DIR: tempDir("config"), OIDC_ISSUER: "https://id.example" };
    expect(() => loadConfig({ ...base, OIDC_ADMIN_SUBJECT: "x" })).toThrow("OIDC_CLIENT_ID");
    expect(() => loadConfig({ ...base, OIDC_CLIENT_ID: "pastebox" })).toThrow("OIDC_ADMIN_SUBJECT");
    expect(() => loadConfig({ DATA_DIR: tempDir("config"), OIDC_CLIENT_ID: "pastebox" })).toThrow("OIDC_ISSUER");
    expect(() => loadConfig({ ...base, OIDC_ISSUER: "ftp://id.example" })).toThrow("OIDC_ISSUER");
  });

  test("a postgres DATABASE_URL switches the provider", () => {
    const config = loadConfig({ DATA_DIR: tempDir("config"), DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/db" });
    expect(config.databaseProvider).toBe("postgres");
    expect(config.databaseUrl).toBe("postgresql://u:p@127.0.0.1:5432/db");
  });

  test("PUBLIC_URL is used for links, without a trailing slash", () => {
    const config = loadConfig({ DATA_DIR: tempDir("config"), PUBLIC_URL: "https://paste.example.com/" });
    expect(config.publicUrl).toBe("https://paste.example.com");
  });

  test("every bad variable is named in one error", () => {
    const env = {
      DATA_DIR: tempDir("config"),
      PORT: "99999",
      PUBLIC_URL: "ftp://example.com",
      DATABASE_URL: "mysql://x",
      LOG_LEVEL: "loud",
      ADMIN_PASSWORD: "short",
      SECRET: "tiny",
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ["PORT", "PUBLIC_URL", "DATABASE_URL", "LOG_LEVEL", "ADMIN_PASSWORD", "SECRET"]) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toContain("DATA_DIR:");
    // One line: a container's log or a service manager shows the whole reason.
    expect(message).not.toContain("\n");
  });

  test("a data directory that cannot be created stops the start with its name", () => {
    const file = join(tempDir("config"), "a-file");
    writeFileSync(file, "not a folder");
    expect(() => loadConfig({ DATA_DIR: join(file, "data") })).toThrow(/^DATA_DIR: cannot create .*a-file\/data/);
  });

  test("empty variables count as unset", () => {
    const config = loadConfig({ DATA_DIR: tempDir("config"), PORT: "", SECRET: "" });
    expect(config.port).toBe(8787);
  });
});
