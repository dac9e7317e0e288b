import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../../test/answers";
import { memoryStorage, refusingStorage } from "../../../../test/memory-storage";
import {
  clearDraft,
  DRAFT_STORAGE_KEY,
  draftAfterCreate,
  EMPTY_DRAFT,
  loadDraft,
  type PasteDraft,
  parseDraft,
  saveDraft,
} from "./draft-store";

const DRAFT: PasteDraft = {
  content: "# Notes\n\n- [ ] one",
  mode: "markdown",
  slug: "my-notes",
  expiry: "7d",
  maxViews: "3",
  remark: "for the team",
};

describe("draft store", () => {
  test("saves and restores content, mode and options", () => {
    const storage = memoryStorage();
    expect(saveDraft(storage, DRAFT)).toBe("saved");
    expect(loadDraft(storage)).toEqual(DRAFT);
    expect(saveDraft(storage, { ...DRAFT, mode: "text" })).toBe("saved");
    expect(loadDraft(storage).mode).toBe("text");
  });

  test("works with the browser's localStorage", () => {
    saveDraft(localStorage, DRAFT);
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toContain("my-notes");
    expect(loadDraft(localStorage)).toEqual(DRAFT);
  });

  test("never stores a password", () => {
    const storage = memoryStorage();
    saveDraft(storage, { ...DRAFT, password: "secret" } as PasteDraft);
    // Only the fields of a draft are written, even if a caller passes more.
    expect(storage.items.get(DRAFT_STORAGE_KEY)).not.toContain("secret");
    expect(loadDraft(storage)).toEqual(DRAFT);
  });

  test("an empty draft removes the stored one", () => {
    const storage = memoryStorage();
    saveDraft(storage, DRAFT);
    expect(saveDraft(storage, EMPTY_DRAFT)).toBe("cleared");
    expect(storage.items.has(DRAFT_STORAGE_KEY)).toBe(false);
    saveDraft(storage, DRAFT);
    clearDraft(storage);
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
  });

  test("junk falls back to defaults, field by field", () => {
    expectAnswers(parseDraft, [
      [null, EMPTY_DRAFT],
      ["not json", EMPTY_DRAFT],
      ["[1,2]", EMPTY_DRAFT],
      [JSON.stringify({ v: 99, content: "old format" }), EMPTY_DRAFT],
    ]);
    expect(
      parseDraft(JSON.stringify({ v: 1, content: "kept", mode: "html", expiry: "2y", maxViews: "-1", slug: 5 })),
    ).toEqual({ ...EMPTY_DRAFT, content: "kept" });
  });

  test("an expiry not chosen stays unset, so the admin's default applies; a draft of the first version kept the form's", () => {
    const storage = memoryStorage();
    saveDraft(storage, { ...DRAFT, expiry: null });
    expect(loadDraft(storage).expiry).toBeNull();
    // Nothing but an expiry left unchosen is an empty draft.
    expect(saveDraft(storage, { ...EMPTY_DRAFT, mode: DRAFT.mode })).toBe("cleared");
    expectAnswers(
      (stored: Record<string, unknown>) => parseDraft(JSON.stringify({ ...stored, content: "kept" })).expiry,
      [
        [{ v: 1, expiry: "never" }, null],
        [{ v: 1, expiry: "7d" }, "7d"],
        [{ v: 2, expiry: "never" }, "never"],
        [{ v: 2, expiry: "3d" }, "3d"],
        [{ v: 2, expiry: "0d" }, null],
      ],
    );
  });

  test("a full storage drops the stale copy instead of keeping it", () => {
    const storage = memoryStorage({}, 200);
    saveDraft(storage, DRAFT);
    expect(saveDraft(storage, { ...DRAFT, content: "x".repeat(500) })).toBe("tooLarge");
    expect(storage.items.has(DRAFT_STORAGE_KEY)).toBe(false);
  });

  test("blocked or missing storage does not throw", () => {
    expect(loadDraft(refusingStorage)).toEqual(EMPTY_DRAFT);
    expect(saveDraft(refusingStorage, DRAFT)).toBe("unavailable");
    expect(saveDraft(undefined, DRAFT)).toBe("unavailable");
    expect(() => clearDraft(refusingStorage)).not.toThrow();
  });

  test("after a share is created the text and one-off options go, habits stay", () => {
    expect(draftAfterCreate(DRAFT)).toEqual({ ...EMPTY_DRAFT, mode: "markdown", expiry: "7d", maxViews: "3" });
  });
});
