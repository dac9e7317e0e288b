// Modal dialogs on Headless UI's Dialog: focus moves in and is trapped until it closes, Escape and a
// click outside close it (unless it is busy), focus returns to what opened it, and the title and
// description name it for screen readers.

import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx, iconButton } from "../class-names";
import { TOAST_AVOID_ATTRIBUTE } from "../feedback/toast-placement";
import { IconBadge } from "../icon-badge";
import type { IconProps } from "../icons";
import { DIALOG_NAME_ATTRIBUTE, type DialogName } from "./dialog-names";

export type AppDialogProps = {
  /** Its name in the registry of dialogs (dialog-names.ts). */
  name: DialogName;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  icon?: ComponentType<IconProps>;
  tone?: "default" | "danger" | "success";
  size?: "sm" | "md" | "lg";
  /** While true, Escape and outside clicks do nothing (a request is running). */
  isBusy?: boolean;
  /** False: only the dialog's own buttons close it (Escape and outside clicks do not), for a
   * dialog whose content would be lost, such as a key shown once. */
  dismissible?: boolean;
  children: ReactNode;
  footer?: ReactNode;
};

const ICON_TONES = { default: "indigo", danger: "red", success: "emerald" } as const;

const SIZES = { sm: "sm:max-w-md", md: "sm:max-w-lg", lg: "sm:max-w-2xl" };

export function AppDialog({
  name,
  open,
  onClose,
  title,
  description,
  icon,
  tone = "default",
  size = "md",
  isBusy = false,
  dismissible = true,
  children,
  footer,
}: AppDialogProps) {
  const close = () => {
    if (!isBusy) onClose();
  };
  return (
    <Dialog open={open} onClose={() => (dismissible ? close() : undefined)} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 backdrop-blur-[2px] transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none dark:bg-black/70"
      />
      <div className="fixed inset-0 w-screen">
        <div className="flex h-full items-end justify-center p-2 sm:items-center sm:p-6">
          <DialogPanel
            transition
            // Toasts keep clear of an open dialog (toast-placement.ts).
            {...{ [TOAST_AVOID_ATTRIBUTE]: "", [DIALOG_NAME_ATTRIBUTE]: name }}
            className={cx(
              // The panel never outgrows the screen: the title stays on top, the body scrolls, and
              // the footer (sticky) stays reachable at the bottom.
              "relative flex max-h-full w-full flex-col overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-900/5 transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none sm:data-closed:translate-y-0 sm:data-closed:scale-95 dark:bg-slate-900 dark:ring-white/10",
              SIZES[size],
            )}
          >
            <div className="flex shrink-0 items-start gap-4 px-5 pt-5 pb-1 sm:px-6 sm:pt-6">
              {icon ? <IconBadge icon={icon} tone={ICON_TONES[tone]} hasRing /> : null}
              <div className="min-w-0 flex-1 pt-1">
                <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
                {description ? (
                  <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</Description>
                ) : null}
              </div>
              <DialogCloseButton onClick={close} disabled={isBusy} />
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-4 pb-5 sm:px-6 sm:pb-6">
              {children}
              {footer ? <DialogFooter className="mt-6">{footer}</DialogFooter> : null}
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** The button row at the bottom of a dialog; a form in the dialog puts it inside itself, so its
 * submit button submits it. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cx(
        "sticky -bottom-5 z-10 -mx-5 -mb-5 sm:-bottom-6 flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-4 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6 dark:border-slate-800 dark:bg-slate-950",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The × at the top right of a dialog or a side panel. */
export function DialogCloseButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(iconButton, "-mt-1 -mr-2")}
      aria-label={t("common.close")}
      disabled={disabled}
    >
      <XMarkIcon className="size-5" />
    </button>
  );
}
