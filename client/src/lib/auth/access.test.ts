import { describe, expect, test } from "bun:test";
import { ADMIN_MODULES } from "../../routes";
import { canManageMounts, canOpenAdminModule, hasAnyPermission, hasPermission, visibleAdminModules } from "./access";
import type { AuthType, KeyPermissions } from "./store/auth-types";

const state = (authType: AuthType, permissions: Partial<KeyPermissions> = {}) => ({
  authType,
  permissions: { text: false, file: false, mount: false, ...permissions },
});

describe("access", () => {
  test("the admin passes every permission and sees every module", () => {
    const admin = state("admin");
    expect(hasPermission(admin, "text") && hasPermission(admin, "file") && hasPermission(admin, "mount")).toBe(true);
    expect(visibleAdminModules(admin)).toEqual([...ADMIN_MODULES]);
    expect(canManageMounts(admin)).toBe(true);
  });

  test("a key sees the module of each permission it holds, nothing else", () => {
    expect(visibleAdminModules(state("apikey", { text: true }))).toEqual(["text-management"]);
    expect(visibleAdminModules(state("apikey", { file: true }))).toEqual(["file-management", "upload-requests"]);
    expect(visibleAdminModules(state("apikey", { mount: true }))).toEqual(["mount-management", "shared-links"]);
    expect(visibleAdminModules(state("apikey", { text: true, file: true, mount: true }))).toEqual([
      "text-management",
      "file-management",
      "upload-requests",
      "mount-management",
      "shared-links",
    ]);
    expect(visibleAdminModules(state("apikey"))).toEqual([]);
    for (const module of ["dashboard", "storage-config", "key-management", "settings", "security"] as const) {
      expect(canOpenAdminModule(state("apikey", { text: true, file: true, mount: true }), module)).toBe(false);
    }
  });

  test("keys cannot manage mounts; nobody signed in has nothing", () => {
    expect(canManageMounts(state("apikey", { mount: true }))).toBe(false);
    expect(hasAnyPermission(state("none", { text: true }))).toBe(false);
    expect(visibleAdminModules(state("none"))).toEqual([]);
  });

  test("hasAnyPermission: admin, or a key with at least one permission", () => {
    expect(hasAnyPermission(state("admin"))).toBe(true);
    expect(hasAnyPermission(state("apikey"))).toBe(false);
    expect(hasAnyPermission(state("apikey", { file: true }))).toBe(true);
  });
});
