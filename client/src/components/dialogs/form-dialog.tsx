// A dialog around one form (create or edit): it stays open while the form saves, and the form inside
// is keyed by the caller so that it starts from fresh state for each item it edits. The form reaches
// the dialog through useFormDialog (close it, say that a save runs) instead of props handed down.
import type { ComponentType, FormEvent, ReactNode, RefObject } from "react";
import { createContext, use, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrors } from "../../lib/form-messages";
import { Button } from "../button";
import { toast } from "../feedback/toast-store";
import { FormAlert } from "../forms/form-controls";
import type { FieldForm } from "../forms/use-field-form";
import type { IconProps } from "../icons";
import { AppDialog, DialogFooter } from "./dialog";
import type { DialogName } from "./dialog-names";

export type FormDialogProps = {
  name: DialogName;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  icon: ComponentType<IconProps>;
  /** The form, rendered only while the dialog is open. */
  children: ReactNode;
};

/** The callbacks of a save request (a tRPC mutation's `mutate` options). */
export type SaveHandlers<Data> = {
  onSuccess: (data: Data) => void;
  onError: (error: unknown) => void;
  onSettled?: () => void;
};

export type FormDialogControls = {
  isSaving: boolean;
  close: () => void;
  /** Says the item was saved and closes the dialog. */
  finish: (savedMessage: string) => void;
  /** Wraps a save request's callbacks so that the dialog cannot be dismissed while it runs. */
  track: <Data>(handlers: SaveHandlers<Data>) => SaveHandlers<Data>;
};

const FormDialogContext = createContext<FormDialogControls | null>(null);

export function FormDialog({ children, ...frame }: FormDialogProps) {
  const [isSaving, setIsSaving] = useState(false);
  const controls: FormDialogControls = {
    isSaving,
    close: frame.onClose,
    finish: (savedMessage) => {
      toast.success(savedMessage);
      frame.onClose();
    },
    track: ({ onSettled, ...handlers }) => {
      setIsSaving(true);
      return {
        ...handlers,
        onSettled: () => {
          setIsSaving(false);
          onSettled?.();
        },
      };
    },
  };
  return (
    <AppDialog {...frame} isBusy={isSaving} size="lg">
      <FormDialogContext value={controls}>{frame.open ? children : null}</FormDialogContext>
    </AppDialog>
  );
}

/** The FormDialog the calling form is in. */
export function useFormDialog(): FormDialogControls {
  const controls = use(FormDialogContext);
  if (!controls) throw new Error("useFormDialog: the form is not inside a FormDialog");
  return controls;
}

/** What a form's check gives: the request to send, or the messages to show at the fields. */
export type FormCheck<Payload, Field extends string> =
  | { ok: true; payload: Payload }
  | { ok: false; errors: FieldErrors<Field> };

/** Wraps what a sent request does on success into callbacks the dialog tracks (see `useDialogSubmit`). */
export type TrackSave = <Data>(onSuccess: (data: Data) => void) => SaveHandlers<Data>;

/**
 * The submit of a form in a FormDialog: nothing while a save runs; otherwise `check` runs, its
 * messages go to their fields, and a clean payload goes to `send`, whose request callbacks `track`
 * makes: the dialog cannot be dismissed while it runs, and a refusal goes to `onError`.
 */
export function useDialogSubmit<Field extends string>(
  form: Pick<FieldForm<unknown, Field>, "check">,
  onError: (error: unknown) => void,
) {
  const dialog = useFormDialog();
  return <Payload,>(check: () => FormCheck<Payload, Field>, send: (payload: Payload, track: TrackSave) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (dialog.isSaving) return;
      const result = check();
      if (!form.check(result.ok ? {} : result.errors) || !result.ok) return;
      send(result.payload, (onSuccess) => dialog.track({ onSuccess, onError }));
    };
}

export type DialogFormProps = {
  /** The form's state (useFieldForm): where the focus goes to a field to fix, and a form-level message. */
  form: { formRef: RefObject<HTMLFormElement | null>; formError: string | null };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The title over a form-level message (what the server said). */
  failedTitle?: string;
  submitLabel: ReactNode;
  testId?: string;
  submitTestId?: string;
  children: ReactNode;
};

/** The form of a FormDialog: a message from the server above the fields, cancel and submit below. */
export function DialogForm({
  form,
  onSubmit,
  failedTitle,
  submitLabel,
  testId,
  submitTestId,
  children,
}: DialogFormProps) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid={testId}>
      {form.formError ? <FormAlert title={failedTitle}>{form.formError}</FormAlert> : null}
      {children}
      <DialogFooter>
        <Button onClick={dialog.close} disabled={dialog.isSaving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="primary" isLoading={dialog.isSaving} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
