import { describe, expect, test } from "bun:test";
import { SECRET_MASK } from "@shared/schemas/admin/storage";
import { r2StorageConfig } from "../../../../test/fixtures";
import {
  buildCreateRequest,
  buildUpdateRequest,
  capacityFromBytes,
  capacityToBytes,
  emptyStorageForm,
  storageFormFor,
  switchProvider,
  validateStorageForm,
} from "../storage-form";
import { buildFileUpdate, fileEditStateFor, validateFileEdit } from "./file-edit-form";
import { buildUploadTarget, INITIAL_SHARE_OPTIONS, validateShareOptions } from "./share-options";

describe("upload share options", () => {
  test("checks the suffix with the shared schema, and allows it for one file only", () => {
    expect(validateShareOptions({ ...INITIAL_SHARE_OPTIONS, slug: "admin" }).slug).toEqual({
      key: "errors.slugReserved",
    });
    expect(validateShareOptions({ ...INITIAL_SHARE_OPTIONS, slug: "a b" }).slug).toEqual({ key: "errors.slugInvalid" });
    expect(validateShareOptions({ ...INITIAL_SHARE_OPTIONS, slug: "report-2026" }, 1)).toEqual({});
    expect(validateShareOptions({ ...INITIAL_SHARE_OPTIONS, slug: "report-2026" }, 2).slug).toEqual({
      key: "files.options.slugOneFile",
    });
  });

  test("max views, remark and folder", () => {
    const errors = validateShareOptions({
      ...INITIAL_SHARE_OPTIONS,
      maxViews: "1.5",
      remark: "r".repeat(501),
      path: "/../x",
    });
    expect(errors.maxViews).toEqual({ key: "errors.maxViewsInvalid" });
    expect(errors.remark).toEqual({ key: "forms.tooLong", values: { max: 500 } });
    expect(errors.path).toEqual({ key: "errors.shareFolderEscape" });
  });

  test("builds the fields every flow sends: hours of expiry, 0 views for unlimited, a normalised folder", () => {
    expect(buildUploadTarget(INITIAL_SHARE_OPTIONS, "never")).toEqual({
      s3_config_id: null,
      slug: null,
      password: null,
      expires_in: null,
      max_views: 0,
      remark: null,
      path: "/",
    });
    expect(
      buildUploadTarget(
        {
          storageId: "cfg",
          slug: " mine ",
          password: "pw",
          expiry: "7d",
          maxViews: "3",
          remark: " note ",
          path: "reports//2026/",
          encrypt: false,
        },
        "never",
      ),
    ).toEqual({
      s3_config_id: "cfg",
      slug: "mine",
      password: "pw",
      expires_in: 168,
      max_views: 3,
      remark: "note",
      path: "/reports/2026",
    });
    // Encrypted, the password goes into the key in the browser: the fields never carry it.
    expect(buildUploadTarget({ ...INITIAL_SHARE_OPTIONS, password: "pw", encrypt: true }, "never").password).toBeNull();
    // An expiry not chosen is the admin's default for new files.
    expect(buildUploadTarget(INITIAL_SHARE_OPTIONS, "3d").expires_in).toBe(72);
  });
});

describe("file edit form", () => {
  const file = { id: "f1", slug: "abc", remark: null, has_password: true, max_views: 0 };

  test("nothing changed sends nothing", () => {
    expect(buildFileUpdate(file, fileEditStateFor(file))).toBeNull();
  });

  test("only the changed fields; never is 0 hours; removing the password sends null", () => {
    const state = {
      ...fileEditStateFor(file),
      slug: "new-slug",
      expiry: "never" as const,
      maxViews: "5",
      passwordAction: "remove" as const,
    };
    expect(buildFileUpdate(file, state)).toEqual({
      id: "f1",
      slug: "new-slug",
      expires_in: 0,
      max_views: 5,
      password: null,
    });
    expect(buildFileUpdate(file, { ...fileEditStateFor(file), expiry: "1h", remark: "hello" })).toEqual({
      id: "f1",
      remark: "hello",
      expires_in: 1,
    });
  });

  test("a new password is required when setting one; the suffix follows the shared rules", () => {
    expect(validateFileEdit(file, { ...fileEditStateFor(file), passwordAction: "set" }).newPassword).toEqual({
      key: "files.password.required",
    });
    expect(validateFileEdit(file, { ...fileEditStateFor(file), slug: "upload" }).slug).toEqual({
      key: "errors.slugReserved",
    });
    expect(validateFileEdit(file, { ...fileEditStateFor(file), slug: "" }).slug).toEqual({ key: "errors.slugInvalid" });
  });
});

