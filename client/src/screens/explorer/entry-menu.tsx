// Each explorer row's own menu (docs/product.md §1): a "⋯" button at the row's end, also opened by a right
// click or a long press on the row, listing what can be done with that one entry. The toolbar stays
// for what is selected. A Headless UI Menu: arrow keys, Escape and focus return come with it.

import { Menu, MenuButton, MenuItem, MenuItems, Portal } from "@headlessui/react";
import EllipsisHorizontalIcon from "@heroicons/react/24/outline/EllipsisHorizontalIcon";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import {
  type ComponentType,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import { cx, iconButton } from "../../components/class-names";
import { type DialogName, opensDialogOrNot } from "../../components/dialogs/dialog-names";
import type { IconProps } from "../../components/icons";
import { mainMenuLayer } from "../../components/layout/app-shell";

export type EntryAction = {
  id: string;
  label: string;
  icon: ComponentType<IconProps>;
  onSelect: () => void;
  isDanger?: boolean;
  /** The dialog it opens, if it opens one. */
  dialog?: DialogName;
};

/** How long a touch must rest on a row to open its menu, as phones do for context menus. */
const LONG_PRESS_MS = 500;
/** A finger that drifts further than this is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10;

/**
 * The handlers that open a row's menu from the row itself: right click, and a long press with a
 * finger. Both only press the row's menu button, so the menu behaves the same however it opened.
 */
export function useRowMenuTrigger() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  // A row that leaves mid-press (the listing refreshed) opens nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleanup only
  useEffect(() => cancel, []);
  const open = () => {
    const button = buttonRef.current;
    if (button && button.getAttribute("aria-expanded") !== "true") button.click();
  };
  const openFromLongPress = () => {
    cancel();
    open();
    // The finger still rests on the row. Lifting it must not count as a tap outside the menu (which
    // closes it) nor as a tap on the row's link: the lift is swallowed before anything sees it.
    window.addEventListener("touchend", (event) => event.preventDefault(), { capture: true, once: true });
  };
  return {
    buttonRef,
    rowHandlers: {
      onContextMenu: (event: MouseEvent) => {
        if (!buttonRef.current) return;
        event.preventDefault();
        // Android reports a long press as a context menu too, maybe before our own timer: one menu opens.
        if (press.current) openFromLongPress();
        else open();
      },
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType !== "touch") return;
        cancel();
        press.current = { timer: setTimeout(openFromLongPress, LONG_PRESS_MS), x: event.clientX, y: event.clientY };
      },
      onPointerMove: (event: PointerEvent) => {
        const start = press.current;
        if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > LONG_PRESS_SLOP_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
    },
  };
}

export function EntryMenu({
  entry,
  actions,
  buttonRef,
}: {
  entry: FsEntry;
  actions: readonly EntryAction[];
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  const label = t("explorer.rowMenu.label", { name: entry.name });
  return (
    <Portal.Group target={mainMenuLayer}>
      <Menu>
        <MenuButton
          ref={buttonRef}
          className={cx(iconButton, "size-10 shrink-0 data-open:bg-slate-100 sm:size-8 dark:data-open:bg-slate-800")}
          aria-label={label}
          title={label}
          data-testid="entry-menu-button"
        >
          <EllipsisHorizontalIcon className="size-5" />
        </MenuButton>
        {/* Not modal: a menu button's list leaves the rest of the page readable (no inert page, no lost heading). */}
        <MenuItems
          anchor="bottom end"
          modal={false}
          transition
          className="z-50 min-w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out [--anchor-gap:4px] focus:outline-none data-closed:scale-95 data-closed:opacity-0 dark:bg-slate-800 dark:ring-white/10"
          data-testid="entry-menu"
        >
          {actions.map((action) => (
            <MenuItem key={action.id}>
              <button
                type="button"
                onClick={action.onSelect}
                className={cx(
                  "flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700",
                  action.isDanger ? "text-red-700 dark:text-red-300" : "text-slate-800 dark:text-slate-100",
                )}
                {...opensDialogOrNot(action.dialog ?? null)}
                data-testid={`entry-action-${action.id}`}
              >
                <action.icon className="size-4.5 shrink-0" />
                {action.label}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </Portal.Group>
  );
}

/** A listing's row (or grid tile) that opens its menu on right click and long press. */
export function MenuRow({
  entry,
  actions,
  className,
  menuClassName,
  children,
}: {
  entry: FsEntry;
  actions: readonly EntryAction[];
  className: string;
  menuClassName: string;
  children: ReactNode;
}) {
  const { buttonRef, rowHandlers } = useRowMenuTrigger();
  return (
    // Right click and long press are shortcuts to the row's menu button, which keyboards reach directly.
    <li
      // No callout or text selection under a long press on touch screens: it opens the menu. The row
      // whose menu is open stays marked, since the menu may open above or below it.
      className={cx(
        className,
        actions.length > 0 &&
          "[-webkit-touch-callout:none] pointer-coarse:select-none has-[[data-open]]:bg-slate-100 dark:has-[[data-open]]:bg-slate-800/60",
      )}
      data-testid="entry"
      data-name={entry.name}
      {...(actions.length > 0 ? rowHandlers : {})}
    >
      {children}
      {actions.length > 0 ? (
        <span className={menuClassName}>
          <EntryMenu entry={entry} actions={actions} buttonRef={buttonRef} />
        </span>
      ) : null}
    </li>
  );
}
