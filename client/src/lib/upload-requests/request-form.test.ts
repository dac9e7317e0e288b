import { describe, expect, test } from "bun:test";
import { emptyRequestForm, validateRequestForm } from "./request-form";

const MB = 1024 * 1024;

describe("the new upload request form", () => {
  test("a folder, counts and megabytes become the body the server takes", () => {
    const result = validateRequestForm({
      ...emptyRequestForm("storage-1"),
      folder: " /inbox/scans ",
      maxFiles: "3",
      maxFileSizeMb: "1,5",
      maxTotalSizeMb: "4",
      allowedTypes: "image/*, .PDF  text/plain",
      expiresIn: "1d",
      note: "  the scans  ",
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        path: "/inbox/scans",
        max_files: 3,
        max_file_size: 1.5 * MB,
        max_total_size: 4 * MB,
        allowed_types: ["image/*", ".pdf", "text/plain"],
        expires_in: 24,
        note: "the scans",
      },
    });
  });

  test("without a folder the files go to the chosen storage; never is no expiry", () => {
    const result = validateRequestForm({ ...emptyRequestForm("storage-1"), expiresIn: "never", password: "pw" });
    expect(result.ok && result.payload).toMatchObject({
      storage_config_id: "storage-1",
      expires_in: null,
      password: "pw",
    });
    expect(result.ok && "path" in result.payload).toBe(false);
  });

  test("what the server would refuse is named at its field", () => {
    const result = validateRequestForm({
      ...emptyRequestForm(""),
      maxFiles: "1001",
      maxFileSizeMb: "5",
      maxTotalSizeMb: "2",
    });
    expect(result.ok ? {} : result.errors).toEqual({
      folder: { key: "uploadRequests.form.targetNeeded" },
      maxFiles: { key: "uploadRequests.form.maxFilesInvalid", values: { max: 1000 } },
      maxTotalSizeMb: { key: "uploadRequests.form.totalTooSmall" },
    });
    const wrong = validateRequestForm({
      ...emptyRequestForm("s"),
      folder: "inbox",
      maxFiles: "2.5",
      maxFileSizeMb: "0",
    });
    expect(wrong.ok ? [] : Object.keys(wrong.errors).sort()).toEqual(["folder", "maxFileSizeMb", "maxFiles"]);
  });
});
