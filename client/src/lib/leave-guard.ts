// Asks before the user leaves a screen that holds something found nowhere else (an encrypted share's
// only link): closing or reloading the tab gets the browser's own question, a link inside the app and
// the screen's own buttons wait for the screen's confirmation.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";

export type LeaveGuard = {
  /** What waits for the user's answer (null: nothing asked). */
  isAsking: boolean;
  /** Runs `action` now, or once the user agrees to leave while guarded. */
  guard: (action: () => void) => void;
  leave: () => void;
  stay: () => void;
};

export function useLeaveGuard(isGuarded: boolean): LeaveGuard {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!isGuarded) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    // A click on a link of the app, caught before the router sees it.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === "_blank" || anchor.hasAttribute("download"))
        return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => navigateRef.current(`${url.pathname}${url.search}${url.hash}`));
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [isGuarded]);

  return {
    isAsking: pending !== null,
    guard: (action) => (isGuarded ? setPending(() => action) : action()),
    leave: () => {
      const action = pending;
      setPending(null);
      action?.();
    },
    stay: () => setPending(null),
  };
}
