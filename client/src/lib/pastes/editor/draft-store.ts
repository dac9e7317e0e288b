// The home editor's draft (content, mode and share options), kept in localStorage so a reload, a
// closed tab or an expired session loses nothing. The password is never stored. Reading is
// defensive: junk from another version or a user falls back to defaults field by field.
import { REMARK_MAX_LENGTH, SLUG_MAX_LENGTH } from "@shared/constants";
import { type ExpiryChoice, isExpiryChoice } from "../expiry";

export const DRAFT_STORAGE_KEY = "paste_draft";
const DRAFT_VERSION = 2;
/** Version 1 always stored an expiry, "never" when it was the form's default rather than a choice. */
const DRAFT_VERSION_WITH_FORM_DEFAULT = 1;

export type EditorMode = "markdown" | "text";

export type PasteDraft = {
  content: string;
  mode: EditorMode;
  slug: string;
  /** null: not chosen, the admin's default for new pastes applies (lib/shares/forms/share-defaults.ts). */
  expiry: ExpiryChoice | null;
  /** As typed ("" means unlimited), so a half-typed number survives a reload. */
  maxViews: string;
  remark: string;
};

export const EMPTY_DRAFT: PasteDraft = {
  content: "",
  mode: "markdown",
  slug: "",
  expiry: null,
  maxViews: "",
  remark: "",
};

export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type SaveResult = "saved" | "cleared" | "tooLarge" | "unavailable";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown, max: number, fallback: string): string {
  return typeof value === "string" && value.length <= max ? value : fallback;
}

export function parseDraft(raw: string | null): PasteDraft {
  if (!raw) return EMPTY_DRAFT;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_DRAFT;
  }
  if (!isRecord(value) || (value.v !== DRAFT_VERSION && value.v !== DRAFT_VERSION_WITH_FORM_DEFAULT)) {
    return EMPTY_DRAFT;
  }
  const isFormDefault = value.v === DRAFT_VERSION_WITH_FORM_DEFAULT && value.expiry === "never";
  return {
    content: typeof value.content === "string" ? value.content : "",
    mode: value.mode === "text" ? "text" : "markdown",
    slug: text(value.slug, SLUG_MAX_LENGTH * 2, ""),
    expiry: isExpiryChoice(value.expiry) && !isFormDefault ? value.expiry : null,
    maxViews: typeof value.maxViews === "string" && /^\d{0,10}$/.test(value.maxViews) ? value.maxViews : "",
    remark: text(value.remark, REMARK_MAX_LENGTH * 2, ""),
  };
}

export function isEmptyDraft(draft: PasteDraft): boolean {
  return (
    draft.content === "" &&
    draft.slug === "" &&
    draft.remark === "" &&
    draft.maxViews === "" &&
    draft.expiry === null &&
    draft.mode === EMPTY_DRAFT.mode
  );
}

export function loadDraft(storage: DraftStorage | undefined): PasteDraft {
  try {
    return parseDraft(storage?.getItem(DRAFT_STORAGE_KEY) ?? null);
  } catch {
    return EMPTY_DRAFT;
  }
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" || error.code === 22)
  );
}

/** Saves the draft; an empty draft removes the entry. Storage full: the draft lives in the page only. */
export function saveDraft(storage: DraftStorage | undefined, draft: PasteDraft): SaveResult {
  if (!storage) return "unavailable";
  try {
    if (isEmptyDraft(draft)) {
      storage.removeItem(DRAFT_STORAGE_KEY);
      return "cleared";
    }
    const { content, mode, slug, expiry, maxViews, remark } = draft;
    // Field by field, so nothing else a caller holds (a password) is ever written.
    const stored = { v: DRAFT_VERSION, content, mode, slug, expiry, maxViews, remark };
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
    return "saved";
  } catch (error) {
    if (isQuotaError(error)) {
      // A stale copy would be restored later as if it were the latest: drop it.
      try {
        storage.removeItem(DRAFT_STORAGE_KEY);
      } catch {
        // Nothing more to do.
      }
      return "tooLarge";
    }
    return "unavailable";
  }
}

export function clearDraft(storage: DraftStorage | undefined): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Storage blocked: there is nothing stored either.
  }
}

/** After a share is created: the text and its one-off options go; mode and habits stay. */
export function draftAfterCreate(draft: PasteDraft): PasteDraft {
  return { ...EMPTY_DRAFT, mode: draft.mode, expiry: draft.expiry, maxViews: draft.maxViews };
}
