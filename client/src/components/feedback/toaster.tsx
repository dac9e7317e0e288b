// Renders the toast queue (toast-store.ts) in a live region: new messages are announced politely,
// errors assertively (role="alert"). A toast closes after its duration; hovering or focusing it
// pauses the timer so it can be read and its actions reached by keyboard.
import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import ExclamationCircleIcon from "@heroicons/react/24/outline/ExclamationCircleIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import {
  type ComponentType,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { cx, focusRing } from "../class-names";
import type { IconProps } from "../icons";
import {
  NARROW_PLACEMENTS,
  obstacleBoxes,
  placeToasts,
  type ToastPlacement,
  toastOutlet,
  WIDE_MIN_WIDTH,
  WIDE_PLACEMENTS,
} from "./toast-placement";
import { toast as appToasts, type Toast, type ToastStore, type ToastTone } from "./toast-store";

const TONE_ICONS: Record<ToastTone, ComponentType<IconProps>> = {
  success: CheckCircleIcon,
  error: ExclamationCircleIcon,
  warning: ExclamationTriangleIcon,
  info: InformationCircleIcon,
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
  const outlet = useSyncExternalStore(toastOutlet.subscribe, toastOutlet.get, toastOutlet.get);
  const regionRef = useRef<HTMLElement>(null);
  const { placement, held } = usePlacement(regionRef, toasts.length > 0 && outlet === null);
  const cards = toasts.map((item) => <ToastCard key={item.id} toast={item} onDismiss={() => store.dismiss(item.id)} />);
  // An open side panel (the task drawer) holds the toasts in its own layout: nothing lies over it.
  if (outlet) {
    return createPortal(
      <section
        aria-label={t("toast.regionLabel")}
        aria-live="polite"
        aria-relevant="additions text"
        className="flex flex-col gap-2 empty:hidden"
        data-testid="toast-region"
      >
        {cards}
      </section>,
      outlet,
    );
  }
  return (
    <section
      ref={regionRef}
      aria-label={t("toast.regionLabel")}
      aria-live="polite"
      aria-relevant="additions text"
      // The corner is chosen to miss primary actions and open dialogs (toast-placement.ts).
      className={cx(
        "pointer-events-none fixed z-[60] flex flex-col gap-2 p-3 sm:w-[27rem] sm:p-6",
        PLACEMENT_CLASSES[placement],
      )}
      data-placement={placement}
      data-held={held ? "" : undefined}
      data-testid="toast-region"
    >
      {/* Held while an open menu leaves no corner free: the cards (and their timers) start once it closes. */}
      {held ? null : cards}
    </section>
  );
}

const PLACEMENT_CLASSES: Record<ToastPlacement, string> = {
  "bottom-end": "inset-x-0 bottom-0 items-center sm:left-auto sm:items-end",
  "bottom-start": "inset-x-0 bottom-0 items-center sm:right-auto sm:items-start",
  "top-end": "inset-x-0 top-16 items-center sm:left-auto sm:items-end",
  "top-start": "inset-x-0 top-16 items-center sm:right-auto sm:items-start",
};

/** A held stack has no cards to measure: it is taken to be as tall as when it last showed, at least one toast. */
const ONE_TOAST_HEIGHT = 96;

/**
 * The corner for the stack, and whether it waits for an open menu (placeToasts), chosen again when
 * toasts come, the page scrolls or resizes, or its layout changes (a panel loading under the stack),
 * and every second while toasts show.
 */
function usePlacement(
  regionRef: RefObject<HTMLElement | null>,
  isActive: boolean,
): { placement: ToastPlacement; held: boolean } {
  const [state, setState] = useState<{ placement: ToastPlacement; held: boolean }>(() => ({
    placement: typeof window !== "undefined" && window.innerWidth >= WIDE_MIN_WIDTH ? "bottom-end" : "top-end",
    held: false,
  }));
  const shownHeight = useRef(ONE_TOAST_HEIGHT);
  useLayoutEffect(() => {
    if (!isActive) return;
    let frame = 0;
    const measure = () => {
      const region = regionRef.current;
      if (!region) return;
      const rect = region.getBoundingClientRect();
      // Measured with its cards shown; held, the height they had (so showing them cannot flip it back).
      if (!region.hasAttribute("data-held")) shownHeight.current = Math.max(rect.height, ONE_TOAST_HEIGHT);
      const size = { width: rect.width, height: shownHeight.current };
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const candidates = viewport.width >= WIDE_MIN_WIDTH ? WIDE_PLACEMENTS : NARROW_PLACEMENTS;
      const next = placeToasts(candidates, size, viewport, obstacleBoxes());
      setState((current) => (current.placement === next.placement && current.held === next.held ? current : next));
    };
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    // Before the first paint: a toast must not flash over an open menu.
    measure();
    const resizes = new ResizeObserver(place);
    resizes.observe(document.body);
    window.addEventListener("scroll", place, { passive: true, capture: true });
    window.addEventListener("resize", place);
    const timer = setInterval(place, 1_000);
    return () => {
      cancelAnimationFrame(frame);
      resizes.disconnect();
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
      clearInterval(timer);
    };
  }, [isActive, regionRef]);
  return state;
}

/** Where an open side panel shows the toasts: in its layout, between its header and its body. */
export function ToastOutlet() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    toastOutlet.claim(element);
    return () => toastOutlet.release(element);
  }, []);
  return <div ref={ref} className="shrink-0 px-4 pt-3 empty:hidden sm:px-5" data-testid="toast-outlet" />;
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
          <XMarkIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
