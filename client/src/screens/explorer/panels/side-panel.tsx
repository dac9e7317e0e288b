// A panel sliding in from the right (the task manager, the file basket): a Headless UI dialog, so
// focus moves in and returns, Escape and a click outside close it. Full width on a phone. While it
// is open the toasts show inside it, above its body (components/feedback/toast-placement.ts). Also here: the
// toolbar button that opens a panel. Its texts are the panel's `<ns>.title`, and while it has nothing to
// list `<ns>.description` (what it is for), `<ns>.empty` and `<ns>.emptyHint` (how things get here).

import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx, iconButton } from "../../../components/class-names";
import { DialogCloseButton } from "../../../components/dialogs/dialog";
import { DIALOG_NAME_ATTRIBUTE, type DialogName, opensDialog } from "../../../components/dialogs/dialog-names";
import { ToastOutlet } from "../../../components/feedback/toaster";

export type SidePanelProps = {
  /** Its name in the registry of dialogs (components/dialogs/dialog-names.ts). */
  name: DialogName;
  open: boolean;
  onClose: () => void;
  ns: "explorer.basket" | "explorer.tasks";
  description?: ReactNode;
  children: ReactNode;
  /** Actions kept at the bottom while the body scrolls. */
  footer?: ReactNode;
  /** While the panel has nothing to list, what it says replaces the description, body and footer. */
  isEmpty: boolean;
  emptyIcon: PanelIcon;
  testId?: string;
};

type PanelIcon = (props: { className?: string }) => ReactNode;

export function SidePanel({
  name,
  open,
  onClose,
  ns,
  description,
  children,
  footer,
  isEmpty,
  emptyIcon,
  testId,
}: SidePanelProps) {
  const { t } = useTranslation();
  const empty = isEmpty ? { icon: emptyIcon, title: t(`${ns}.empty`), hint: t(`${ns}.emptyHint`) } : null;
  const shownDescription = isEmpty ? t(`${ns}.description`) : description;
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 backdrop-blur-[1px] transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none dark:bg-black/60"
      />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          data-testid={testId}
          {...{ [DIALOG_NAME_ATTRIBUTE]: name }}
          className={cx(
            "flex h-full w-full flex-col bg-white shadow-2xl ring-1 ring-slate-900/5 transition duration-200 ease-out data-closed:translate-x-full motion-reduce:transition-none sm:max-w-md dark:bg-slate-900 dark:ring-white/10",
          )}
        >
          <div className="flex shrink-0 items-start gap-3 border-b border-slate-200 px-4 py-4 sm:px-5 dark:border-slate-800">
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">
                {t(`${ns}.title`)}
              </DialogTitle>
              {shownDescription ? (
                <Description className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                  {shownDescription}
                </Description>
              ) : null}
            </div>
            <DialogCloseButton onClick={onClose} />
          </div>
          <ToastOutlet />
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-5">
            {empty ? <EmptyState {...empty} /> : children}
          </div>
          {footer && !empty ? (
            <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-5 dark:border-slate-800 dark:bg-slate-950">
              {footer}
            </div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A toolbar button opening a panel, with a count badge (hidden at zero). */
export function PanelButton({
  icon: Icon,
  label,
  count,
  isBusy,
  onClick,
  dialog,
  testId,
}: {
  icon: (props: { className?: string }) => ReactNode;
  label: string;
  count: number;
  isBusy?: boolean;
  onClick: () => void;
  /** The panel it opens. */
  dialog: DialogName;
  testId?: string;
}) {
  // The name is read from the content, the label and then the badge's count, so the name holds the
  // text a user sees on the button ("File basket 1": WCAG 2.5.3, label in name).
  return (
    <button
      type="button"
      className={cx(iconButton, "relative")}
      onClick={onClick}
      title={label}
      {...opensDialog(dialog)}
      data-testid={testId}
    >
      <Icon aria-hidden="true" className={cx("size-5", isBusy && "text-indigo-600 dark:text-indigo-300")} />
      <span className="sr-only">{label}</span>
      {count > 0 ? (
        <span
          className={cx(
            "absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[10px] leading-none font-bold text-white tabular-nums ring-2 ring-white dark:ring-slate-950",
            isBusy ? "bg-indigo-600 dark:bg-indigo-500" : "bg-slate-500",
          )}
          data-testid={testId ? `${testId}-badge` : undefined}
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </button>
  );
}

function EmptyState({ icon: Icon, title, hint }: { icon: PanelIcon; title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center py-10 text-center">
      <Icon className="size-10 text-slate-300 dark:text-slate-600" />
      <p className="mt-3 text-sm font-medium text-slate-900 dark:text-white">{title}</p>
      <p className="mt-1 max-w-xs text-sm text-slate-600 dark:text-slate-400">{hint}</p>
    </div>
  );
}
