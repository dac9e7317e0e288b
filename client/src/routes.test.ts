import { describe, expect, test } from "bun:test";
import {
  ADMIN_MODULES,
  adminModulePath,
  decodePathParam,
  isAdminModule,
  isNavItemActive,
  loginHref,
  mountPathFromParam,
  NAV_ITEMS,
  returnPathOf,
} from "./routes";

describe("isNavItemActive", () => {
  test("Home is active only on /", () => {
    expect(isNavItemActive("/", "/")).toBe(true);
    expect(isNavItemActive("/", "/upload")).toBe(false);
    expect(isNavItemActive("/", "/paste/abc")).toBe(false);
  });

  test("a section is active on its path and below, with or without a trailing slash", () => {
    expect(isNavItemActive("/admin", "/admin")).toBe(true);
    expect(isNavItemActive("/admin", "/admin/")).toBe(true);
    expect(isNavItemActive("/admin", "/admin/settings")).toBe(true);
    expect(isNavItemActive("/mount-explorer", "/mount-explorer/docs/a")).toBe(true);
  });

  test("a sibling path with the same prefix is not the section", () => {
    expect(isNavItemActive("/admin", "/administrator")).toBe(false);
    expect(isNavItemActive("/upload", "/uploads")).toBe(false);
  });

  test("the bar lists the four sections of docs/product.md §1 in order, and the live clipboard for signed-in users", () => {
    expect(NAV_ITEMS.map((item) => item.href)).toEqual(["/", "/upload", "/mount-explorer", "/clipboard", "/admin"]);
    expect(NAV_ITEMS.filter((item) => item.isSignedInOnly).map((item) => item.id)).toEqual(["clipboard"]);
  });
});

describe("admin modules", () => {
  test("the seven modules of docs/product.md §2", () => {
    expect(ADMIN_MODULES.join(" ")).toBe(
      "dashboard text-management file-management storage-config mount-management key-management settings",
    );
    expect(adminModulePath("key-management")).toBe("/admin/key-management");
  });

  test("isAdminModule rejects anything else", () => {
    expect(isAdminModule("settings")).toBe(true);
    for (const value of ["Settings", "users", "", undefined, "dashboard/"]) expect(isAdminModule(value)).toBe(false);
  });
});

describe("path params", () => {
  test("decodes percent-encoding and keeps malformed escapes as typed", () => {
    expect(decodePathParam("%E4%B8%AD%E6%96%87")).toBe("中文");
    expect(decodePathParam("a%20b")).toBe("a b");
    expect(decodePathParam("100%")).toBe("100%");
  });

  test("mountPathFromParam gives an absolute directory path", () => {
    expect(mountPathFromParam(undefined)).toBe("/");
    expect(mountPathFromParam("")).toBe("/");
    expect(mountPathFromParam("docs")).toBe("/docs");
    expect(mountPathFromParam("docs/2024/")).toBe("/docs/2024");
    expect(mountPathFromParam("docs//%E6%96%87%E4%BB%B6")).toBe("/docs/文件");
  });
});

describe("return after login", () => {
  test("the login link carries the path and only a path of this app comes back", () => {
    expect(loginHref("/mount-explorer/a b")).toBe("/admin?next=%2Fmount-explorer%2Fa+b");
    expect(returnPathOf("?next=%2Fmount-explorer%2Fa+b")).toBe("/mount-explorer/a b");
    expect(returnPathOf("?next=%2F")).toBe("/");
    for (const away of [
      "?next=%2F%2Fevil.example",
      "?next=https%3A%2F%2Fevil.example",
      "?next=%2F%5Cevil",
      "",
      "?next=",
    ])
      expect(returnPathOf(away)).toBeNull();
  });
});
