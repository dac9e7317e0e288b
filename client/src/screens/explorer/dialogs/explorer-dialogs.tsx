// The explorer's small dialogs: a name (new folder, rename) and the delete confirmation.
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import { AppDialog, DialogFooter } from "../../../components/dialogs/dialog";
import { FormAlert, TextField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { entryNameProblem } from "../../../lib/explorer/explorer-paths";
import { explorerErrorMessage } from "../../../lib/explorer/fs-transfer";

export type NameDialogProps = {
  open: boolean;
  mode: "mkdir" | "rename";
  initialName: string;
  onClose: () => void;
  /** Resolves when done; a rejection shows its message in the dialog. */
  onSubmit: (name: string) => Promise<unknown>;
  /** Said above the form before the change is made (e.g. the entry backs a file share). */
  warning?: string | null;
};

/** A caution shown before a change that reaches beyond the explorer (file shares). */
function DialogWarning({ children }: { children: string }) {
  return (
    <p
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
      role="note"
      data-testid="share-warning"
    >
      {children}
    </p>
  );
}

export function NameDialog({ open, mode, initialName, onClose, onSubmit, warning }: NameDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      name="explorer-name"
      open={open}
      onClose={onClose}
      isBusy={busy}
      size="sm"
      icon={mode === "mkdir" ? PlusIcon : PencilIcon}
      title={mode === "mkdir" ? t("explorer.mkdir.title") : t("explorer.rename.title", { name: initialName })}
    >
      {open && warning ? <DialogWarning>{warning}</DialogWarning> : null}
      {open ? (
        <NameForm
          key={`${mode}-${initialName}`}
          mode={mode}
          initialName={initialName}
          onClose={onClose}
          onSubmit={onSubmit}
          onBusy={setBusy}
        />
      ) : null}
    </AppDialog>
  );
}

/** A dialog's request: pending while it runs, then done, or its failure's message kept for the dialog. */
function useDialogRequest(onBusy?: (busy: boolean) => void) {
  const errorMessage = useErrorMessage(explorerErrorMessage);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setBusy = (busy: boolean) => {
    setPending(busy);
    onBusy?.(busy);
  };
  const run = (request: () => Promise<unknown>, onDone: () => void) => {
    setBusy(true);
    setFailure(null);
    request()
      .then(onDone)
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => setBusy(false));
  };
  return { pending, failure, run, clearFailure: () => setFailure(null) };
}

function NameForm({
  mode,
  initialName,
  onClose,
  onSubmit,
  onBusy,
}: Omit<NameDialogProps, "open"> & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, failure, run } = useDialogRequest(onBusy);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = entryNameProblem(name);
    setProblem(key ? t(key) : null);
    if (key) return;
    if (mode === "rename" && name.trim() === initialName) {
      onClose();
      return;
    }
    run(() => onSubmit(name.trim()), onClose);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="name-form">
      {failure ? (
        <FormAlert title={mode === "mkdir" ? t("explorer.mkdir.failed") : t("explorer.rename.failed")}>
          {failure}
        </FormAlert>
      ) : null}
      <TextField
        label={mode === "mkdir" ? t("explorer.mkdir.label") : t("explorer.rename.label")}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setProblem(null);
        }}
        error={problem}
        autoComplete="off"
        spellCheck={false}
        name="entry-name"
        data-autofocus
      />
      <DialogFooter>
        <Button onClick={onClose} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="primary" isLoading={pending} data-testid="name-submit">
          {mode === "mkdir" ? t("explorer.mkdir.create") : t("explorer.rename.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}

export type DeleteEntriesDialogProps = {
  open: boolean;
  names: string[];
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  /** Said before the list: what else the delete changes (file shares). */
  warning?: string | null;
};

export function DeleteEntriesDialog({ open, names, onClose, onConfirm, warning }: DeleteEntriesDialogProps) {
  const { t } = useTranslation();
  const { pending, failure, run, clearFailure } = useDialogRequest();
  const close = () => {
    clearFailure();
    onClose();
  };
  const confirm = () => run(onConfirm, close);
  return (
    <ConfirmDialog
      name="explorer-delete"
      open={open}
      onClose={close}
      onConfirm={confirm}
      isPending={pending}
      title={
        names.length === 1
          ? t("explorer.delete.titleOne", { name: names[0] })
          : t("explorer.delete.titleMany", { count: names.length })
      }
      description={t("explorer.delete.description")}
      confirmLabel={t("explorer.delete.confirm")}
      confirmTestId="delete-confirm"
    >
      {warning ? <DialogWarning>{warning}</DialogWarning> : null}
      {names.length > 1 ? (
        <ul className="max-h-40 list-inside list-disc overflow-y-auto text-sm text-slate-700 dark:text-slate-300">
          {names.slice(0, 20).map((name) => (
            <li key={name} className="truncate">
              {name}
            </li>
          ))}
          {names.length > 20 ? <li>{t("explorer.delete.more", { count: names.length - 20 })}</li> : null}
        </ul>
      ) : null}
      {failure ? (
        <div className="mt-3">
          <FormAlert title={t("explorer.delete.failed")}>{failure}</FormAlert>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
