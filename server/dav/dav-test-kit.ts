// Test kit of the WebDAV suites: an app on a fresh database served on a real port (litmus and rclone
// are separate processes), with mounts on local storage or the real S3 server, and API keys.

import type { DatabaseProvider } from "../db/client";
import {
  createApiClient,
  createApiKey,
  createMount,
  loginAdmin,
  type ProcedurePath,
  storageOfKind,
} from "../test/api-client";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../test/harness";

export type StorageKind = "local" | "s3";

export const ADMIN_USER = "admin";
export const ADMIN_PASSWORD = TEST_ADMIN_PASSWORD;

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, "utf8").toString("base64")}`;

export type DavServer = Awaited<ReturnType<typeof startDavServer>>;

/** An app with the given mounts on one storage of `kind`, listening on 127.0.0.1. */
export async function startDavServer(provider: DatabaseProvider, kind: StorageKind, mountPaths: string[] = ["/docs"]) {
  const t: TestApp = await createTestApp(provider);
  const client = createApiClient(() => t.app);
  /**
   * Calls /api as `auth` and answers the envelope's data, typed when `procedure` names the route's
   * procedure; an error answer throws.
   */
  const api = async <P extends ProcedurePath | undefined = undefined>(
    method: string,
    path: string,
    body?: unknown,
    auth?: string,
    procedure?: P,
  ) => {
    const answer = await client.call(method, path, { body, auth, procedure });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body?.message}`);
    return answer.body.data;
  };
  const admin = await loginAdmin(client);
  const folder = `dav-${provider}-${crypto.randomUUID().slice(0, 8)}`;
  // Keys upload shares here too, and keys only use public storage (the S3 factory's default).
  const storageConfigId = await storageOfKind(kind, client, t.db, admin, {
    name: `s3rver ${folder}`,
    default_folder: folder,
  });
  const mounts: Record<string, string> = {};
  for (const mountPath of mountPaths) {
    const mount = await createMount(client, admin, {
      mount_path: mountPath,
      storage_config_id: storageConfigId,
      // One folder per mount, beneath the storage's default folder (each mount its own tree).
      folder: [kind === "s3" ? folder : "", mountPath.slice(1)].filter(Boolean).join("/"),
    });
    mounts[mountPath] = mount.id;
  }
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: 1024 ** 4,
    idleTimeout: 255,
    fetch: (request, bunServer) => t.app.fetch(request, bunServer.requestIP(request)?.address),
  });
  const origin = `http://127.0.0.1:${server.port}`;

  /** A key with mount permission (and no other); returns the key itself. */
  async function createKey(basicPath: string, options: { readOnly?: boolean; mount?: boolean } = {}) {
    const key = await createApiKey(client, admin, {
      name: `dav ${crypto.randomUUID().slice(0, 6)}`,
      mount_permission: options.mount ?? true,
      text_permission: options.mount === false,
      mount_read_only: options.readOnly ?? false,
      basic_path: basicPath,
    });
    return key.key;
  }

  /** The explorer's listing of `path` as the admin (the cached one): its entries' names, sorted. */
  async function explorerNames(path: string): Promise<string[]> {
    const listing = await api("GET", `/admin/fs/list?path=${encodeURIComponent(path)}`, undefined, admin, "fs.list");
    return listing.items.map((entry) => entry.name).sort();
  }

  return {
    t,
    api,
    admin,
    origin,
    storageConfigId,
    mounts,
    createKey,
    explorerNames,
    /** Calls the server over HTTP with the admin's Basic credentials unless `auth` says otherwise. */
    dav(
      method: string,
      path: string,
      init: { headers?: Record<string, string>; body?: BodyInit; auth?: string | null } = {},
    ) {
      const headers: Record<string, string> = { ...init.headers };
      const auth = init.auth === undefined ? basicAuth(ADMIN_USER, ADMIN_PASSWORD) : init.auth;
      if (auth) headers.authorization = auth;
      return fetch(`${origin}${path}`, { method, headers, body: init.body });
    },
    /** The same, in-process (no socket), from the client address `ip`. */
    request(
      method: string,
      path: string,
      init: { headers?: Record<string, string>; body?: BodyInit; auth?: string | null; ip?: string } = {},
    ) {
      const headers: Record<string, string> = { ...init.headers };
      const auth = init.auth === undefined ? basicAuth(ADMIN_USER, ADMIN_PASSWORD) : init.auth;
      if (auth) headers.authorization = auth;
      const request = new Request(`http://localhost${path}`, { method, headers, body: init.body });
      return t.app.fetch(request, init.ip ?? "127.0.0.1");
    },
    async stop() {
      await server.stop(true);
      await t.cleanup();
    },
  };
}
