// Pastes created by the offline queue once the browser is back online (offline/sync.ts). Home listens
// to show the share result of the paste its form queued; on any other screen the sync's toast carries
// the link. The stored draft is cleared here when it still holds the queued text, so coming back to
// Home later does not offer to create the same paste again ("link suffix taken").
import type { CreatedPaste } from "../../screens/home/share-result";
import { browserStorage } from "../preferences/browser-storage";
import { type DraftStorage, draftAfterCreate, loadDraft, saveDraft } from "./editor/draft-store";

export type SyncedPaste = { paste: CreatedPaste; password: string };

type Listener = (synced: SyncedPaste) => void;
const listeners = new Set<Listener>();

/** Calls `listener` for each paste the offline queue creates; returns the unsubscribe. */
export function onSyncedPaste(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces a paste created by the sync and retires the draft it came from. */
export function publishSyncedPaste(synced: SyncedPaste, storage: DraftStorage | undefined = browserStorage()): void {
  const draft = loadDraft(storage);
  if (draft.content !== "" && draft.content === synced.paste.content) saveDraft(storage, draftAfterCreate(draft));
  for (const listener of listeners) listener(synced);
}
