// Who single sign-on lets in: the admin named by subject, by an email the provider verified, or by a
// group in the configured claim; anyone else, and an unverified email, is not the admin.
import { describe, expect, test } from "bun:test";
import type { SsoConfig } from "../../config";
import { adminRuleMatched, safeReturnPath } from "./sso";

const base: SsoConfig = {
  issuer: "https://id.example",
  clientId: "pastebox",
  clientSecret: undefined,
  name: "ID",
  scopes: "openid",
  admin: { subject: undefined, email: undefined, group: undefined },
  groupsClaim: "groups",
};
const withRule = (admin: Partial<SsoConfig["admin"]>, groupsClaim = "groups") => ({
  ...base,
  admin: { ...base.admin, ...admin },
  groupsClaim,
});

describe("the admin rule of single sign-on", () => {
  test("by subject: only that subject", () => {
    const sso = withRule({ subject: "abc" });
    expect(adminRuleMatched(sso, { sub: "abc" })).toBe("subject");
    expect(adminRuleMatched(sso, { sub: "abcd" })).toBeNull();
  });

  test("by email: case aside, and never an email the provider says is unverified", () => {
    const sso = withRule({ email: "Admin@Example.test" });
    expect(adminRuleMatched(sso, { sub: "1", email: "admin@example.test", email_verified: true })).toBe("email");
    expect(adminRuleMatched(sso, { sub: "1", email: "admin@example.test", email_verified: false })).toBeNull();
    expect(adminRuleMatched(sso, { sub: "1", email: "other@example.test" })).toBeNull();
  });

  test("by group: in the configured claim, as a list or a single value", () => {
    const sso = withRule({ group: "pastebox-admins" }, "roles");
    expect(adminRuleMatched(sso, { sub: "1", roles: ["users", "pastebox-admins"] })).toBe("group");
    expect(adminRuleMatched(sso, { sub: "1", roles: "pastebox-admins" })).toBe("group");
    expect(adminRuleMatched(sso, { sub: "1", groups: ["pastebox-admins"] })).toBeNull();
  });

  test("the page to land on is a path of this app, never another site", () => {
    expect(safeReturnPath("/admin/security")).toBe("/admin/security");
    expect(safeReturnPath("//evil.example")).toBeNull();
    expect(safeReturnPath("https://evil.example")).toBeNull();
    expect(safeReturnPath("/\\evil.example")).toBeNull();
  });
});
