// Loads the source editor's chunk once and keeps the loaded component: Home's plain text area hands
// over to it in one synchronous step (no Suspense fallback, no task in between where a key could fall).
import type { ComponentType } from "react";
import type { SourceEditorProps } from "./source-editor";

let loaded: ComponentType<SourceEditorProps> | null = null;
let loading: Promise<ComponentType<SourceEditorProps>> | null = null;

/** Starts (or joins) the download; a failed download may be tried again. */
export function loadSourceEditor(): Promise<{ default: ComponentType<SourceEditorProps> }> {
  loading ??= import("./source-editor").then(
    (module) => {
      loaded = module.default;
      return module.default;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading.then((component) => ({ default: component }));
}

/** The source editor when its chunk is already here, to render it without suspending. */
export function loadedSourceEditor(): ComponentType<SourceEditorProps> | null {
  return loaded;
}
