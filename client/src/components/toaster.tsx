// Renders the toast queue (toast-store.ts) in a live region: new messages are announced politely,
// errors assertively (role="alert"). A toast closes after its duration; hovering or focusing it
// pauses the timer so it can be read and its actions reached by keyboard.
import { type ComponentType, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cx, focusRing } from "./class-names";
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, type IconProps, InfoIcon, WarningIcon } from "./icons";
import { toast as appToasts, type Toast, type ToastStore, type ToastTone } from "./toast-store";

const TONE_ICONS: Record<ToastTone, ComponentType<IconProps>> = {
  success: CheckCircleIcon,
  error: ErrorCircleIcon,
  warning: WarningIcon,
  info: InfoIcon,
};

const TONE_ICON_COLORS: Record<ToastTone, string> = {
  success: "text-emerald-500 dark:text-emerald-400",
  error: "text-red-500 dark:text-red-400",
  warning: "text-amber-500 dark:text-amber-400",
  info: "text-indigo-500 dark:text-indigo-400",
};

const TONE_BARS: Record<ToastTone, string> = {
  success: "bg-emerald-500",
  error: "bg-red-500",
  warning: "bg-amber-500",
  info: "bg-indigo-500",
};

export function useToasts(store: ToastStore = appToasts): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
}

export function Toaster({ store = appToasts }: { store?: ToastStore }) {
  const { t } = useTranslation();
  const toasts = useToasts(store);
  return (
    <section
      aria-label={t("toast.regionLabel")}
      aria-live="polite"
      aria-relevant="additions text"
      // Phones: at the top, clear of bottom-sheet dialogs and the thumb; larger screens: bottom right.
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 p-3 sm:top-auto sm:bottom-0 sm:items-end sm:p-6"
    >
      {toasts.map((item) => (
        <ToastCard key={item.id} toast={item} onDismiss={() => store.dismiss(item.id)} />
      ))}
    </section>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [isPaused, setIsPaused] = useState(false);
  const remaining = useRef(toast.duration);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  const Icon = TONE_ICONS[toast.tone];

  // A toast shown again under the same id starts its full time again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger, not a value read
  useEffect(() => {
    remaining.current = toast.duration;
  }, [toast.version, toast.duration]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version restarts the timer
  useEffect(() => {
    if (isPaused || remaining.current === null) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [isPaused, toast.version]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer; the buttons inside are the controls
    <div
      role={toast.tone === "error" ? "alert" : "status"}
      aria-atomic="true"
      data-tone={toast.tone}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
      className="pointer-events-auto relative flex w-full max-w-sm overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-900/10 motion-safe:animate-[toast-in_180ms_ease-out] dark:bg-slate-800 dark:ring-white/10"
    >
      <span aria-hidden="true" className={cx("w-1 shrink-0", TONE_BARS[toast.tone])} />
      <div className="flex min-w-0 flex-1 items-start gap-3 py-3 pr-2 pl-3">
        <Icon className={cx("mt-0.5 size-5 shrink-0", TONE_ICON_COLORS[toast.tone])} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold break-words text-slate-900 dark:text-white">{toast.title}</p>
          {toast.description ? (
            <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-600 dark:text-slate-300">
              {toast.description}
            </p>
          ) : null}
          {toast.actions.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-3">
              {toast.actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  onClick={() => {
                    action.onClick();
                    if (action.dismiss !== false) onDismiss();
                  }}
                  className={cx(
                    "rounded text-sm font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-300 dark:hover:text-indigo-200",
                    focusRing,
                  )}
                >
                  {action.label}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t("toast.dismiss")}
          className={cx(
            "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white",
            focusRing,
          )}
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
