// Answers of the server for the client's unit tests, one factory per kind of row. Each is typed by
// the procedure that returns it (test/trpc-msw.ts: ProcedureOutput), so when the server's answer
// changes shape, these fail to typecheck instead of going on testing an answer nobody sends.
import { DEFAULT_SYSTEM_SETTINGS, publicSettingsOf } from "@shared/schemas/admin/settings";
import { SECRET_MASK } from "@shared/schemas/admin/storage";
import type { ProcedureOutput } from "./trpc-msw";

const CREATED_AT = new Date("2026-01-01T00:00:00Z");

type PublicPaste = ProcedureOutput<"pastes.view">;
type PublicFile = ProcedureOutput<"files.public.get">;
export type StorageConfigRow = ProcedureOutput<"storage.list">[number];
type FsListing = ProcedureOutput<"fs.list">;
type FsEntry = FsListing["items"][number];
type SystemSettings = ProcedureOutput<"settings.get">;
type PasteRecord = ProcedureOutput<"pastes.create">;

/** A plain-text paste as a visitor of its link receives it (pastes.view). */
export function publicPaste(slug: string, overrides: Partial<PublicPaste> = {}): PublicPaste {
  return {
    slug,
    url: `http://localhost:3000/paste/${slug}`,
    raw_url: `http://localhost:3000/api/raw/${slug}`,
    content: `shared text of ${slug}`,
    format: "text",
    encrypted: false,
    has_password: false,
    requires_password: false,
    expires_at: null,
    max_views: 0,
    views: 1,
    created_at: CREATED_AT,
    ...overrides,
  };
}

/** A shared file with no preview (a zip) as a visitor of its link receives it (files.public.get). */
export function publicFile(slug: string, overrides: Partial<PublicFile> = {}): PublicFile {
  return {
    slug,
    filename: `${slug}.zip`,
    mimetype: "application/zip",
    size: 1024,
    has_password: false,
    requires_password: false,
    encrypted: false,
    expires_at: null,
    max_views: 0,
    views: 1,
    created_at: CREATED_AT,
    preview_url: `/api/storage/local/c?op=get&key=${slug}`,
    download_url: `/api/storage/local/c?op=get&key=${slug}&disposition=attachment`,
    links_expire_at: new Date(Date.now() + 15 * 60_000),
    ...overrides,
  };
}

/** The default local storage as the admin's storage list shows it (5 MiB used). */
export function storageConfig(overrides: Partial<StorageConfigRow> = {}): StorageConfigRow {
  const now = new Date();
  return {
    id: "cfg-local",
    name: "Local storage",
    provider_type: "local",
    endpoint_url: null,
    bucket_name: null,
    region: null,
    access_key_id: null,
    secret_access_key: null,
    has_secret: false,
    path_style: false,
    default_folder: "",
    share_folder: "shares",
    root_path: "/data/files",
    is_public: false,
    is_default: true,
    total_storage_bytes: null,
    used_storage_bytes: 5 * 1024 * 1024,
    usage: {
      counted_at: null,
      counted_objects: 0,
      recount: { status: "idle", objects: 0, bytes: 0, started_at: null, error: null },
    },
    custom_host: null,
    signature_expires_in: 3600,
    created_at: now,
    updated_at: now,
    last_used: null,
    credentials_error: null,
    credentials_checked_at: null,
    ...overrides,
  };
}

/** A Cloudflare R2 bucket with its secret masked, as the admin's storage list shows it (4 of 10 GB used). */
export function r2StorageConfig(overrides: Partial<StorageConfigRow> = {}): StorageConfigRow {
  return storageConfig({
    id: "cfg-r2",
    name: "R2 bucket",
    provider_type: "Cloudflare R2",
    endpoint_url: "https://acct.r2.cloudflarestorage.com",
    bucket_name: "files",
    region: "auto",
    access_key_id: "AK",
    secret_access_key: SECRET_MASK,
    has_secret: true,
    path_style: true,
    root_path: null,
    is_default: false,
    total_storage_bytes: 10 * 1024 ** 3,
    used_storage_bytes: 4 * 1024 ** 3,
    ...overrides,
  });
}

