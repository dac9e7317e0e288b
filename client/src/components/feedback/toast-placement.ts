// Where the toasts go so they never cover what the user is about to press (docs/product.md §4):
// elements marked `data-toast-avoid` (primary buttons, open dialogs, panels the user reads) are
// obstacles, and the stack takes the first screen corner whose box misses all of them. An open menu
// marked `data-toast-avoid="hold"` (a phone's main menu, the admin module menu) is never covered:
// when it leaves no corner free, as a long menu on a phone does, the toasts wait until it closes. A
// side panel (the task drawer) instead hosts the toasts inside its own layout (the toast outlet), so
// they push its content down rather than lying over it.

export const TOAST_AVOID_ATTRIBUTE = "data-toast-avoid";
/** The attribute's value on an open menu: toasts wait rather than lie over it. */
export const TOAST_HOLD = "hold";

export type ToastPlacement = "bottom-end" | "bottom-start" | "top-end" | "top-start";

/** Wide screens try the corners in this order; phones (a full-width stack) only top, then bottom. */
export const WIDE_PLACEMENTS: readonly ToastPlacement[] = ["bottom-end", "bottom-start", "top-end", "top-start"];
export const NARROW_PLACEMENTS: readonly ToastPlacement[] = ["top-end", "bottom-end"];
/** Tailwind's `sm`: below it the stack spans the width. */
export const WIDE_MIN_WIDTH = 640;
/** The sticky site header's height: the top corners start below it, so navigation stays usable. */
export const HEADER_HEIGHT = 64;

export type Box = { left: number; top: number; right: number; bottom: number };
/** An obstacle's box; `hold`: an open menu the toasts must not cover even when no corner is free. */
export type Obstacle = Box & { hold?: boolean };

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The box a stack of `size` would take at `placement` in a viewport of `viewport`. */
export function boxAt(
  placement: ToastPlacement,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): Box {
  const isTop = placement.startsWith("top");
  const isEnd = placement.endsWith("end");
  const width = Math.min(size.width, viewport.width);
  const top = isTop ? HEADER_HEIGHT : viewport.height - size.height;
  const left = isEnd ? viewport.width - width : 0;
  return { left, top, right: left + width, bottom: top + size.height };
}

/** The first placement clear of every obstacle; when none is, the one covering the least. */
export function choosePlacement(
  candidates: readonly ToastPlacement[],
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  obstacles: readonly Box[],
): ToastPlacement {
  let best = candidates[0] ?? "bottom-end";
  let bestCovered = Number.POSITIVE_INFINITY;
  for (const placement of candidates) {
    const box = boxAt(placement, size, viewport);
    const covered = obstacles.reduce((sum, obstacle) => sum + overlap(box, obstacle), 0);
    if (covered === 0) return placement;
    if (covered < bestCovered) {
      best = placement;
      bestCovered = covered;
    }
  }
  return best;
}

/**
 * Where the stack goes, and whether it must wait (`held`): when even the chosen corner covers an open
 * menu, showing the toasts would hide what the user is reading, so they show once it closes.
 */
export function placeToasts(
  candidates: readonly ToastPlacement[],
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  obstacles: readonly Obstacle[],
): { placement: ToastPlacement; held: boolean } {
  const placement = choosePlacement(candidates, size, viewport, obstacles);
  const box = boxAt(placement, size, viewport);
  return { placement, held: obstacles.some((obstacle) => obstacle.hold && overlap(box, obstacle) > 0) };
}

/** The boxes of the visible obstacles on the page now. */
export function obstacleBoxes(root: ParentNode = document): Obstacle[] {
  const boxes: Obstacle[] = [];
  for (const element of root.querySelectorAll(`[${TOAST_AVOID_ATTRIBUTE}]`)) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const hold = element.getAttribute(TOAST_AVOID_ATTRIBUTE) === TOAST_HOLD;
    boxes.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom, hold });
  }
  return boxes;
}

// ---- The outlet: a side panel that hosts the toasts while it is open -----------------------------

let outlet: HTMLElement | null = null;
const outletListeners = new Set<() => void>();
const publishOutlet = (next: HTMLElement | null) => {
  outlet = next;
  for (const listener of outletListeners) listener();
};

export const toastOutlet = {
  claim(element: HTMLElement) {
    if (outlet !== element) publishOutlet(element);
  },
  /** A panel closing frees only its own outlet (another may have opened meanwhile). */
  release(element: HTMLElement) {
    if (outlet === element) publishOutlet(null);
  },
  get: () => outlet,
  subscribe(listener: () => void) {
    outletListeners.add(listener);
    return () => {
      outletListeners.delete(listener);
    };
  },
};
