// A small toast queue any code can post to (React or not: the tRPC link, the auth store, later the
// offline and install prompts). The <Toaster> renders it; timers live there so hovering or focusing
// a toast can pause them.
export type ToastTone = "success" | "error" | "warning" | "info";

export type ToastAction = {
  label: string;
  onClick: () => void;
  /** Close the toast after the action runs (default true). */
  dismiss?: boolean;
};

export type ToastInput = {
  /** Reusing an id replaces that toast instead of stacking a duplicate (e.g. "auth-expired"). */
  id?: string;
  tone?: ToastTone;
  title: string;
  description?: string;
  /** Milliseconds before it closes by itself; null keeps it until dismissed. Defaults by tone. */
  duration?: number | null;
  actions?: ToastAction[];
};

export type Toast = {
  id: string;
  tone: ToastTone;
  title: string;
  description: string | null;
  duration: number | null;
  actions: ToastAction[];
  /** Bumped when a toast with the same id is shown again, so its timer restarts. */
  version: number;
};

export const DEFAULT_TOAST_DURATION: Record<ToastTone, number> = {
  success: 4_000,
  info: 5_000,
  warning: 7_000,
  error: 8_000,
};

export const MAX_TOASTS = 4;

export type ToastStore = {
  show(input: ToastInput): string;
  success(title: string, options?: Omit<ToastInput, "title" | "tone">): string;
  error(title: string, options?: Omit<ToastInput, "title" | "tone">): string;
  warning(title: string, options?: Omit<ToastInput, "title" | "tone">): string;
  info(title: string, options?: Omit<ToastInput, "title" | "tone">): string;
  dismiss(id: string): void;
  clear(): void;
  getToasts(): readonly Toast[];
  subscribe(listener: () => void): () => void;
};

export function createToastStore(maxToasts = MAX_TOASTS): ToastStore {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();

  const publish = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  function show(input: ToastInput): string {
    const tone = input.tone ?? "info";
    const id = input.id ?? `toast-${++counter}`;
    const existing = toasts.find((toast) => toast.id === id);
    const toast: Toast = {
      id,
      tone,
      title: input.title,
      description: input.description ?? null,
      duration: input.duration === undefined ? DEFAULT_TOAST_DURATION[tone] : input.duration,
      actions: input.actions ?? [],
      version: (existing?.version ?? 0) + 1,
    };
    const others = toasts.filter((item) => item.id !== id);
    // The newest is last; beyond the limit the oldest go first.
    publish([...others, toast].slice(-maxToasts));
    return id;
  }

  const withTone =
    (tone: ToastTone) =>
    (title: string, options: Omit<ToastInput, "title" | "tone"> = {}) =>
      show({ ...options, title, tone });

  return {
    show,
    success: withTone("success"),
    error: withTone("error"),
    warning: withTone("warning"),
    info: withTone("info"),
    dismiss(id) {
      if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
    },
    clear() {
      if (toasts.length > 0) publish([]);
    },
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one toast queue. */
export const toast = createToastStore();
