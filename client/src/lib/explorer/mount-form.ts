// The mount create/edit form: its state, validation with the shared schema (messages are i18n keys
// under errors.*), the place in the storage it points at, and the requests it sends.

import { storageFolder } from "@shared/schemas/admin/storage";
import {
  createMountInput,
  DEFAULT_CACHE_TTL,
  describeMountLocation,
  type MountView,
} from "@shared/schemas/explorer/mounts";
import { type FieldErrors, fieldErrorsFromIssues } from "../form-messages";

export type MountFormState = {
  name: string;
  mount_path: string;
  storage_config_id: string;
  /** The storage folder; null until typed: the chosen storage's default folder. */
  folder: string | null;
  cache_ttl: string;
  sort_order: string;
  remark: string;
  is_active: boolean;
};

export type MountField = keyof MountFormState;

const FIELDS: readonly MountField[] = [
  "name",
  "mount_path",
  "storage_config_id",
  "folder",
  "cache_ttl",
  "sort_order",
  "remark",
  "is_active",
];

export function mountFieldOf(path: string): MountField | null {
  return (FIELDS as readonly string[]).includes(path) ? (path as MountField) : null;
}

export function emptyMountForm(defaultStorageId = ""): MountFormState {
  return {
    name: "",
    mount_path: "",
    storage_config_id: defaultStorageId,
    folder: null,
    cache_ttl: String(DEFAULT_CACHE_TTL),
    sort_order: "0",
    remark: "",
    is_active: true,
  };
}

export function mountFormFor(mount: MountView): MountFormState {
  return {
    name: mount.name,
    mount_path: mount.mount_path,
    storage_config_id: mount.storage_config_id,
    folder: mount.folder,
    cache_ttl: String(mount.cache_ttl),
    sort_order: String(mount.sort_order),
    remark: mount.remark ?? "",
    is_active: mount.is_active,
  };
}

function toInput(state: MountFormState) {
  return {
    name: state.name,
    mount_path: state.mount_path,
    storage_config_id: state.storage_config_id,
    folder: state.folder ?? undefined,
    // An empty number field is invalid rather than zero.
    cache_ttl: state.cache_ttl.trim() === "" ? Number.NaN : Number(state.cache_ttl),
    sort_order: state.sort_order.trim() === "" ? 0 : Number(state.sort_order),
    remark: state.remark,
    is_active: state.is_active,
  };
}

export function validateMountForm(state: MountFormState): FieldErrors<MountField> {
  const result = createMountInput.safeParse(toInput(state));
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, mountFieldOf);
}

export function buildCreateMountRequest(state: MountFormState) {
  return createMountInput.parse(toInput(state));
}

export function buildUpdateMountRequest(id: string, state: MountFormState) {
  return { id, ...createMountInput.parse(toInput(state)) };
}

type StorageChoice = {
  provider_type: string;
  bucket_name: string | null;
  root_path: string | null;
  default_folder: string;
  share_folder: string;
};

/** The folder the form would save: the typed one (normalised like the server does), else the storage's default. */
export function effectiveFolder(state: MountFormState, storage: StorageChoice | undefined): string | null {
  if (state.folder === null) return storage?.default_folder ?? null;
  const parsed = storageFolder.safeParse(state.folder);
  return parsed.success ? parsed.data : state.folder;
}

/**
 * Where the mount would point, shown before saving: "s3://bucket/photos/" or the local folder; and
 * whether that folder holds the storage's share folder (or lies in it).
 */
export function mountLocationPreview(state: MountFormState, storage: StorageChoice | undefined) {
  if (!storage) return null;
  const folder = effectiveFolder(state, storage) ?? "";
  const prefix = folder ? `${folder}/` : "";
  const shares = `${storage.share_folder}/`;
  return {
    location: describeMountLocation(storage, folder),
    holdsShares: shares.startsWith(prefix) || prefix.startsWith(shares),
  };
}
