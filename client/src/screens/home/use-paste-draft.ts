// The home editor's draft as React state, restored from localStorage on first render and saved a
// moment after each change (and when the page is hidden), so typing never waits on storage.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type DraftStorage,
  loadDraft,
  type PasteDraft,
  type SaveResult,
  saveDraft,
} from "../../lib/pastes/editor/draft-store";
import { browserStorage } from "../../lib/preferences/browser-storage";

const SAVE_DELAY_MS = 400;

export type DraftStatus = "restored" | SaveResult | null;

export function usePasteDraft(storage: DraftStorage | undefined = browserStorage()) {
  const storageRef = useRef(storage);
  const [initial] = useState(() => loadDraft(storageRef.current));
  const [draft, setDraft] = useState<PasteDraft>(initial);
  const [status, setStatus] = useState<DraftStatus>(() => (initial.content.trim() ? "restored" : null));
  const latest = useRef(draft);
  const isDirty = useRef(false);
  /** Unmounted: the editor reports its last keystrokes after this hook's cleanup has run. */
  const isGone = useRef(false);

  const flush = useCallback(() => {
    if (!isDirty.current) return;
    isDirty.current = false;
    setStatus(saveDraft(storageRef.current, latest.current));
  }, []);

  useEffect(() => {
    latest.current = draft;
    if (!isDirty.current) return;
    const timer = setTimeout(flush, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, flush]);

  // Leaving the page (or the screen) must not lose the last keystrokes.
  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onHide);
      isGone.current = true;
      flush();
    };
  }, [flush]);

  const update = useCallback((change: Partial<PasteDraft> | ((current: PasteDraft) => PasteDraft)) => {
    const current = latest.current;
    const next = typeof change === "function" ? change(current) : { ...current, ...change };
    latest.current = next;
    // Leaving Home (for the login, say): the screen is gone, the text must still be kept.
    if (isGone.current) {
      saveDraft(storageRef.current, next);
      return;
    }
    isDirty.current = true;
    setDraft(next);
  }, []);

  /** Replaces the draft and stores it at once (after a share is created, its text must not linger). */
  const replace = useCallback((next: PasteDraft) => {
    isDirty.current = false;
    latest.current = next;
    setDraft(next);
    setStatus(saveDraft(storageRef.current, next));
  }, []);

  return { draft, update, replace, status, flush };
}