/** A file (or, with type "directory", a folder) in a mount explorer listing; the camel-case
 * aliases the server adds follow the fields they mirror. */
export function fsEntry(
  path: string,
  overrides: Partial<Omit<FsEntry, "isDirectory" | "lastModified" | "mimeType">> = {},
): FsEntry {
  const fields = {
    name: path.split("/").pop() ?? path,
    path,
    type: "file" as const,
    size: 10,
    modified: CREATED_AT,
    mimetype: overrides.type === "directory" ? null : "text/plain",
    is_mount: false,
    mount_id: null,
    ...overrides,
  };
  return {
    ...fields,
    isDirectory: fields.type === "directory",
    lastModified: fields.modified,
    mimeType: fields.mimetype,
  };
}

/** One page holding the whole of a folder of the mount "m1" (fs.list). */
export function fsListing(path: string, items: FsEntry[], overrides: Partial<FsListing> = {}): FsListing {
  return {
    path,
    is_virtual: false,
    mount_id: "m1",
    readonly: false,
    cached: false,
    total: items.length,
    items,
    next_cursor: null,
    has_more: false,
    ...overrides,
  };
}

/** The system settings as an admin reads them (settings.get): the defaults, 100 MB uploads. */
export function systemSettings(overrides: Partial<SystemSettings> = {}): SystemSettings {
  return { ...DEFAULT_SYSTEM_SETTINGS, max_upload_size: 100, ...overrides };
}

/** What anyone reads of the settings (settings.maxUploadSize): the upload limit and default expiries. */
export function publicSettings(overrides: Partial<SystemSettings> = {}): ProcedureOutput<"settings.maxUploadSize"> {
  return publicSettingsOf(systemSettings(overrides));
}

/** A paste as its author receives it on creation or reads it in management (pastes.create). */
export function pasteRecord(slug: string, overrides: Partial<PasteRecord> = {}): PasteRecord {
  const now = new Date();
  return {
    id: "p1",
    slug,
    url: `https://paste.example.org/paste/${slug}`,
    raw_url: `https://paste.example.org/api/raw/${slug}`,
    content: `shared text of ${slug}`,
    format: "text",
    encrypted: false,
    remark: null,
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    is_expired: false,
    created_by: "admin",
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

type FileRecord = ProcedureOutput<"files.upload.commit">;

/** A shared file as its uploader receives it when the upload commits and reads it in management
 * (files.list): a 1 KiB PDF on the default local storage, no password, no limits. */
export function fileRecord(slug: string, overrides: Partial<FileRecord> = {}): FileRecord {
  return {
    id: "f1",
    slug,
    url: `http://localhost:3000/file/${slug}`,
    filename: `${slug}.pdf`,
    storage_path: `${slug}.pdf`,
    s3_url: null,
    mimetype: "application/pdf",
    size: 1024,
    s3_config_id: "cfg-local",
    storage_config_name: "Local storage",
    provider_type: "local",
    remark: null,
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    use_proxy: false,
    etag: null,
    status: "ready",
    encrypted: false,
    is_expired: false,
    created_by: "admin",
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

type ClipboardRoom = ProcedureOutput<"clipboard.create">;

/** A live clipboard room as its owner lists it (clipboard.mine, clipboard.create). */
export function clipboardRoom(id: string, overrides: Partial<ClipboardRoom> = {}): ClipboardRoom {
  return {
    id,
    name: null,
    url: `http://localhost:3000/clipboard/${id}`,
    history_limit: 50,
    max_devices: 10,
    max_item_size: 10 * 1024 * 1024,
    expires_at: new Date("2026-01-08T00:00:00Z"),
    created_at: CREATED_AT,
    item_count: 0,
    devices_connected: 0,
    ...overrides,
  };
}
