import { afterEach, describe, expect, test } from "bun:test";
import { createToastStore } from "../../components/feedback/toast-store";
import { INSTALL_PROMPT_DISMISS_MS, INSTALL_PROMPT_RECHECK_MS } from "../constants";
import {
  type BeforeInstallPromptEvent,
  INSTALL_TOAST_ID,
  type InstallPromptController,
  shouldShowInstallPrompt,
  startInstallPrompt,
} from "./install-prompt";

const NOW = Date.parse("2026-11-22T12:00:00Z");

describe("install prompt rules (docs/product.md §4, §9)", () => {
  const base = { isInstallable: true, isInstalled: false, dismissedAt: null, now: NOW };

  test("shown when installable, not installed and never dismissed", () => {
    expect(shouldShowInstallPrompt(base)).toBe(true);
    expect(shouldShowInstallPrompt({ ...base, isInstallable: false })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, isInstalled: true })).toBe(false);
  });

  test("not shown again within 7 days of a dismissal, shown after", () => {
    expect(INSTALL_PROMPT_DISMISS_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(shouldShowInstallPrompt({ ...base, dismissedAt: NOW - 1000 })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, dismissedAt: NOW - INSTALL_PROMPT_DISMISS_MS + 1 })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, dismissedAt: NOW - INSTALL_PROMPT_DISMISS_MS })).toBe(true);
  });

  test("rechecked every 5 seconds", () => {
    expect(INSTALL_PROMPT_RECHECK_MS).toBe(5_000);
  });
});

function offerEvent(outcome: "accepted" | "dismissed") {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as BeforeInstallPromptEvent;
  let prompted = 0;
  Object.assign(event, {
    prompt: async () => {
      prompted += 1;
    },
    userChoice: Promise.resolve({ outcome }),
  });
  return { event, prompted: () => prompted };
}

describe("install prompt toast", () => {
  let controller: InstallPromptController | null = null;
  afterEach(() => controller?.stop());

  function setUp(
    options: { dismissedAt?: number | null; standalone?: boolean; offlineReady?: boolean; recheckMs?: number } = {},
  ) {
    const target = new EventTarget();
    const toasts = createToastStore();
    let now = NOW;
    let dismissedAt = options.dismissedAt ?? null;
    controller = startInstallPrompt({
      target: target as unknown as Window,
      toasts,
      texts: () => ({ title: "Install Pastebox", description: "d", install: "Install", later: "Not now" }),
      isStandalone: () => options.standalone ?? false,
      isOfflineReady: async () => options.offlineReady ?? true,
      readDismissedAt: async () => dismissedAt,
      writeDismissedAt: async (value) => {
        dismissedAt = value;
      },
      now: () => now,
      recheckMs: options.recheckMs,
    });
    const shown = () => toasts.getToasts().find((toast) => toast.id === INSTALL_TOAST_ID);
    return {
      target,
      toasts,
      shown,
      controller,
      dismissedAt: () => dismissedAt,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  test("nothing until the browser offers the install; then a toast that stays until answered", async () => {
    const setup = setUp();
    await setup.controller.check();
    expect(setup.shown()).toBeUndefined();
    const offer = offerEvent("accepted");
    setup.target.dispatchEvent(offer.event);
    // The browser's own banner is suppressed in favour of the toast.
    expect(offer.event.defaultPrevented).toBe(true);
    await setup.controller.check();
    expect(setup.shown()).toMatchObject({ title: "Install Pastebox", duration: null });
    expect(setup.shown()?.actions.map((action) => action.label)).toEqual(["Install", "Not now"]);
  });

  test("Install opens the browser's dialog; accepted, it is never offered again", async () => {
    const setup = setUp();
    const offer = offerEvent("accepted");
    setup.target.dispatchEvent(offer.event);
    await setup.controller.check();
    setup.shown()?.actions[0]?.onClick();
    setup.toasts.dismiss(INSTALL_TOAST_ID);
    await Bun.sleep(0);
    expect(offer.prompted()).toBe(1);
    setup.target.dispatchEvent(offerEvent("accepted").event);
    setup.advance(30 * 24 * 3_600_000);
    await setup.controller.check();
    expect(setup.shown()).toBeUndefined();
    expect(setup.dismissedAt()).toBeNull();
  });

  test("Not now (or closing the toast) hides it for 7 days", async () => {
    for (const close of ["button", "x"] as const) {
      const setup = setUp();
      setup.target.dispatchEvent(offerEvent("dismissed").event);
      await setup.controller.check();
      if (close === "button") setup.shown()?.actions[1]?.onClick();
      setup.toasts.dismiss(INSTALL_TOAST_ID);
      await Bun.sleep(0);
      expect(setup.dismissedAt()).toBe(NOW);
      setup.advance(INSTALL_PROMPT_DISMISS_MS - 1);
      await setup.controller.check();
      expect(setup.shown()).toBeUndefined();
      setup.advance(1);
      await setup.controller.check();
      expect(setup.shown()).toBeDefined();
      controller?.stop();
    }
  });

  test("not shown when running installed, or before the service worker is active", async () => {
    const standalone = setUp({ standalone: true });
    standalone.target.dispatchEvent(offerEvent("accepted").event);
    await standalone.controller.check();
    expect(standalone.shown()).toBeUndefined();
    controller?.stop();

    const noWorker = setUp({ offlineReady: false });
    noWorker.target.dispatchEvent(offerEvent("accepted").event);
    await noWorker.controller.check();
    expect(noWorker.shown()).toBeUndefined();
  });

  test("the timer checks by itself; an appinstalled event removes the toast", async () => {
    const setup = setUp({ recheckMs: 20 });
    setup.target.dispatchEvent(offerEvent("accepted").event);
    for (let i = 0; i < 50 && !setup.shown(); i++) await Bun.sleep(10);
    expect(setup.shown()).toBeDefined();
    setup.target.dispatchEvent(new Event("appinstalled"));
    expect(setup.shown()).toBeUndefined();
    await Bun.sleep(60);
    expect(setup.shown()).toBeUndefined();
    expect(setup.dismissedAt()).toBeNull();
  });
});
