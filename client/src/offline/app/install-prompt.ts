// The install prompt as a toast (docs/product.md §4): shown when the browser offers to install the app,
// the app is not installed already, and the user has not dismissed the prompt in the last 7 days.
// The conditions are checked again every 5 seconds (the browser's offer can arrive at any time).
import type { ToastStore } from "../../components/feedback/toast-store";
import { INSTALL_PROMPT_DISMISS_MS, INSTALL_PROMPT_RECHECK_MS } from "../constants";

export const INSTALL_TOAST_ID = "install-prompt";
export const INSTALL_DISMISSED_SETTING = "installPromptDismissedAt";

export type InstallConditions = {
  isInstallable: boolean;
  isInstalled: boolean;
  /** Epoch ms of the last dismissal; null if never dismissed. */
  dismissedAt: number | null;
  now: number;
};

export function shouldShowInstallPrompt(conditions: InstallConditions): boolean {
  if (!conditions.isInstallable || conditions.isInstalled) return false;
  if (conditions.dismissedAt === null) return true;
  return conditions.now - conditions.dismissedAt >= INSTALL_PROMPT_DISMISS_MS;
}

/** Chromium's install offer (not in TypeScript's DOM types). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

export type InstallPromptOptions = {
  target: Pick<Window, "addEventListener" | "removeEventListener">;
  toasts: ToastStore;
  texts: () => { title: string; description: string; install: string; later: string };
  /** The app already runs installed (standalone display). */
  isStandalone: () => boolean;
  /** The service worker is active: without it the app would not work offline once installed. */
  isOfflineReady: () => Promise<boolean>;
  readDismissedAt: () => Promise<number | null>;
  writeDismissedAt: (at: number) => Promise<void>;
  now?: () => number;
  recheckMs?: number;
};

export type InstallPromptController = {
  /** Evaluates the conditions once and shows the toast if they hold (the timer calls it). */
  check(): Promise<void>;
  stop(): void;
};

export function startInstallPrompt(options: InstallPromptOptions): InstallPromptController {
  const now = options.now ?? Date.now;
  let offer: BeforeInstallPromptEvent | null = null;
  let isInstalled = false;
  let isShown = false;
  let isChecking = false;

  const dismiss = async () => {
    isShown = false;
    await options.writeDismissedAt(now());
  };

  const onOffer = (event: Event) => {
    // Keep the browser's own mini-infobar away: the toast offers it instead.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
  };
  const onInstalled = () => {
    isInstalled = true;
    offer = null;
    isShown = false;
    options.toasts.dismiss(INSTALL_TOAST_ID);
  };

  const install = async () => {
    const current = offer;
    offer = null;
    isShown = false;
    if (!current) return;
    try {
      await current.prompt();
      const choice = await current.userChoice;
      if (choice.outcome === "accepted") isInstalled = true;
      else await options.writeDismissedAt(now());
    } catch {
      // The offer was already used or withdrawn; the browser may offer again later.
    }
  };

  // Closing the toast (its × button) counts as "not now", like the button does.
  const unsubscribe = options.toasts.subscribe(() => {
    if (isShown && !options.toasts.getToasts().some((toast) => toast.id === INSTALL_TOAST_ID)) void dismiss();
  });

  const check = async () => {
    if (isShown || isChecking) return;
    isChecking = true;
    try {
      const conditions: InstallConditions = {
        isInstallable: offer !== null && (await options.isOfflineReady()),
        isInstalled: isInstalled || options.isStandalone(),
        dismissedAt: await options.readDismissedAt(),
        now: now(),
      };
      if (!shouldShowInstallPrompt(conditions) || isShown) return;
      const texts = options.texts();
      isShown = true;
      options.toasts.show({
        id: INSTALL_TOAST_ID,
        tone: "info",
        title: texts.title,
        description: texts.description,
        duration: null,
        actions: [
          { label: texts.install, onClick: () => void install() },
          { label: texts.later, onClick: () => void dismiss() },
        ],
      });
    } finally {
      isChecking = false;
    }
  };

  options.target.addEventListener("beforeinstallprompt", onOffer);
  options.target.addEventListener("appinstalled", onInstalled);
  const timer = setInterval(() => void check(), options.recheckMs ?? INSTALL_PROMPT_RECHECK_MS);

  return {
    check,
    stop() {
      clearInterval(timer);
      unsubscribe();
      options.target.removeEventListener("beforeinstallprompt", onOffer);
      options.target.removeEventListener("appinstalled", onInstalled);
    },
  };
}
