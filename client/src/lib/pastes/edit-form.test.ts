import { describe, expect, test } from "bun:test";
import { buildUpdateRequest, type EditablePaste, editStateFor, validateEdit } from "./edit-form";

const PASTE: EditablePaste = {
  id: "p1",
  content: "# Hello",
  format: "markdown",
  remark: "notes",
  has_password: true,
  max_views: 5,
};
const NOW = new Date("2026-01-01T00:00:00Z");

describe("edit form", () => {
  test("starts from the paste and keeps expiry and password", () => {
    expect(editStateFor(PASTE)).toEqual({
      content: "# Hello",
      format: "markdown",
      remark: "notes",
      expiry: "keep",
      maxViews: "5",
      passwordAction: "keep",
      newPassword: "",
    });
  });

  test("sends nothing when nothing changed", () => {
    expect(buildUpdateRequest(PASTE, editStateFor(PASTE), NOW)).toBeNull();
  });

  test("sends only what changed", () => {
    const state = { ...editStateFor(PASTE), remark: "  ", maxViews: "", expiry: "1d" as const };
    expect(buildUpdateRequest(PASTE, state, NOW)).toEqual({
      id: "p1",
      remark: null,
      max_views: 0,
      expires_at: new Date("2026-01-02T00:00:00Z"),
    });
    expect(buildUpdateRequest(PASTE, { ...editStateFor(PASTE), expiry: "never" }, NOW)).toEqual({
      id: "p1",
      expires_at: null,
    });
    expect(buildUpdateRequest(PASTE, { ...editStateFor(PASTE), content: "new", format: "text" }, NOW)).toEqual({
      id: "p1",
      content: "new",
      format: "text",
    });
  });

  test("sets or removes the password", () => {
    expect(
      buildUpdateRequest(PASTE, { ...editStateFor(PASTE), passwordAction: "set", newPassword: "s3cret" }, NOW),
    ).toEqual({
      id: "p1",
      password: "s3cret",
    });
    expect(buildUpdateRequest(PASTE, { ...editStateFor(PASTE), passwordAction: "remove" }, NOW)).toEqual({
      id: "p1",
      password: null,
    });
    const open = { ...PASTE, has_password: false };
    expect(buildUpdateRequest(open, { ...editStateFor(open), passwordAction: "remove" }, NOW)).toBeNull();
  });

  test("checks content, views, remark and a new password", () => {
    expect(validateEdit(editStateFor(PASTE))).toEqual({});
    const errors = validateEdit({
      ...editStateFor(PASTE),
      content: "   ",
      maxViews: "-2",
      remark: "x".repeat(501),
      passwordAction: "set",
      newPassword: "",
    });
    expect(errors.content).toEqual({ key: "errors.contentEmpty" });
    expect(errors.maxViews).toEqual({ key: "errors.maxViewsInvalid" });
    expect(errors.remark).toEqual({ key: "forms.tooLong", values: { max: 500 } });
    expect(errors.newPassword).toEqual({ key: "pastes.password.required" });
  });
});
