// The sets of files made on the upload screen in this tab (docs/share-sets.md): kept outside React, as
// the upload list is (upload-queue.ts), so that a set's link and the rows it took are still shown on return.
import type { CreatedShareSet } from "@shared/schemas/shares/share-sets";

export type MadeSet = CreatedShareSet & {
  /** The file shares it took: their own links no longer answer, the rows say so. */
  fileIds: readonly string[];
};

let sets: readonly MadeSet[] = [];
const listeners = new Set<() => void>();

export const uploadSets = {
  getSets: (): readonly MadeSet[] => sets,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  add(set: MadeSet) {
    sets = [set, ...sets];
    for (const listener of listeners) listener();
  },
};

/** The ids of files already gone out in a set. */
export function groupedFileIds(made: readonly MadeSet[]): Set<string> {
  return new Set(made.flatMap((set) => set.fileIds));
}
