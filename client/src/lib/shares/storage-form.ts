// The storage-config form of the admin module: provider presets (AWS S3, Cloudflare R2, Backblaze
// B2, other S3-compatible, local disk), the checks of the shared schema plus what a provider needs,
// and the request sent on create or save. A stored secret is shown masked and kept unless replaced.

import { LOCAL_PROVIDER } from "@shared/constants";
import {
  createStorageConfigInput,
  DEFAULT_SHARE_FOLDER,
  PROVIDER_TYPES,
  SECRET_MASK,
  type StorageConfigView,
} from "@shared/schemas/admin/storage";
import type { FieldErrors } from "../form-messages";
import { messageOfIssue } from "../form-messages";

export type ProviderType = (typeof PROVIDER_TYPES)[number];

export type ProviderPreset = {
  type: ProviderType;
  endpointPlaceholder: string;
  regionPlaceholder: string;
  region: string;
  pathStyle: boolean;
  isEndpointRequired: boolean;
};

export const PROVIDER_PRESETS: Record<ProviderType, ProviderPreset> = {
  "AWS S3": {
    type: "AWS S3",
    endpointPlaceholder: "https://s3.us-east-1.amazonaws.com",
    regionPlaceholder: "us-east-1",
    region: "us-east-1",
    pathStyle: false,
    isEndpointRequired: false,
  },
  "Cloudflare R2": {
    type: "Cloudflare R2",
    endpointPlaceholder: "https://<account-id>.r2.cloudflarestorage.com",
    regionPlaceholder: "auto",
    region: "auto",
    pathStyle: true,
    isEndpointRequired: true,
  },
  "Backblaze B2": {
    type: "Backblaze B2",
    endpointPlaceholder: "https://s3.us-west-004.backblazeb2.com",
    regionPlaceholder: "us-west-004",
    region: "",
    pathStyle: false,
    isEndpointRequired: true,
  },
  "Other S3 Compatible": {
    type: "Other S3 Compatible",
    endpointPlaceholder: "https://minio.example.com:9000",
    regionPlaceholder: "us-east-1",
    region: "us-east-1",
    pathStyle: true,
    isEndpointRequired: true,
  },
  local: {
    type: LOCAL_PROVIDER,
    endpointPlaceholder: "",
    regionPlaceholder: "",
    region: "",
    pathStyle: false,
    isEndpointRequired: false,
  },
};

export const CAPACITY_UNITS = ["MB", "GB", "TB"] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];
const UNIT_BYTES: Record<CapacityUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

export type StorageFormState = {
  provider_type: ProviderType;
  name: string;
  endpoint_url: string;
  bucket_name: string;
  region: string;
  access_key_id: string;
  secret_access_key: string;
  path_style: boolean;
  default_folder: string;
  share_folder: string;
  root_path: string;
  is_public: boolean;
  custom_host: string;
  /** Empty: no limit. */
  capacity: string;
  capacityUnit: CapacityUnit;
  /** Seconds presigned links stay valid. */
  signature_expires_in: string;
};

export type StorageField = Exclude<keyof StorageFormState, "capacityUnit" | "path_style" | "is_public">;

export function isProviderType(value: unknown): value is ProviderType {
  return typeof value === "string" && (PROVIDER_TYPES as readonly string[]).includes(value);
}

export function emptyStorageForm(provider: ProviderType = "AWS S3"): StorageFormState {
  const preset = PROVIDER_PRESETS[provider];
  return {
    provider_type: provider,
    name: "",
    endpoint_url: "",
    bucket_name: "",
    region: preset.region,
    access_key_id: "",
    secret_access_key: "",
    path_style: preset.pathStyle,
    default_folder: "",
    share_folder: DEFAULT_SHARE_FOLDER,
    root_path: "",
    is_public: false,
    custom_host: "",
    capacity: "",
    capacityUnit: "GB",
    signature_expires_in: "3600",
  };
}

/** A byte count shown in the largest unit that keeps it whole-ish (1536 MB stays MB, 2 GB is GB). */
export function capacityFromBytes(bytes: number | null): { capacity: string; capacityUnit: CapacityUnit } {
  if (bytes === null) return { capacity: "", capacityUnit: "GB" };
  for (const unit of [...CAPACITY_UNITS].reverse()) {
    const value = bytes / UNIT_BYTES[unit];
    if (value >= 1 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6) {
      return { capacity: String(Math.round(value * 100) / 100), capacityUnit: unit };
    }
  }
  return { capacity: String(Math.round((bytes / UNIT_BYTES.MB) * 100) / 100), capacityUnit: "MB" };
}

export function capacityToBytes(capacity: string, unit: CapacityUnit): number | null | "invalid" {
  const text = capacity.trim().replace(",", ".");
  if (text === "") return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return "invalid";
  return Math.round(Number(text) * UNIT_BYTES[unit]);
}