describe("storage form", () => {
  test("S3 needs a bucket, keys and (for R2, B2, other) an endpoint", () => {
    const errors = validateStorageForm({ ...emptyStorageForm("Cloudflare R2"), name: "R2" });
    expect(errors.bucket_name).toEqual({ key: "errors.bucketRequired" });
    expect(errors.access_key_id).toEqual({ key: "errors.accessKeyRequired" });
    expect(errors.secret_access_key).toEqual({ key: "errors.secretRequired" });
    expect(errors.endpoint_url).toEqual({ key: "storageConfig.errors.endpointRequired" });
    // AWS may leave the endpoint empty.
    const aws = validateStorageForm({
      ...emptyStorageForm("AWS S3"),
      name: "AWS",
      bucket_name: "b",
      access_key_id: "AK",
      secret_access_key: "SK",
    });
    expect(aws).toEqual({});
  });

  test("local disk needs an absolute folder; names and URLs are checked", () => {
    const errors = validateStorageForm({ ...emptyStorageForm("local"), root_path: "relative", name: "" });
    expect(errors.root_path).toEqual({ key: "errors.rootPathRequired" });
    expect(errors.name).toEqual({ key: "errors.storageNameRequired" });
    expect(
      validateStorageForm({ ...emptyStorageForm("Other S3 Compatible"), endpoint_url: "ftp://x" }).endpoint_url,
    ).toEqual({
      key: "errors.urlInvalid",
    });
  });

  test("capacity in MB, GB or TB; link lifetime between 60 s and 7 days", () => {
    expect(capacityToBytes("", "GB")).toBeNull();
    expect(capacityToBytes("1.5", "GB")).toBe(1.5 * 1024 ** 3);
    expect(capacityToBytes("abc", "MB")).toBe("invalid");
    expect(capacityFromBytes(10 * 1024 ** 3)).toEqual({ capacity: "10", capacityUnit: "GB" });
    expect(capacityFromBytes(1536 * 1024 ** 2)).toEqual({ capacity: "1.5", capacityUnit: "GB" });
    expect(capacityFromBytes(null)).toEqual({ capacity: "", capacityUnit: "GB" });
    const state = {
      ...emptyStorageForm("local"),
      name: "L",
      root_path: "/data",
      capacity: "x",
      signature_expires_in: "10",
    };
    const errors = validateStorageForm(state);
    expect(errors.capacity).toEqual({ key: "storageConfig.errors.capacityInvalid" });
    expect(errors.signature_expires_in).toEqual({ key: "storageConfig.errors.signatureExpiryInvalid" });
  });

  const saved = r2StorageConfig({
    id: "cfg-1",
    name: "Main",
    default_folder: "uploads",
    is_default: true,
    total_storage_bytes: 2 * 1024 ** 4,
  });

  test("editing keeps the masked secret unless a new one is typed, and sends every other field", () => {
    const state = storageFormFor(saved);
    expect(state.secret_access_key).toBe(SECRET_MASK);
    expect(state.capacity).toBe("2");
    expect(state.capacityUnit).toBe("TB");
    expect(validateStorageForm(state, true)).toEqual({});
    const kept = buildUpdateRequest("cfg-1", state);
    expect("secret_access_key" in kept).toBe(false);
    expect(kept).toMatchObject({
      id: "cfg-1",
      endpoint_url: "https://acct.r2.cloudflarestorage.com",
      custom_host: null,
      total_storage_bytes: 2 * 1024 ** 4,
    });
    expect(buildUpdateRequest("cfg-1", { ...state, secret_access_key: "new-secret" }).secret_access_key).toBe(
      "new-secret",
    );
    // Emptied on purpose: also kept (the server would refuse an S3 config without a secret).
    expect("secret_access_key" in buildUpdateRequest("cfg-1", { ...state, secret_access_key: "" })).toBe(false);
  });

  test("switching provider applies its defaults where nothing was typed", () => {
    const r2 = switchProvider(emptyStorageForm("AWS S3"), "Cloudflare R2");
    expect(r2.region).toBe("auto");
    expect(r2.path_style).toBe(true);
    const typed = switchProvider({ ...emptyStorageForm("AWS S3"), region: "eu-west-1" }, "Backblaze B2");
    expect(typed.region).toBe("eu-west-1");
    expect(buildCreateRequest({ ...emptyStorageForm("local"), name: "Disk", root_path: "/data" })).toMatchObject({
      provider_type: "local",
      root_path: "/data",
      bucket_name: null,
      endpoint_url: null,
    });
  });
});
