import { useTranslation } from "react-i18next";
import type { SaveHandlers } from "../../../components/dialogs/form-dialog";
import { trpc } from "../../../lib/api/trpc";
import { ExtendDialog } from "../shared/extend-dialog";
import { EndLinkDialog } from "../shared/link-parts";

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
  const calls = useLinkCalls();
  return (
    <ExtendDialog
      name="shared-link-extend"
      ns="sharedLinks.extend"
      open={open}
      onClose={onClose}
      extend={link ? (expiresIn, handlers) => calls.extend(link, expiresIn, handlers) : null}
      onExtended={() => link && calls.invalidate(link)}
      submitTestId="shared-link-extend-submit"
    />
  );
}

export function RevokeLinkDialog({
  link,
  open,
  onClose,
}: Omit<LinkDialogProps, "link"> & { link: RevocableLink | null }) {
  const { t } = useTranslation();
  const calls = useLinkCalls();
  return (
    <EndLinkDialog
      ns="sharedLinks"
      open={open}
      onClose={onClose}
      description={link?.kind === "set" ? t("sharedLinks.revoke.setDescription") : undefined}
      end={link ? (handlers) => calls.revoke(link).mutate({ id: link.id }, handlers) : null}
      isPending={calls.isRevoking}
      onEnded={() => link && calls.invalidate(link)}
    />
  );
}
