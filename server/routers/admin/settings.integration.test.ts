// System settings on SQLite and Postgres: validation over REST and tRPC (translated, 400, nothing
// half-written), the public max-upload-size read, the limit enforced on uploads in KB-sized steps,
// the version, and who may change what.
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_CLIPBOARD_ITEM_MB, DEFAULT_CLIPBOARD_JOINS_PER_MINUTE } from "@shared/clipboard";
import { DEFAULT_CREATION_LIMIT_PER_ADDRESS, DEFAULT_CREATION_LIMIT_PER_KEY } from "@shared/schemas/admin/settings";
import superjson from "superjson";
import { DATABASE_PROVIDERS, TEST_ADMIN_PASSWORD, useTestApp } from "../../test/harness";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions.
type Body = { code: number; message: string; data: any; success: boolean };

const KB_IN_MB = 1 / 1024;
const CREATION_DEFAULTS = {
  creation_limit_per_key: DEFAULT_CREATION_LIMIT_PER_KEY,
  creation_limit_per_address: DEFAULT_CREATION_LIMIT_PER_ADDRESS,
  clipboard_item_max_size: DEFAULT_CLIPBOARD_ITEM_MB,
  clipboard_joins_per_minute: DEFAULT_CLIPBOARD_JOINS_PER_MINUTE,
  default_paste_expiry: 0,
  default_file_expiry: 0,
};

