import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../test/answers";
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
  test("the modules of docs/product.md §2, upload requests, shared links, the sign-in security, backups, the audit log, WebDAV locks, tasks and jobs", () => {
    expect(ADMIN_MODULES.join(" ")).toBe(
      "dashboard text-management file-management upload-requests storage-config mount-management shared-links key-management settings security backups audit-log dav-locks tasks jobs",
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
    expectAnswers(decodePathParam, [
      ["%E4%B8%AD%E6%96%87", "中文"],
      ["a%20b", "a b"],
      ["100%", "100%"],
    ]);
  });

  test("mountPathFromParam gives an absolute directory path", () => {
    expectAnswers(mountPathFromParam, [
      [undefined, "/"],
      ["", "/"],
      ["docs", "/docs"],
      ["docs/2024/", "/docs/2024"],
      ["docs//%E6%96%87%E4%BB%B6", "/docs/文件"],
    ]);
  });
});

describe("return after login", () => {
  test("the login link carries the path and only a path of this app comes back", () => {
    expect(loginHref("/mount-explorer/a b")).toBe("/admin?next=%2Fmount-explorer%2Fa+b");
    expectAnswers(returnPathOf, [
      ["?next=%2Fmount-explorer%2Fa+b", "/mount-explorer/a b"],
      ["?next=%2F", "/"],
      // Only a path of this app: another site, a protocol-relative or backslashed address, or none.
      ["?next=%2F%2Fevil.example", null],
      ["?next=https%3A%2F%2Fevil.example", null],
      ["?next=%2F%5Cevil", null],
      ["", null],
      ["?next=", null],
    ]);
  });
});
