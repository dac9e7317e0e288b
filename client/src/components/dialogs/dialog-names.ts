// The app's dialogs and drawers by name, in one list: each dialog's panel carries its name and each
// control that opens one says so, which screen readers announce ("opens dialog") and from which the
// accessibility audit (client/e2e/app/a11y.spec.ts) finds, opens and checks every dialog on every screen.
export const DIALOG_NAMES = [
  // The mount explorer.
  "explorer-preview",
  "explorer-name",
  "explorer-delete",
  "explorer-copy",
  "explorer-share",
  "explorer-text-editor",
  "explorer-basket",
  "explorer-tasks",
  // Home's share result: leaving an encrypted link before copying it.
  "paste-leave",
  // The live clipboard.
  "clipboard-close",
  // The admin's modules.
  "paste-preview",
  "paste-edit",
  "paste-delete",
  "paste-clear-expired",
  "file-edit",
  "file-delete",
  "upload-request-form",
  "upload-request-extend",
  "upload-request-webhook",
  "upload-request-close",
  "shared-link-extend",
  "shared-link-revoke",
  "storage-form",
  "storage-test",
  "storage-delete",
  "mount-form",
  "mount-delete",
  "key-form",
  "key-reveal",
  "key-delete",
  "backup-delete",
  "task-files",
  "job-runs",
] as const;

export type DialogName = (typeof DIALOG_NAMES)[number];

/** The attribute a dialog's panel names itself with. */
export const DIALOG_NAME_ATTRIBUTE = "data-dialog";
/** The attribute a control that opens a dialog names it with. */
export const OPENS_DIALOG_ATTRIBUTE = "data-opens-dialog";

/** Spread on a button that opens the named dialog. */
export function opensDialog(name: DialogName) {
  return { "aria-haspopup": "dialog", [OPENS_DIALOG_ATTRIBUTE]: name } as const;
}

/** opensDialog for a control that may open none. */
export function opensDialogOrNot(name: DialogName | null) {
  return name ? opensDialog(name) : {};
}
