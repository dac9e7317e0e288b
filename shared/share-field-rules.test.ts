import { describe, expect, test } from "bun:test";
import { MAX_TEXT_BYTES } from "./constants";
import { customSlug, maxViews, pasteContent, shareSubfolder } from "./schemas/shares/paste-fields";
import { maxViewsProblem, pasteContentProblem, shareSubfolderOf, slugProblems } from "./share-field-rules";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("share field rules", () => {
  test("a slug: letters, digits, hyphen, underscore, at most 50, not reserved; every problem in order", () => {
    expect(slugProblems("  my-link_2 ")).toEqual([]);
    expect(slugProblems("   ")).toEqual(["errors.slugInvalid"]);
    expect(slugProblems("a b")).toEqual(["errors.slugInvalid"]);
    expect(slugProblems("x".repeat(51))).toEqual(["errors.slugTooLong"]);
    expect(slugProblems(`${"x".repeat(51)}!`)).toEqual(["errors.slugTooLong", "errors.slugInvalid"]);
    expect(slugProblems("API")).toEqual(["errors.slugReserved"]);
  });

  test("the server's schemas report exactly the rules' problems (the form and the server agree)", () => {
    for (const slug of ["ok-1", "", " ", "a b", "x".repeat(51), `${"x".repeat(60)}/`, "admin", " api "]) {
      expect(messagesOf(customSlug.safeParse(slug))).toEqual(slugProblems(slug));
    }
    expect(customSlug.parse("  padded ")).toBe("padded");
    for (const content of ["hello", "", " \n ", "x".repeat(MAX_TEXT_BYTES + 1), "é".repeat(MAX_TEXT_BYTES / 2 + 1)]) {
      const problem = pasteContentProblem(content);
      expect(messagesOf(pasteContent.safeParse(content))).toEqual(problem ? [problem] : []);
    }
    for (const views of [0, 5, 1_000_000_000, 1_000_000_001, -1, 1.5]) {
      const problem = maxViewsProblem(views);
      expect(messagesOf(maxViews.safeParse(views))).toEqual(problem ? [problem] : []);
    }
    expect(maxViews.parse("12")).toBe(12);
    expect(maxViewsProblem(1_000_000_001)).toBe("errors.maxViewsTooLarge");
  });

  test("a share subfolder is normalised, and anything that could leave the share folder is refused", () => {
    expect(shareSubfolderOf("")).toBe("/");
    expect(shareSubfolderOf("/a//b/")).toBe("/a/b");
    for (const outside of ["../x", "a/./b", "a\\b", "//server/x", "C:/x", "/c:x", `/${"a".repeat(1024)}`]) {
      expect(shareSubfolderOf(outside)).toBeNull();
    }
    expect(shareSubfolder.parse("docs/2026")).toBe("/docs/2026");
    expect(messagesOf(shareSubfolder.safeParse("a/../b"))).toEqual(["errors.shareFolderEscape"]);
    // The server keeps zod's own length message beside the rule.
    expect(shareSubfolder.safeParse("a".repeat(1025)).success).toBe(false);
  });
});
