// Class strings shared by several controls, so buttons in the bar, menus and screens look alike.
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400";

export const iconButton = `inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

/** A white card on the page: the surface of panels, results and notices. */
export const cardSurface = "rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800";

/**
 * A file name in a list: whole on one line where its column has room, wrapped at any character where it
 * has not (names have few spaces), and cut with an ellipsis only after four lines (the whole name is in its title). Its min-content
 * width is one character, so a long name never widens its column or the page.
 */
export const fileNameText = "line-clamp-4 wrap-anywhere";

export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}
