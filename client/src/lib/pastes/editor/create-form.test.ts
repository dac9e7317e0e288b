import { describe, expect, test } from "bun:test";
import { trpcError } from "../../../../test/client-errors";
import { buildCreateRequest, fieldErrorsFromCreateError, validateDraft } from "./create-form";
import { EMPTY_DRAFT, type PasteDraft } from "./draft-store";

const NOW = new Date("2026-05-01T12:00:00Z");
const DRAFT: PasteDraft = { ...EMPTY_DRAFT, content: "hello" };

describe("create form", () => {
  test("an empty or blank text is refused before sending", () => {
    expect(validateDraft({ ...DRAFT, content: "" }, "").content).toEqual({ key: "errors.contentEmpty" });
    expect(validateDraft({ ...DRAFT, content: " \n\t " }, "").content).toEqual({ key: "errors.contentEmpty" });
    expect(validateDraft(DRAFT, "")).toEqual({});
  });

  test("checks the suffix, max views and remark with the shared rules", () => {
    const errors = validateDraft({ ...DRAFT, slug: "admin", maxViews: "1.5", remark: "r".repeat(501) }, "");
    expect(errors.slug).toEqual({ key: "errors.slugReserved" });
    expect(errors.maxViews).toEqual({ key: "errors.maxViewsInvalid" });
    expect(errors.remark).toEqual({ key: "forms.tooLong", values: { max: 500 } });
  });

  test("builds the request: format from the mode, expiry from the choice, unlimited by default", () => {
    expect(buildCreateRequest({ ...DRAFT, mode: "text", expiry: "1h" }, "", "never", NOW)).toEqual({
      content: "hello",
      format: "text",
      expires_at: new Date("2026-05-01T13:00:00Z"),
      max_views: 0,
    });
    expect(
      buildCreateRequest(
        { ...DRAFT, slug: " notes ", remark: " hi ", maxViews: "2", expiry: "never" },
        "pw",
        "never",
        NOW,
      ),
    ).toEqual({
      content: "hello",
      format: "markdown",
      slug: "notes",
      remark: "hi",
      password: "pw",
      expires_at: null,
      max_views: 2,
    });
  });

  test("an expiry not chosen is the admin's default for new pastes, whatever it is", () => {
    expect(buildCreateRequest(DRAFT, "", "3d", NOW).expires_at).toEqual(new Date("2026-05-04T12:00:00Z"));
    expect(buildCreateRequest(DRAFT, "", "never", NOW).expires_at).toBeNull();
    expect(buildCreateRequest({ ...DRAFT, expiry: "never" }, "", "3d", NOW).expires_at).toBeNull();
  });

  test("the content is sent byte for byte as typed, in Markdown as in plain text", () => {
    const typed = "- item\r\n| a | b |\n| :- | - |\n\n<br />\n  \n";
    expect(buildCreateRequest({ ...DRAFT, mode: "markdown", content: typed }, "", "never", NOW).content).toBe(typed);
    expect(buildCreateRequest({ ...DRAFT, mode: "text", content: typed }, "", "never", NOW).content).toBe(typed);
  });

  test("a taken suffix (409) is shown at the suffix field", () => {
    const error = trpcError("CONFLICT", 409, "The link suffix is already taken, try another");
    expect(fieldErrorsFromCreateError(error, error.message)).toEqual({
      slug: { text: "The link suffix is already taken, try another" },
    });
  });

  test("server validation issues land on their fields", () => {
    const error = trpcError("BAD_REQUEST", 400, "Invalid input", [
      { path: "content", message: "The content cannot be empty" },
      { path: "max_views", message: "Max views must be a whole number" },
    ]);
    expect(fieldErrorsFromCreateError(error, error.message)).toEqual({
      content: { text: "The content cannot be empty" },
      maxViews: { text: "Max views must be a whole number" },
    });
    expect(fieldErrorsFromCreateError(trpcError("UNAUTHORIZED", 401, "expired"), "expired")).toEqual({});
  });
});
