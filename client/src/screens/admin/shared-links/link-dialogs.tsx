// The two questions about a link: extend it (a new expiry counted from now) and revoke it (the link dies;
// a file or folder shared in place stays, a set's files go with it). Pastes and file shares are extended
// here too, through their own update (docs/admin-lists.md, "Extend"); they are deleted, not revoked.
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import NoSymbolIcon from "@heroicons/react/24/outline/NoSymbolIcon";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/dialogs/confirm-dialog";
import { DialogForm, FormDialog, type SaveHandlers, useFormDialog } from "../../../components/dialogs/form-dialog";
import { useFieldForm } from "../../../components/forms/use-field-form";
import { trpc } from "../../../lib/api/trpc";
import { expiryHours } from "../../../lib/pastes/expiry";
import type { RequestExpiryChoice } from "../../../lib/upload-requests/request-form";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { ExpirySelect } from "../upload-requests/request-form-dialog";

/**
 * The link a dialog is about: one shared in place (docs/path-shares.md), a set (docs/share-sets.md), a
 * paste or a file share.
 */
export type ManagedLink = { kind: "path" | "set" | "paste" | "file"; id: string };
/** The links that are revoked (a paste or a file share is deleted instead). */
type RevocableLink = ManagedLink & { kind: "path" | "set" };

type LinkDialogProps = { link: ManagedLink | null; open: boolean; onClose: () => void };

/** A new expiry `hours` from now as a date (a paste's update takes a date); null is never. */
function expiryDateIn(hours: number | null): Date | null {
  return hours === null ? null : new Date(Date.now() + hours * 3_600_000);
}

/** The extend and revoke calls of the link's kind, and the list each one changes. */
function useLinkCalls() {
  const utils = trpc.useUtils();
  const extendPath = trpc.shares.extend.useMutation();
  const extendSet = trpc.shareSets.extend.useMutation();
  const updatePaste = trpc.pastes.update.useMutation();
  const updateFile = trpc.files.update.useMutation();
  const revokePath = trpc.shares.revoke.useMutation();
  const revokeSet = trpc.shareSets.revoke.useMutation();
  return {
    extend: (link: ManagedLink, expiresIn: number | null, handlers: SaveHandlers<unknown>) => {
      switch (link.kind) {
        case "set":
          return extendSet.mutate({ id: link.id, expires_in: expiresIn }, handlers);
        case "path":
          return extendPath.mutate({ id: link.id, expires_in: expiresIn }, handlers);
        case "paste":
          return updatePaste.mutate({ id: link.id, expires_at: expiryDateIn(expiresIn) }, handlers);
        case "file":
          return updateFile.mutate({ id: link.id, expires_in: expiresIn }, handlers);
      }
    },
    revoke: (link: RevocableLink) => (link.kind === "set" ? revokeSet : revokePath),
    isRevoking: revokePath.isPending || revokeSet.isPending,
    invalidate: (link: ManagedLink) => {
      const lists = {
        set: utils.shareSets.list,
        path: utils.shares.list,
        paste: utils.pastes.list,
        file: utils.files.list,
      };
      void lists[link.kind].invalidate();
    },
  };
}

export function ExtendLinkDialog({ link, open, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name="shared-link-extend"
      open={open}
      onClose={onClose}
      icon={ClockIcon}
      title={t("sharedLinks.extend.title")}
      description={t("sharedLinks.extend.description")}
    >
      {link ? <ExtendForm link={link} /> : null}
    </FormDialog>
  );
}

function ExtendForm({ link }: { link: ManagedLink }) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const calls = useLinkCalls();
  const form = useFieldForm<{ expiresIn: RequestExpiryChoice }, never>(() => ({ expiresIn: "7d" }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dialog.isSaving) return;
    calls.extend(
      link,
      expiryHours(form.state.expiresIn),
      dialog.track<unknown>({
        onSuccess: () => {
          calls.invalidate(link);
          dialog.finish(t("sharedLinks.extend.done"));
        },
        onError: (error) => form.showServerError(error, () => null),
      }),
    );
  };
  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={t("sharedLinks.extend.submit")}
      submitTestId="shared-link-extend-submit"
    >
      <ExpirySelect
        label={t("sharedLinks.extend.expiry")}
        value={form.state.expiresIn}
        onChange={(expiresIn) => form.change({ expiresIn })}
      />
    </DialogForm>
  );
}

export function RevokeLinkDialog({
  link,
  open,
  onClose,
}: Omit<LinkDialogProps, "link"> & { link: RevocableLink | null }) {
  const { t } = useTranslation();
  const calls = useLinkCalls();
  const outcome = useToastOutcome();
  return (
    <ConfirmDialog
      name="shared-link-revoke"
      open={open}
      onClose={onClose}
      icon={NoSymbolIcon}
      title={t("sharedLinks.revoke.title")}
      description={t(link?.kind === "set" ? "sharedLinks.revoke.setDescription" : "sharedLinks.revoke.description")}
      confirmLabel={t("sharedLinks.revoke.confirm")}
      isPending={calls.isRevoking}
      isConfirmDisabled={!link}
      confirmTestId="shared-link-revoke-confirm"
      onConfirm={() => {
        if (!link) return;
        const handlers = outcome(t("sharedLinks.revoke.done"), () => calls.invalidate(link));
        calls.revoke(link).mutate(
          { id: link.id },
          {
            ...handlers,
            onSuccess: () => {
              handlers.onSuccess();
              onClose();
            },
          },
        );
      }}
    />
  );
}