describe.each(DATABASE_PROVIDERS)("system settings on %s", (provider) => {
  const { t } = useTestApp(provider);
  let admin: string;

  async function rest(method: string, path: string, options: { body?: unknown; auth?: string; lang?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = options.auth;
    if (options.lang) headers["accept-language"] = options.lang;
    const response = await t.request(method, `/api${path}`, { body: options.body, headers });
    return { status: response.status, body: (await response.json()) as Body };
  }

  /** A tRPC mutation as the client sends it (superjson body). */
  async function trpcMutation(path: string, input: unknown, options: { auth?: string; lang?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = options.auth;
    if (options.lang) headers["accept-language"] = options.lang;
    const response = await t.request("POST", `/trpc/${path}`, { body: superjson.serialize(input), headers });
    // biome-ignore lint/suspicious/noExplicitAny: tRPC's answer shape is read field by field.
    const body = (await response.json()) as any;
    return {
      status: response.status,
      data: body.result ? superjson.deserialize(body.result.data) : undefined,
      error: body.error
        ? (superjson.deserialize(body.error) as { message: string; data: Record<string, unknown> })
        : null,
    };
  }

  async function upload(size: number, lang?: string) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(size)], "data.bin"));
    const headers: Record<string, string> = { authorization: admin };
    if (lang) headers["accept-language"] = lang;
    const response = await t.app.fetch(
      new Request("http://localhost/api/upload", { method: "POST", headers, body: form }),
      "127.0.0.1",
    );
    return { status: response.status, body: (await response.json()) as Body };
  }

  beforeAll(async () => {
    const login = await rest("POST", "/admin/login", { body: { username: "admin", password: TEST_ADMIN_PASSWORD } });
    admin = `Bearer ${login.body.data.token}`;
  });

  test("defaults: 100 MB and the auto WebDAV mode", async () => {
    const answer = await rest("GET", "/admin/system-settings", { auth: admin });
    expect(answer.body.data).toEqual({ max_upload_size: 100, webdav_upload_mode: "auto", ...CREATION_DEFAULTS });
    expect((await rest("GET", "/system/max-upload-size")).body.data).toEqual({
      max_upload_size: 100,
      default_paste_expiry: 0,
      default_file_expiry: 0,
    });
  });

  test("REST: bad values are a 400 naming the field, in the caller's language, and change nothing", async () => {
    const cases: [unknown, string, string][] = [
      [
        { max_upload_size: 0 },
        "max_upload_size: The max upload size must be above 0",
        "max_upload_size: 最大上传大小必须大于 0",
      ],
      [
        { max_upload_size: -5 },
        "max_upload_size: The max upload size must be above 0",
        "max_upload_size: 最大上传大小必须大于 0",
      ],
      // Less than one byte once turned into bytes.
      [
        { max_upload_size: 1e-9 },
        "max_upload_size: The max upload size must be above 0",
        "max_upload_size: 最大上传大小必须大于 0",
      ],
      [
        { max_upload_size: 2_000_000 },
        "max_upload_size: The max upload size can be at most 1 TB (1048576 MB)",
        "max_upload_size: 最大上传大小不能超过 1 TB（1048576 MB）",
      ],
      [
        { max_upload_size: "10" },
        "max_upload_size: Enter the max upload size as a number (in MB)",
        "max_upload_size: 请以数字（单位 MB）填写最大上传大小",
      ],
      [
        { webdav_upload_mode: "stream" },
        "webdav_upload_mode: Choose a WebDAV upload mode: auto, proxy, multipart or direct",
        "webdav_upload_mode: 请选择 WebDAV 上传模式：auto、proxy、multipart 或 direct",
      ],
      [
        { clipboard_item_max_size: 65 },
        "clipboard_item_max_size: Enter the clipboard item limit in MB, above 0 and at most 64",
        "clipboard_item_max_size: 请输入剪贴板条目上限（MB），大于 0 且不超过 64",
      ],
      [
        { clipboard_joins_per_minute: 2.5 },
        "clipboard_joins_per_minute: Enter a whole number of joins per minute from 0 (no limit) to 1000000",
        "clipboard_joins_per_minute: 请输入每分钟加入次数的整数，0（不限制）到 1000000",
      ],
      [
        { default_file_expiry: -1 },
        "default_file_expiry: Enter a whole number of days from 0 (kept until deleted) to 3650",
        "default_file_expiry: 请输入 0（保留到删除）到 3650 之间的整数天数",
      ],
    ];
    for (const [body, english, chinese] of cases) {
      const en = await rest("PUT", "/admin/system-settings", { auth: admin, body, lang: "en" });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({ code: 400, success: false, data: null, message: english });
      const zh = await rest("PUT", "/admin/system-settings", { auth: admin, body, lang: "zh-CN" });
      expect(zh.body.message).toBe(chinese);
    }
    // One bad field refuses the whole change: the good one is not written either.
    const mixed = await rest("PUT", "/admin/system-settings", {
      auth: admin,
      body: { max_upload_size: 50, webdav_upload_mode: "nope" },
    });
    expect(mixed.status).toBe(400);
    const after = await rest("GET", "/admin/system-settings", { auth: admin });
    expect(after.body.data).toEqual({ max_upload_size: 100, webdav_upload_mode: "auto", ...CREATION_DEFAULTS });
  });

  test("tRPC: the same rules, with the issues per field for the form", async () => {
    const refused = await trpcMutation("settings.update", { max_upload_size: 0 }, { auth: admin, lang: "zh" });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.issues).toEqual([{ path: "max_upload_size", message: "最大上传大小必须大于 0" }]);
    const mode = await trpcMutation("settings.update", { webdav_upload_mode: "fast" }, { auth: admin });
    expect(mode.error?.data.issues).toEqual([
      { path: "webdav_upload_mode", message: "Choose a WebDAV upload mode: auto, proxy, multipart or direct" },
    ]);
    const saved = await trpcMutation("settings.update", { webdav_upload_mode: "multipart" }, { auth: admin });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ max_upload_size: 100, webdav_upload_mode: "multipart", ...CREATION_DEFAULTS });
  });

  test("a partial change keeps the other setting; every mode is accepted", async () => {
    for (const mode of ["auto", "proxy", "multipart", "direct"]) {
      const answer = await rest("PUT", "/admin/system-settings", { auth: admin, body: { webdav_upload_mode: mode } });
      expect(answer.body.data).toEqual({ max_upload_size: 100, webdav_upload_mode: mode, ...CREATION_DEFAULTS });
    }
    const sized = await rest("PUT", "/admin/system-settings", { auth: admin, body: { max_upload_size: 2048 } });
    expect(sized.body.data).toEqual({ max_upload_size: 2048, webdav_upload_mode: "direct", ...CREATION_DEFAULTS });
  });

  test("a KB-sized limit (a fraction of a MB) is kept exactly and enforced to the byte", async () => {
    const answer = await rest("PUT", "/admin/system-settings", {
      auth: admin,
      body: { max_upload_size: 2 * KB_IN_MB },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.max_upload_size).toBe(2 * KB_IN_MB);
    expect((await rest("GET", "/system/max-upload-size")).body.data.max_upload_size).toBe(2 * KB_IN_MB);

    try {
      expect((await upload(2048)).status).toBe(201);
      const over = await upload(2049, "zh-CN");
      expect(over.status).toBe(413);
      // The size is written by the server's byte formatter ("2 KB" or "2.00 KB").
      expect(over.body.message).toMatch(/^文件超过最大上传大小 2(\.0+)? KB$/);
      const overEn = await upload(4096);
      expect(overEn.body.message).toMatch(/^The file exceeds the max upload size of 2(\.0+)? KB$/);
    } finally {
      await rest("PUT", "/admin/system-settings", { auth: admin, body: { max_upload_size: 100 } });
    }
  });

  test("only the admin reads or changes them; anyone reads the upload limit and the version", async () => {
    expect((await rest("GET", "/admin/system-settings")).status).toBe(401);
    expect((await rest("PUT", "/admin/system-settings", { body: { max_upload_size: 1 } })).status).toBe(401);
    const created = await rest("POST", "/admin/api-keys", {
      auth: admin,
      body: { name: "settings", text_permission: true, file_permission: true, mount_permission: true },
    });
    const key = `ApiKey ${created.body.data.key}`;
    expect((await rest("PUT", "/admin/system-settings", { auth: key, body: { max_upload_size: 1 } })).status).toBe(403);
    expect((await rest("GET", "/system/max-upload-size", { auth: key })).status).toBe(200);
    const version = await rest("GET", "/version");
    expect(version.body.data).toMatchObject({ version: "0.6.8", app_version: "0.6.8", database: provider });
    expect((await rest("GET", "/admin/system-settings", { auth: admin })).body.data.max_upload_size).toBe(100);
  });
});