export function storageFormFor(config: StorageConfigView): StorageFormState {
  const provider = isProviderType(config.provider_type) ? config.provider_type : "Other S3 Compatible";
  return {
    provider_type: provider,
    name: config.name,
    endpoint_url: config.endpoint_url ?? "",
    bucket_name: config.bucket_name ?? "",
    region: config.region ?? "",
    access_key_id: config.access_key_id ?? "",
    // The server never returns the secret: the mask stands for it and keeps it unless replaced.
    secret_access_key: config.has_secret ? (config.secret_access_key ?? SECRET_MASK) : "",
    path_style: config.path_style,
    default_folder: config.default_folder,
    share_folder: config.share_folder,
    root_path: config.root_path ?? "",
    is_public: config.is_public,
    custom_host: config.custom_host ?? "",
    ...capacityFromBytes(config.total_storage_bytes),
    signature_expires_in: String(config.signature_expires_in),
  };
}

/** Switching provider keeps what was typed and applies the new preset's defaults where still empty. */
export function switchProvider(state: StorageFormState, provider: ProviderType): StorageFormState {
  const previous = PROVIDER_PRESETS[state.provider_type];
  const next = PROVIDER_PRESETS[provider];
  return {
    ...state,
    provider_type: provider,
    region: state.region === "" || state.region === previous.region ? next.region : state.region,
    path_style: state.path_style === previous.pathStyle ? next.pathStyle : state.path_style,
  };
}

export function isKeptSecret(value: string): boolean {
  return value === "" || value === SECRET_MASK;
}

type StorageRequest = {
  provider_type: ProviderType;
  name: string;
  endpoint_url: string | null;
  bucket_name: string | null;
  region: string | null;
  access_key_id: string | null;
  secret_access_key?: string;
  path_style: boolean;
  default_folder: string;
  share_folder: string;
  root_path: string | null;
  is_public: boolean;
  custom_host: string | null;
  total_storage_bytes: number | null;
  signature_expires_in: number;
};

function requestFrom(state: StorageFormState): StorageRequest {
  const isLocal = state.provider_type === LOCAL_PROVIDER;
  const capacity = capacityToBytes(state.capacity, state.capacityUnit);
  const request: StorageRequest = {
    provider_type: state.provider_type,
    name: state.name.trim(),
    endpoint_url: isLocal ? null : state.endpoint_url.trim() || null,
    bucket_name: isLocal ? null : state.bucket_name.trim() || null,
    region: isLocal ? null : state.region.trim() || null,
    access_key_id: isLocal ? null : state.access_key_id.trim() || null,
    path_style: isLocal ? false : state.path_style,
    default_folder: state.default_folder.trim(),
    share_folder: state.share_folder.trim(),
    root_path: isLocal ? state.root_path.trim() || null : null,
    is_public: state.is_public,
    custom_host: isLocal ? null : state.custom_host.trim() || null,
    total_storage_bytes: capacity === "invalid" ? null : capacity,
    signature_expires_in: Number(state.signature_expires_in.trim() || "3600"),
  };
  if (!isLocal && !isKeptSecret(state.secret_access_key)) request.secret_access_key = state.secret_access_key;
  return request;
}

const FIELD_BY_PATH: Record<string, StorageField> = {
  name: "name",
  endpoint_url: "endpoint_url",
  bucket_name: "bucket_name",
  region: "region",
  access_key_id: "access_key_id",
  secret_access_key: "secret_access_key",
  default_folder: "default_folder",
  share_folder: "share_folder",
  root_path: "root_path",
  custom_host: "custom_host",
  total_storage_bytes: "capacity",
  signature_expires_in: "signature_expires_in",
};

export function storageFieldOf(path: string): StorageField | null {
  return FIELD_BY_PATH[path] ?? null;
}

/**
 * The shared schema's checks, plus: an endpoint for providers other than AWS, a number for the
 * capacity and the link lifetime. `hasStoredSecret`: editing a config whose secret is kept.
 */
export function validateStorageForm(state: StorageFormState, hasStoredSecret = false): FieldErrors<StorageField> {
  const errors: FieldErrors<StorageField> = {};
  const request = requestFrom(state);
  const keptSecret = hasStoredSecret && isKeptSecret(state.secret_access_key);
  const result = createStorageConfigInput.safeParse({
    ...request,
    // A kept secret is the stored one: valid for the check.
    secret_access_key: keptSecret ? "kept" : request.secret_access_key,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = storageFieldOf(String(issue.path[0] ?? ""));
      if (field && !errors[field]) errors[field] = messageOfIssue(issue);
    }
  }
  if (PROVIDER_PRESETS[state.provider_type].isEndpointRequired && !request.endpoint_url && !errors.endpoint_url) {
    errors.endpoint_url = { key: "storageConfig.errors.endpointRequired" };
  }
  if (capacityToBytes(state.capacity, state.capacityUnit) === "invalid") {
    errors.capacity = { key: "storageConfig.errors.capacityInvalid" };
  }
  const expiry = state.signature_expires_in.trim();
  if (expiry !== "" && (!/^\d+$/.test(expiry) || Number(expiry) < 60 || Number(expiry) > 604_800)) {
    errors.signature_expires_in = { key: "storageConfig.errors.signatureExpiryInvalid" };
  }
  return errors;
}

export function buildCreateRequest(state: StorageFormState) {
  return requestFrom(state);
}

/** Every field is sent (an absent URL field would be cleared by the server); a kept secret is not. */
export function buildUpdateRequest(id: string, state: StorageFormState) {
  return { id, ...requestFrom(state) };
}
