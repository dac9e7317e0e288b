// The file share record: what is selected of it, and how it is answered (with its link).

import type { Database, DatabaseProvider } from "../../db/client";
import type { StorageService } from "../../storage";
import type { ListingCache } from "../explorer/listing-cache";
import { isExhausted, isExpired, shareFieldsOf } from "./delivery";

export type FileDeps = {
  db: Database;
  storage: StorageService;
  /** Share objects show in mounts whose folder holds the share folder: their listings see every change. */
  listingCache: ListingCache;
  config: { publicUrl: string; databaseProvider: DatabaseProvider; allowPrivateUrls: boolean };
};

export const fileSelect = {
  id: true,
  slug: true,
  filename: true,
  mimetype: true,
  size: true,
  storageConfigId: true,
  storagePath: true,
  s3Url: true,
  etag: true,
  remark: true,
  passwordHash: true,
  expiresAt: true,
  maxViews: true,
  views: true,
  useProxy: true,
  status: true,
  uploadId: true,
  encrypted: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  storageConfig: { select: { name: true, providerType: true } },
} as const;

export type FileRow = {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: bigint;
  storageConfigId: string;
  storagePath: string;
  s3Url: string | null;
  etag: string | null;
  remark: string | null;
  passwordHash: string | null;
  expiresAt: Date | null;
  maxViews: number;
  views: number;
  useProxy: boolean;
  status: string;
  uploadId: string | null;
  encrypted: boolean;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  storageConfig: { name: string; providerType: string };
};

export function fileLink(publicUrl: string, slug: string): string {
  return `${publicUrl}/file/${encodeURIComponent(slug)}`;
}

export function toFile(row: FileRow, publicUrl: string, now = new Date()) {
  return {
    id: row.id,
    slug: row.slug,
    url: fileLink(publicUrl, row.slug),
    filename: row.filename,
    storage_path: row.storagePath,
    s3_url: row.s3Url,
    mimetype: row.mimetype,
    size: Number(row.size),
    s3_config_id: row.storageConfigId,
    storage_config_name: row.storageConfig.name,
    provider_type: row.storageConfig.providerType,
    ...shareFieldsOf(row),
    use_proxy: row.useProxy,
    etag: row.etag,
    status: row.status,
    encrypted: row.encrypted,
    is_expired: isExpired(row, now) || isExhausted(row),
    created_by: row.createdBy,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
